import { expect, test } from "@playwright/test";
import { SynoPage } from "./syno-page";

test("building conv2d by hand from the palette gives the preset's access", async ({ page }) => {
  const syno = new SynoPage(page);
  await syno.open("#/syno?chain=output 1, 2, 4, 4");
  const step = async (prim: string, constant: string | null, dims: string[]) => {
    if (constant !== null) await syno.type("syno-constant", constant);
    for (const d of dims) await syno.dimChip(d).click();
    await syno.primitive(prim).click();
    await expect(syno.paletteError()).toBeEmpty();
  };
  await step("reduce", "2", []); // c_in: d4
  await step("reduce", "3", []); // kernel rows: d5
  await step("reduce", "3", []); // kernel columns: d6
  await step("share", null, ["d4"]); // d7 (image), d8 (filter)
  await step("share", null, ["d5"]); // d9, d10
  await step("share", null, ["d6"]); // d11, d12
  await step("unfold", "3", ["d2", "d9"]); // d13
  await step("unfold", "3", ["d3", "d11"]); // d14
  // every step is a row with the dimensions after it
  await expect(syno.rows()).toHaveCount(9);
  await expect(syno.rows().last()).toContainText("Unfold(3) d3, d11 → d14");
  const program = syno.program();
  await program.press("ControlOrMeta+End");
  await program.pressSequentially("\ninputs d0 d7 d13 d14 | d1 d8 d10 d12");
  await expect(syno.error()).toBeEmpty();
  const access = await syno.access().innerText();
  expect(access).toContain("in0[0, r0, o2 + r1 - 1, o3 + r2 - 1] if");
  // the colours: the image's dimensions are in0's, the filter's in1's
  await expect(syno.rows().last().locator('.chip[data-tile="1"]')).toHaveCount(4);
  // the same as the preset
  await syno.preset().selectOption({ index: 1 });
  await expect(syno.access()).toHaveText(access);
  expect(syno.consoleErrors).toEqual([]);
});

test("an illegal Share says which rule fails, at which step", async ({ page }) => {
  const syno = new SynoPage(page);
  await syno.open();
  await syno.program().fill("output 2, 3\nreduce 4\nshare d2\ninputs d0 d3 d4 d1");
  await expect(syno.error()).toContainText("line 4: step 1:");
  await expect(syno.error()).toContainText(
    "share-disjoint: two input dimensions of Share shall not have common color",
  );
  await expect(syno.badRows()).toHaveCount(1);
  await expect(syno.badRows()).toContainText("Share d2 → d3, d4");
  // the last chain that built (the default matmul) stays shown, and nothing crashed
  await expect(syno.access()).toHaveText("in0[o0, r0]\nin1[r0, o1]");
  expect(syno.consoleErrors).toEqual([]);
});

test("hovering an output cell lights the input elements it reads, and back", async ({ page }) => {
  const syno = new SynoPage(page);
  await syno.open();
  await syno.preset().selectOption({ label: "matmul: Share + MapReduce" });
  await expect(syno.access()).toHaveText("in0[o0, r0]\nin1[r0, o1]");
  await syno.cell("syno-out", "(1,2)").hover();
  await expect(syno.litCells("syno-in0")).toHaveCount(4);
  await expect(syno.litCells("syno-in1")).toHaveCount(4);
  await expect(syno.cell("syno-in1", "(3,2)")).toHaveClass(/cell--lit/);
  await syno.cell("syno-in0", "(1,0)").hover();
  await expect(syno.litCells("syno-out")).toHaveCount(3);
  // the chain lives in the URL (this preset is the default chain, which the link leaves out)
  // and hands an input to the Shader page
  await expect(page).toHaveURL(/#\/syno\?v=1$/);
  await page.getByTestId("syno-shader-1").click();
  await expect(page.getByTestId("shader-code")).toContainText("input 1 (shape [4, 3]) of a Syno operator");
  await expect(page.getByTestId("shader-code")).toContainText("return Address(r0 * 3i + o1, true);");
  expect(syno.consoleErrors).toEqual([]);
});
