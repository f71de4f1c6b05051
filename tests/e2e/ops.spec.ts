import { expect, test } from "@playwright/test";
import { ViewsPage } from "./views-page";

test("every movement op applies from the toolbar and the composed grid follows", async ({ page }) => {
  const views = new ViewsPage(page);
  // base t[i][j] at 3i + j, shape (2,3)
  await views.open("#/views?shape=2,3");
  await views.applyOp("permute", "1,0"); // u[a][b] = t[b][a]
  await expect(views.logicalCell("(0,1)")).toHaveAttribute("data-addr", "3");
  await views.applyOp("flip", "0"); // v[a][b] = u[2-a][b]
  await expect(views.logicalCell("(0,0)")).toHaveAttribute("data-addr", "2");
  await expect(views.logicalCell("(0,1)")).toHaveAttribute("data-addr", "5");
  await views.applyOp("pad", "(1,0),(0,0)"); // w[a][b] = v[a-1][b], row 0 masked
  await expect(views.logicalCell("(0,0)")).toHaveAttribute("data-addr", "masked");
  await expect(views.logicalCell("(1,0)")).toHaveAttribute("data-addr", "2");
  await views.applyOp("shrink", "(1,4),(0,2)"); // x = v
  await expect(views.logicalCell("(0,0)")).toHaveAttribute("data-addr", "2");
  await views.applyOp("stride", "1,-1"); // y[a][b] = x[a][1-b]
  await expect(views.logicalCell("(0,0)")).toHaveAttribute("data-addr", "5");
  await views.applyOp("reshape", "1,6"); // z[0][k] = y[k/2][k%2]
  await expect(views.logicalCell("(0,1)")).toHaveAttribute("data-addr", "2");
  await views.applyOp("expand", "2,6"); // e[r][k] = z[0][k]
  await expect(views.logicalCell("(1,1)")).toHaveAttribute("data-addr", "2");
  await expect(page.getByTestId("history").locator('[data-testid^="step-"][data-testid$="-select"]')).toHaveCount(7);
  // the flip kept as typed, in the history and the link
  await expect(page.getByTestId("step-1")).toContainText("flip 0");
  await expect(page).toHaveURL(/ops=permute:1,0;flip:0;pad:/);
  expect(views.consoleErrors).toEqual([]);
});

test("a bad op argument is refused at the toolbar and nothing changes", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open("#/views?shape=2,3");
  await views.applyOp("reshape", "4,2");
  await expect(page.getByTestId("error-op")).toContainText("reshape");
  await expect(page.getByTestId("error-op")).toContainText("6 elements");
  await views.applyOp("permute", "0,x");
  await expect(page.getByTestId("error-op")).toContainText("not a whole number");
  await expect(views.field("op-argument")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("history").locator('[data-testid$="-select"]')).toHaveCount(0);
  await expect(views.logicalCell("(1,2)")).toHaveAttribute("data-addr", "5");
  expect(views.consoleErrors).toEqual([]);
});

test("tinygrad's transpose then reshape needs two views, by clicking", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open();
  await views.type("shape-0", "3");
  await views.type("shape-1", "2");
  await views.type("stride-0", "");
  await views.type("stride-1", "");
  await expect(page.getByTestId("canonical")).toHaveText(
    "View(shape=(3, 2), strides=(2, 1), offset=0, mask=None, contiguous=True)",
  );
  await views.applyOp("permute", "1,0");
  await expect(page.getByTestId("view-repr-0")).toHaveText(
    "View(shape=(2, 3), strides=(1, 2), offset=0, mask=None, contiguous=False)",
  );
  await views.applyOp("reshape", "3,2");
  await expect(views.viewCards()).toHaveCount(2);
  await expect(page.getByTestId("view-repr-1")).toHaveText(
    "View(shape=(3, 2), strides=(2, 1), offset=0, mask=None, contiguous=True)",
  );
  await expect(page.getByTestId("view-reason-1")).toContainText("could not express it");
  await expect(page.getByTestId("merge-verdict")).toContainText("not mergeable");
  // memory order 0 2 4 1 3 5, read row by row
  const expected = ["0", "2", "4", "1", "3", "5"];
  const cells = page.getByTestId("logical-cell");
  await expect(cells).toHaveCount(6);
  for (let i = 0; i < 6; i++) await expect(cells.nth(i)).toHaveAttribute("data-addr", expected[i]);
  await expect(page.getByTestId("expr-idx-tinygrad")).toContainText("ridx0");
  expect(views.consoleErrors).toEqual([]);
});

test("removing a history step recomputes the stack", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open("#/views?shape=3,2&ops=permute:1,0;reshape:3,2");
  await expect(views.viewCards()).toHaveCount(2);
  await page.getByTestId("step-0-remove").click();
  await expect(views.viewCards()).toHaveCount(1);
  await expect(views.logicalCell("(1,0)")).toHaveAttribute("data-addr", "2");
  await expect(page).toHaveURL(/ops=reshape:3,2&v=1$/);
  await page.getByTestId("step-0-select").click();
  await expect(page.getByTestId("step-0")).toHaveClass(/history__item--selected/);
  expect(views.consoleErrors).toEqual([]);
});

test("hovering links memory, every view of the stack and the composed grid", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open("#/views?shape=3,2&ops=permute:1,0;reshape:3,2");
  await views.viewCell(0, "(0,2)").hover(); // the transposed view's cell reading address 4
  await expect(views.litMemoryCells()).toHaveAttribute("data-addr", "4");
  await expect(views.litLogicalCells()).toHaveCount(1);
  await expect(views.litLogicalCells()).toHaveAttribute("data-coord", "(1,0)");
  await expect(page.locator('[data-testid="view1-cell"].cell--lit')).toHaveAttribute("data-coord", "(1,0)");
  await views.logicalCell("(2,1)").hover();
  await expect(page.getByTestId("hover-info")).toContainText("view 1: (2, 1) → view 0: (1, 2)");
  await expect(page.getByTestId("hover-info")).toContainText("address 5");
  expect(views.consoleErrors).toEqual([]);
});

test("simplify merges views once tinygrad can, and the verdict shows before", async ({ page }) => {
  const views = new ViewsPage(page);
  // from tinygrad_seed1: expand, reshape (two views), shrink, simplify (one view)
  await views.open("#/views?shape=4,1,1&ops=expand:4,6,1;reshape:24");
  await expect(views.viewCards()).toHaveCount(2);
  await expect(page.getByTestId("merge-verdict")).toBeVisible();
  await views.applyOp("shrink", "(13,17)");
  await views.applyOp("simplify");
  await expect(views.viewCards()).toHaveCount(1);
  await expect(page.getByTestId("merge-verdict")).toHaveCount(0);
  const cells = page.getByTestId("logical-cell");
  for (const [i, addr] of ["2", "2", "2", "2"].entries()) await expect(cells.nth(i)).toHaveAttribute("data-addr", addr);
  expect(views.consoleErrors).toEqual([]);
});

test("pasting a ShapeTracker repr loads the stack, and the export rebuilds it", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open();
  const repr =
    "ShapeTracker(views=(View(shape=(2, 3), strides=(1, 2), offset=0, mask=None, contiguous=False), " +
    "View(shape=(3, 2), strides=(2, 1), offset=0, mask=None, contiguous=True)))";
  await views.openMore("more-import-export");
  await views.field("import-text").fill(repr);
  await page.getByTestId("import").click();
  await expect(views.viewCards()).toHaveCount(2);
  const expected = ["0", "2", "4", "1", "3", "5"];
  for (let i = 0; i < 6; i++) await expect(page.getByTestId("logical-cell").nth(i)).toHaveAttribute("data-addr", expected[i]);
  await expect(page.getByTestId("export-repr")).toHaveText(repr);
  await expect(page.getByTestId("export-python")).toContainText(
    "st = ShapeTracker((View.create((2, 3), (1, 2), 0, None), View.create((3, 2), (2, 1), 0, None)))",
  );
  // the imported stack lives in the URL
  await page.reload();
  await expect(views.viewCards()).toHaveCount(2);
  expect(views.consoleErrors).toEqual([]);
});

test("pasting tinygrad calls appends them as ops; bad text says why", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open("#/views?shape=2,3");
  await views.openMore("more-import-export");
  await views.field("import-text").fill("t = t.permute((1, 0)).reshape(3, 2)");
  await page.getByTestId("import").click();
  await expect(page.getByTestId("history")).toContainText("permute 1,0");
  await expect(page.getByTestId("history")).toContainText("reshape 3,2");
  await expect(page.getByTestId("export-python")).toContainText("st = st.reshape((3, 2))");
  await views.field("import-text").fill("reshape 7,7");
  await page.getByTestId("import").click();
  await expect(page.getByTestId("error-import")).toContainText("op 1 (reshape)");
  await expect(page.getByTestId("history").locator('[data-testid$="-select"]')).toHaveCount(2);
  expect(views.consoleErrors).toEqual([]);
});

test("history steps can be reordered, and a selected step shows the stack there", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open("#/views?shape=2,3&ops=flip:True,False;permute:1,0");
  // flip then permute: cell (0,0) reads t[1][0] = 3
  await expect(views.logicalCell("(0,0)")).toHaveAttribute("data-addr", "3");
  await page.getByTestId("step-0-select").click();
  await expect(views.logicalCell("(0,2)")).toHaveAttribute("data-addr", "5"); // after the flip only: shape (2,3)
  await page.getByTestId("step-1-up").click();
  await expect(page.getByTestId("step-0")).toContainText("permute 1,0");
  // an old link's bools read, and are written back as the axis
  await expect(page).toHaveURL(/ops=permute:1,0;flip:0/);
  // permute then flip dim 0 of (3,2): cell (0,0) reads u[2][0] = t[0][2] = 2
  await expect(views.logicalCell("(0,0)")).toHaveAttribute("data-addr", "2");
  expect(views.consoleErrors).toEqual([]);
});
