import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { MorphismsPage } from "./morphisms-page";

test("draw a morphism, hover an arrow, and a bad map keeps the last diagram", async ({ page }) => {
  const morphisms = new MorphismsPage(page);
  await morphisms.open();
  await morphisms.typeMorphism("((5,5),8)", "(5,8,5)", "(1,3,2)");
  await expect(morphisms.text()).toHaveText("((5,5),8) --(1, 3, 2)--> (5,8,5)");
  await expect(morphisms.encodedLayout()).toHaveText("((5,5),8):((1,40),5)");
  const diagram = morphisms.diagram();
  // three domain leaves, a tree with two roots, three codomain entries, three arrows
  await expect(diagram.locator("[data-testid^=arrow-0-]")).toHaveCount(3);
  await expect(diagram.locator(".diagram__root")).toHaveCount(2);
  // arrows 2 and 3 cross at their midpoints: hover arrow 2 near its start, 10% along it
  const arrow = diagram.getByTestId("arrow-hit-0-1");
  const box = await arrow.boundingBox();
  if (!box) throw new Error("the arrow has no box");
  await arrow.hover({ position: { x: 0.1 * box.width, y: 0.9 * box.height } });
  await expect(page.getByTestId("morphism-hover")).toHaveText(
    "domain entry 2 = 5 → codomain entry 3; layout mode 5:40",
  );
  await expect(page.getByTestId("mode-1")).toHaveClass(/mode-chip--lit/);
  await expect(morphisms.litLogicalCells()).toHaveAttribute("data-addr", "40");
  // the reverse: a layout mode lights its arrow
  await page.getByTestId("mode-2").hover();
  await expect(diagram.getByTestId("arrow-0-2")).toHaveClass(/diagram__arrow--lit/);
  // * leaves draw no arrow
  await morphisms.type("morphism-map", "(1,*,2)");
  await expect(diagram.locator("[data-testid^=arrow-0-]")).toHaveCount(2);
  await expect(morphisms.encodedLayout()).toHaveText("((5,5),8):((1,0),5)");
  await morphisms.type("morphism-map", "(2,3,1)");
  await expect(page.getByTestId("error-map")).not.toBeEmpty();
  await expect(morphisms.text()).toHaveText("((5,5),8) --(1, 0, 2)--> (5,8,5)");
  expect(morphisms.consoleErrors).toEqual([]);
});

test("a tractable layout loads its standard representation; a non-tractable one says why", async ({ page }) => {
  const morphisms = new MorphismsPage(page);
  await morphisms.open();
  await morphisms.type("from-layout", "(2,2,2):(1,2,4)");
  await expect(morphisms.text()).toHaveText("(2,2,2) --(1, 2, 3)--> (2,2,2)");
  await morphisms.type("from-layout", "(2,2,2):(1,7,4)");
  await expect(page.getByTestId("error-from-layout")).toContainText("not tractable");
  await expect(morphisms.text()).toHaveText("(2,2,2) --(1, 2, 3)--> (2,2,2)");
  expect(morphisms.consoleErrors).toEqual([]);
});

const operations = [
  ["compose", "((2,2),(2,2)) --(2, 0, 4, 3)--> (2,2,2,2)"],
  ["coalesce", "(4,100) --(1, 3)--> (4,2,100)"],
  ["complement", "(5,5) --(2, 4)--> (2,5,2,5)"],
  ["logical_divide", "((4,4),(8,8)) --(1, 3, 2, 4)--> (4,8,4,8)"],
  ["logical_product", "((2,2),(5,5)) --(1, 2, 4, 3)--> (2,2,5,5)"],
];

test("every Nest operation of §1.3 gives the paper's result and agrees with CuTe", async ({ page }) => {
  const morphisms = new MorphismsPage(page);
  await morphisms.open();
  for (const [op, result] of operations) {
    await morphisms.op().selectOption(op);
    await page.getByTestId("morphism-op-example").click();
    await expect(morphisms.opResult()).toHaveText(result);
    await expect(page.getByTestId("op-agree")).toHaveText(/^agree/);
    await expect(page.getByTestId("pasted-diagram")).toHaveCount(op === "compose" ? 1 : 0);
  }
  await morphisms.op().selectOption("compose");
  await page.getByTestId("morphism-op-example").click();
  // the chosen operation survives a reload from the link (written after the edit's frame);
  // compose with its example is the default state, which the link leaves out
  await expect(page).toHaveURL(/#\/morphisms\?v=1$/);
  await page.reload();
  await expect(morphisms.op()).toHaveValue("compose");
  await expect(page.getByTestId("pasted-diagram")).toHaveCount(1);
  await morphisms.type("morphism-g", "(3,3) --(1,2)--> (3,3)");
  await expect(page.getByTestId("op-error")).not.toBeEmpty();
  expect(morphisms.consoleErrors).toEqual([]);
});

const presets = [
  ["0", "A ∘ B = ((2,2)):((2,1))"],
  ["1", "A ∘ B = ((2,3),6):((6,72),1)"],
  ["2", "A ∘ B = ((2,3),6):((10,60),360)"],
  ["3", "A ∘ B = ((4,4),(2,2)):((2,64),(256,1))"],
];

test("Algorithm 4.1.3 steps through every preset to the paper's composite", async ({ page }) => {
  const morphisms = new MorphismsPage(page);
  await morphisms.open();
  for (const [preset, last] of presets) {
    await morphisms.walkPreset().selectOption(preset);
    await expect(morphisms.walkPosition()).toHaveText("step 1 of 6");
    await expect(morphisms.walkPrev()).toBeDisabled();
    for (let k = 2; k <= 6; k++) {
      await morphisms.walkNext().click();
      await expect(morphisms.walkPosition()).toHaveText(`step ${k} of 6`);
    }
    await expect(morphisms.walkNext()).toBeDisabled();
    await expect(morphisms.walkLines().locator("li").first()).toHaveText(last);
    await morphisms.walkPrev().click();
    await expect(page.getByTestId("walk-diagram")).toBeVisible();
  }
  // the resolved diagram (step 4) pastes three columns; the URL keeps the step
  await morphisms.walkPrev().click();
  await expect(morphisms.walkPosition()).toHaveText("step 4 of 6");
  await expect(page).toHaveURL(/&step=3/);
  await page.reload();
  await expect(morphisms.walkPosition()).toHaveText("step 4 of 6");
  await expect(page.getByTestId("walk-b")).toHaveValue("((4,4),4):((16,1),4)");
  await morphisms.type("walk-b", "(2,2):(3,2)");
  await expect(morphisms.walkError()).toContainText("not tractable");
  expect(morphisms.consoleErrors).toEqual([]);
});

test("the diagram exports as TikZ and as an SVG file", async ({ page }) => {
  const morphisms = new MorphismsPage(page);
  await morphisms.open("#/morphisms?f=(4,4)%20--(1,3)--%3E%20(4,2,4)");
  await expect(morphisms.text()).toHaveText("(4,4) --(1, 3)--> (4,2,4)");
  await page.locator("details.export summary").click();
  const tikz = page.getByTestId("export-tikz");
  await expect(tikz).toContainText("\\begin{tikzpicture}");
  await expect(tikz).toContainText("\\draw[maparrow] (s2.east) -- (t3.west);");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("download-svg").click(),
  ]);
  expect(download.suggestedFilename()).toBe("morphism.svg");
  const svg = readFileSync(await download.path(), "utf8");
  expect(svg.startsWith("<svg")).toBe(true);
  expect(svg.match(/marker-end/g)?.length).toBe(2);
  expect(morphisms.consoleErrors).toEqual([]);
});

async function downloaded(page: Page, testId: string): Promise<[string, string]> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId(testId).click()]);
  return [download.suggestedFilename(), readFileSync(await download.path(), "utf8")];
}

test("operation results and walkthrough steps draw their inputs and download as SVG and TikZ", async ({ page }) => {
  const morphisms = new MorphismsPage(page);
  await morphisms.open();
  // a divide draws g beside the result; the result downloads in both formats
  await morphisms.op().selectOption("logical_divide");
  await page.getByTestId("morphism-op-example").click();
  await expect(page.getByTestId("g-diagram")).toBeVisible();
  await expect(page.getByTestId("g-diagram").locator("[data-testid^=arrow-0-]")).toHaveCount(2);
  const [svgName, svg] = await downloaded(page, "result-svg");
  expect(svgName).toBe("result.svg");
  expect(svg.startsWith("<svg")).toBe(true);
  expect(svg.match(/marker-end/g)?.length).toBe(4);
  const [tikzName, tikz] = await downloaded(page, "result-tikz");
  expect(tikzName).toBe("result.tex");
  expect(tikz).toContain("\\begin{tikzpicture}");
  expect(tikz.match(/\\draw\[maparrow\]/g)?.length).toBe(4);
  // a coalesce draws f with its leaves coloured as the result entries they collapse into
  await morphisms.op().selectOption("coalesce");
  await page.getByTestId("morphism-op-example").click();
  const groups = (id: string) =>
    page.getByTestId(id).locator(".diagram__leaf").evaluateAll((gs) => gs.map((g) => g.getAttribute("data-tile")));
  await expect(page.getByTestId("f-diagram")).toBeVisible();
  expect(await groups("f-diagram")).toEqual(["0", "0", "1", "1"]);
  expect(await groups("result-diagram")).toEqual(["0", "1"]);
  const fill = (id: string, leaf: number) =>
    page.getByTestId(id).locator(`.diagram__leaf[data-leaf="${leaf}"] rect`).evaluate((r) => getComputedStyle(r).fill);
  expect(await fill("f-diagram", 3)).toBe(await fill("result-diagram", 1));
  expect(await fill("f-diagram", 0)).not.toBe(await fill("f-diagram", 3));
  // composition pastes f and g, downloadable as one picture
  await morphisms.op().selectOption("compose");
  await page.getByTestId("morphism-op-example").click();
  const [, pasted] = await downloaded(page, "pasted-svg");
  expect(pasted.startsWith("<svg")).toBe(true);
  const [, pastedTikz] = await downloaded(page, "pasted-tikz");
  expect(pastedTikz.match(/xrightarrow/g)?.length).toBe(2);
  expect(pastedTikz).toContain("(t1.east) -- (u");
  // the walkthrough's first step is one morphism: SVG and TikZ
  await morphisms.walkPreset().selectOption("1");
  const [stepName, step] = await downloaded(page, "walk-tikz");
  expect(stepName).toBe("walk.tex");
  expect(step).toContain("tikzpicture");
  expect(morphisms.consoleErrors).toEqual([]);
});

test("a diagram of 40 domain entries stays legible: no two entry boxes overlap", async ({ page }) => {
  const morphisms = new MorphismsPage(page);
  const n = 40;
  const tuple = `(${Array(n).fill(2).join(",")})`;
  const map = `(${Array.from({ length: n }, (_, i) => n - i).join(",")})`;
  await morphisms.open(`#/morphisms?f=${encodeURIComponent(`((${tuple}),) --${map}--> ${tuple}`)}`);
  const leaves = morphisms.diagram().locator(".diagram__leaf rect");
  await expect(leaves).toHaveCount(n);
  const boxes = await leaves.evaluateAll((rects) => rects.map((r) => r.getBoundingClientRect().toJSON()));
  boxes.sort((a, b) => a.top - b.top);
  for (let k = 1; k < n; k++) expect(boxes[k].top).toBeGreaterThanOrEqual(boxes[k - 1].bottom);
  // every label is at least 12 px tall text
  const fontSize = await morphisms.diagram().locator(".diagram__leaf text").first()
    .evaluate((t) => parseFloat(getComputedStyle(t).fontSize));
  expect(fontSize).toBeGreaterThanOrEqual(12);
  await expect(morphisms.diagram().locator("[data-testid^=arrow-0-]")).toHaveCount(n);
  expect(morphisms.consoleErrors).toEqual([]);
});
