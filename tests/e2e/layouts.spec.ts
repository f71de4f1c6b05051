import { expect, test } from "@playwright/test";
import { LayoutsPage } from "./layouts-page";
import { ViewsPage } from "./views-page";

test("a CuTe layout shows L(i), its codomain, its properties, linked by hover", async ({ page }) => {
  const layouts = new LayoutsPage(page);
  await layouts.open("#/layouts?L=((4,4),4):((16,1),4)");
  await expect(layouts.pycute()).toHaveText("((4, 4), 4):((16, 1), 4)");
  await expect(layouts.prop("size")).toHaveText("64");
  await expect(layouts.prop("cosize")).toHaveText("64");
  await expect(layouts.prop("depth")).toHaveText("2");
  await expect(layouts.prop("tractable")).toContainText("yes:");
  // mode 0 runs down: row 1 is coordinate ((1,0),0) at 16, row 4 is ((0,1),0) at 1
  await expect(layouts.logicalCell("(1,0)")).toHaveAttribute("data-addr", "16");
  await expect(layouts.logicalCell("(4,0)")).toHaveAttribute("data-addr", "1");
  await layouts.logicalCell("(5,1)").hover();
  await expect(page.getByTestId("hover-info")).toHaveText("coordinate ((1,1),1) · index 21 → L(21) = 21");
  await expect(layouts.litMemoryCells()).toHaveAttribute("data-addr", "21");
  expect(layouts.consoleErrors).toEqual([]);
});

test("the grid's cells show L(i), the index i or the hierarchical coordinate, and the link keeps the choice", async ({ page }) => {
  const layouts = new LayoutsPage(page);
  await layouts.open("#/layouts?L=((4,4),4):((16,1),4)");
  const cell = layouts.logicalCell("(5,1)");
  await expect(cell).toHaveText(/^\s*21$/);
  // rows are named by mode 0's coordinates (4,4), columns by mode 1's
  const axis = page.getByTestId("logical-grid").locator(".cell--axis");
  await expect(axis.filter({ hasText: /^\(1,1\)$/ })).toHaveCount(1);
  await expect(axis.filter({ hasText: /^\s*3$/ })).toHaveCount(1);
  await page.getByTestId("cell-show").selectOption("index");
  await expect(cell).toHaveText(/^\s*21$/);
  await expect(layouts.logicalCell("(1,0)")).toHaveText(/^\s*1$/);
  await page.getByTestId("cell-show").selectOption("coord");
  await expect(cell).toHaveText("((1,1),1)");
  await expect(page).toHaveURL(/show=coord/);
  // hovering still links the cell to the memory it reads
  await cell.hover();
  await expect(layouts.litMemoryCells()).toHaveAttribute("data-addr", "21");
  await page.reload();
  await expect(page.getByTestId("cell-show")).toHaveValue("coord");
  await expect(layouts.logicalCell("(4,0)")).toHaveText("((0,1),0)");
  expect(layouts.consoleErrors).toEqual([]);
});

test("pycute notation is accepted, bad notation is refused at the field, and the URL follows", async ({ page }) => {
  const layouts = new LayoutsPage(page);
  await layouts.open();
  await layouts.input().fill("(2, (2, 3)):(1, (4, 8))");
  await expect(layouts.cute()).toHaveText("(2,(2,3)):(1,(4,8))");
  await expect(page).toHaveURL(/L=\(2,\(2,3\)\):\(1,\(4,8\)\)/);
  await layouts.input().fill("(2,2):(3,2)");
  await expect(layouts.prop("tractable")).toContainText("no:");
  await expect(layouts.prop("tractable")).toContainText("does not divide");
  // the modes sorted by stride, the pair that fails marked
  const chain = page.getByTestId("tractable-chain");
  await expect(chain.locator("mark")).toHaveText(["2:2", "2:3"]);
  await layouts.input().fill("(2,2,2):(1,7,4)");
  await expect(chain.locator("code")).toHaveText(["2:1"]);
  await expect(chain.locator("mark")).toHaveText(["2:4", "2:7"]);
  await layouts.input().fill("(2,2):(3,2)");
  await layouts.input().fill("(2,2):(3");
  await expect(layouts.error()).toContainText("expected");
  await expect(layouts.input()).toHaveAttribute("aria-invalid", "true");
  await expect(layouts.cute()).toHaveText("(2,2):(3,2)");
  expect(layouts.consoleErrors).toEqual([]);
});

test("a layout converts to a view and a morphism diagram, and a view to a layout", async ({ page }) => {
  const layouts = new LayoutsPage(page);
  const views = new ViewsPage(page);
  await layouts.open("#/layouts?L=(4,8):(1,4)");
  await expect(page.getByTestId("export-pycute")).toContainText("L = Layout((4, 8), (1, 4))");
  await expect(layouts.prop("view")).toContainText("View(shape=(8, 4), strides=(4, 1)");
  await page.getByTestId("open-morphism").click();
  await expect(page.getByTestId("morphism-text")).toHaveText("(4,8) --(1, 2)--> (4,8)");
  await expect(page.getByTestId("encoded-layout")).toHaveText("(4,8):(1,4)");
  await page.goBack();
  await page.getByTestId("open-view").click();
  // modes reversed into row-major dims: (4,8):(1,4) is View(shape=(8, 4), strides=(4, 1))
  await expect(views.logicalCell("(1,2)")).toHaveAttribute("data-addr", "6");
  await expect(page.getByTestId("export-layout")).toContainText("(4,8):(1,4)");
  await views.type("stride-0", "-1");
  await expect(page.getByTestId("export-layout")).toContainText("none:");
  await layouts.open("#/layouts?L=((2,2),2):((1,4),2)");
  await expect(layouts.prop("view")).toContainText("nested modes flattened");
  expect(views.consoleErrors).toEqual([]);
});

test("copy puts the pycute snippet on the clipboard and says so", async ({ page, context }) => {
  const layouts = new LayoutsPage(page);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await layouts.open("#/layouts?L=(4,8):(1,4)");
  await expect(page.getByTestId("layouts-copy-status")).toBeEmpty();
  await layouts.openMore("more-pycute");
  await page.getByTestId("copy-pycute").click();
  await expect(page.getByTestId("layouts-copy-status")).toHaveText("copied");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain("L = Layout((4, 8), (1, 4))");
  expect(layouts.consoleErrors).toEqual([]);
});
