import { expect, test } from "@playwright/test";
import { ViewsPage } from "./views-page";

// Issue 41: where a new user was misled. Each test does what that user did.

test("a large grid: each canvas under its own heading, one hover readout, a legend for the ramp", async ({ page }) => {
  const views = new ViewsPage(page);
  await page.goto("/#/views?shape=64,64&ops=permute:1,0");
  const canvas = page.getByTestId("canvas-grid");
  await expect(canvas).toBeVisible({ timeout: 30_000 });
  // every element is valid: nothing may say that none reaches memory
  await expect(page.getByText("No valid element reaches memory.")).toBeHidden();
  // one readout, the canvas's
  await expect(page.getByTestId("hover-info")).toBeHidden();
  await expect(page.getByTestId("canvas-hover-info")).toBeVisible();
  // "Logical (composed)" names the canvas right below it, "Memory" the strip
  const heading = page.getByRole("heading", { name: "Logical (composed)" });
  await expect(heading).toHaveCount(1);
  const [h, c] = [(await heading.boundingBox())!, (await canvas.boundingBox())!];
  expect(c.y).toBeGreaterThan(h.y);
  expect(c.y - (h.y + h.height)).toBeLessThan(100); // the canvas's one-line help between
  const memory = page.getByRole("heading", { name: "Memory" });
  await expect(memory).toHaveCount(1);
  expect((await memory.boundingBox())!.y).toBeLessThan(h.y);
  // the ramp says what it means: addresses 0 to 4,095
  const legend = page.getByTestId("colour-legend");
  await expect(legend).toContainText("address, lowest to highest");
  await expect(legend).toContainText("4095");
  expect(views.consoleErrors).toEqual([]);
});

test("strides nobody typed follow the sizes: tinygrad's two-view example reads 0 2 4 1 3 5", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open();
  await expect(page).not.toHaveURL(/strides=/);
  await views.type("shape-0", "3");
  await views.type("shape-1", "2");
  await views.applyOp("permute", "1,0");
  await views.applyOp("reshape", "3,2");
  await expect(views.viewCards()).toHaveCount(2);
  const addresses = () => views.cells("logical").evaluateAll((cells) => cells.map((c) => c.getAttribute("data-addr")));
  expect(await addresses()).toEqual(["0", "2", "4", "1", "3", "5"]);
  // typed strides stay when the sizes change; "make contiguous" blanks them
  await expect(page.getByTestId("make-contiguous")).toBeDisabled();
  await views.type("stride-0", "1");
  await views.type("stride-1", "3");
  await views.type("shape-1", "3");
  await expect(page).toHaveURL(/strides=1,3/);
  await page.getByTestId("make-contiguous").click();
  await expect(views.field("stride-0")).toHaveValue("");
  await expect(views.field("stride-1")).toHaveValue("");
  await expect(page).not.toHaveURL(/strides=/);
  await expect(page.getByTestId("canonical")).toContainText("strides=(3, 1)");
  expect(views.consoleErrors).toEqual([]);
});
