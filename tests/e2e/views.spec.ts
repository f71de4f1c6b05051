import { expect, test, type Locator } from "@playwright/test";
import { cellCentre } from "./canvas-cells";
import { ViewsPage } from "./views-page";

test("the app loads on the Views page with a 3x4 row-major view", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open("");
  await expect(page.getByTestId("canonical")).toHaveText(
    "View(shape=(3, 4), strides=(4, 1), offset=0, mask=None, contiguous=True)",
  );
  await expect(page.getByTestId("logical-cell")).toHaveCount(12);
  await expect(page.getByTestId("memory-cell")).toHaveCount(12);
  await expect(views.logicalCell("(2,3)")).toHaveAttribute("data-addr", "11");
  expect(views.consoleErrors).toEqual([]);
});

test("the header navigates between pages and the URL follows", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open();
  await page.getByTestId("nav-layouts").click();
  await expect(page).toHaveURL(/#\/layouts\?v=1$/);
  await expect(page.getByTestId("layout-input")).toBeVisible();
  await page.getByTestId("nav-morphisms").click();
  await expect(page).toHaveURL(/#\/morphisms\?v=1$/);
  await expect(page.getByTestId("diagram")).toBeVisible();
  await page.getByTestId("nav-syno").click();
  await expect(page).toHaveURL(/#\/syno\?v=1$/);
  await expect(page.getByTestId("syno-rows")).toBeVisible();
  // the Shader page generates from the page visited last, and its URL holds that page's state
  await page.getByTestId("nav-shader").click();
  await expect(page).toHaveURL(/#\/shader\?from=syno&v=1$/);
  await expect(page.getByTestId("shader-code")).toContainText("of a Syno operator");
  await page.getByTestId("nav-views").click();
  await expect(page.getByTestId("logical-grid")).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/#\/shader\?from=syno/);
  await expect(page.getByTestId("shader-code")).toBeVisible();
  expect(views.consoleErrors).toEqual([]);
});

test("editing shape, stride and mask updates grids, expressions and the URL", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open();
  await views.type("stride-0", "1");
  await views.type("stride-1", "3");
  await expect(views.logicalCell("(1,2)")).toHaveAttribute("data-addr", "7");
  await views.type("shape-0", "2");
  await expect(page.getByTestId("logical-cell")).toHaveCount(8);
  await views.type("mask-begin-1", "1");
  await expect(views.logicalCell("(0,0)")).toHaveAttribute("data-addr", "masked");
  await expect(views.logicalCell("(0,0)")).toHaveClass(/cell--masked/);
  await expect(page.getByTestId("expr-idx")).toHaveText("ridx0 + ridx1*3");
  await expect(page.getByTestId("expr-valid")).toHaveText("ridx1 >= 1");
  await expect(page.getByTestId("expr-valid-tinygrad")).toHaveText("((ridx1<1)!=True)");
  await expect(page).toHaveURL(/shape=2,4&strides=1,3&mask=:,1:/);
  // Unused addresses inside the span are drawn and marked.
  await expect(page.locator('[data-testid="memory-cell"].cell--unused').first()).toBeVisible();
  expect(views.consoleErrors).toEqual([]);
});

test("a shared link opens the same view", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open("#/views?shape=2,2,2&strides=0,2,1&offset=5");
  await expect(page.getByTestId("canonical")).toHaveText(
    "View(shape=(2, 2, 2), strides=(0, 2, 1), offset=5, mask=None, contiguous=False)",
  );
  await expect(page.getByTestId("logical-grid").locator(".block")).toHaveCount(2);
  await expect(views.logicalCell("(1,1,1)")).toHaveAttribute("data-addr", "8");
  expect(views.consoleErrors).toEqual([]);
});

test("hovering links logical and memory cells both ways", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open("#/views?shape=3,4&strides=0,1");
  await views.logicalCell("(1,2)").hover();
  await expect(views.litMemoryCells()).toHaveCount(1);
  await expect(views.litMemoryCells()).toHaveAttribute("data-addr", "2");
  await expect(page.getByTestId("hover-info")).toContainText("address 2");
  // stride 0: one memory cell is read by every row
  await views.memoryCell(3).hover();
  await expect(views.litLogicalCells()).toHaveCount(3);
  await expect(views.litLogicalCells().nth(2)).toHaveAttribute("data-coord", "(2,3)");
  // keyboard focus lights too
  await views.logicalCell("(0,1)").focus();
  await expect(views.litMemoryCells()).toHaveAttribute("data-addr", "1");
  expect(views.consoleErrors).toEqual([]);
});

test("bad input shows an error at the field and keeps the last valid view", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open();
  const cases: Array<[string, string, RegExp]> = [
    ["shape-0", "3x", /whole number or a name like N/],
    ["shape-1", "-3", /negative/],
    ["stride-1", "2.5", /whole number/],
    ["mask-end-0", "7", /0 <= begin <= end <= 3/],
    ["shape-0", "9223372036854775808", /64 bits/],
    ["offset", "<img src=x onerror=alert(1)>", /whole number/],
  ];
  for (const [testId, text, message] of cases) {
    await views.open();
    await views.type(testId, text);
    await expect(page.getByTestId(`error-${testId}`)).toHaveText(message);
    await expect(views.field(testId)).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("logical-cell")).toHaveCount(12);
    await expect(views.logicalCell("(2,3)")).toHaveAttribute("data-addr", "11");
  }
  await expect(page.locator("img")).toHaveCount(0);
  expect(views.consoleErrors).toEqual([]);
});

test("a pasted tinygrad View loads, and a rank mismatch is refused at the field", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open();
  await views.type(
    "paste-view",
    "View(shape=(2, 3), strides=(1, 2), offset=1, mask=((0, 2), (1, 3)), contiguous=False)",
  );
  await expect(page.getByTestId("canonical")).toHaveText(
    "View(shape=(2, 3), strides=(1, 2), offset=1, mask=((0, 2), (1, 3)), contiguous=False)",
  );
  await expect(views.field("stride-1")).toHaveValue("2");
  await expect(views.logicalCell("(1,2)")).toHaveAttribute("data-addr", "6");
  await views.type("paste-view", "View(shape=(2, 3), strides=(1,))");
  await expect(page.getByTestId("error-paste-view")).toContainText("strides lists 1 values but the shape has 2");
  await expect(views.field("paste-view")).toHaveAttribute("aria-invalid", "true");
  await expect(views.logicalCell("(1,2)")).toHaveAttribute("data-addr", "6");
  expect(views.consoleErrors).toEqual([]);
});

test("dimensions can be added, reordered and removed", async ({ page }) => {
  const views = new ViewsPage(page);
  // typed strides, which travel with their rows
  await views.open("#/views?shape=3,4&strides=4,1");
  await page.getByTestId("add-dim").click();
  await expect(page.getByTestId("logical-grid").locator(".block")).toHaveCount(3);
  await expect(page.getByTestId("canonical")).toContainText("shape=(3, 4, 2), strides=(4, 1, 1)");
  await page.getByTestId("move-up-1").click();
  await expect(page.getByTestId("canonical")).toContainText("shape=(4, 3, 2), strides=(1, 4, 1)");
  await page.getByTestId("remove-2").click();
  await expect(page.getByTestId("canonical")).toContainText("shape=(4, 3), strides=(1, 4)");
  expect(views.consoleErrors).toEqual([]);
});

test("screenshot of the Views page", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open("#/views?shape=2,3,4&strides=12,1,3&mask=:,:,1:4");
  await views.logicalCell("(1,2,3)").hover();
  await page.screenshot({ path: "target/playwright/views.png", fullPage: true });
  expect(views.consoleErrors).toEqual([]);
});

test("a 1,024-cell grid is drawn on canvases, keeps hover, keys and the table view, and an edit redraws it", async ({ page }) => {
  const views = new ViewsPage(page);
  await page.goto("/#/views?shape=32,32");
  const canvas = page.getByTestId("canvas-grid");
  await expect(canvas).toBeVisible();
  await expect(page.getByTestId("logical-cell")).toHaveCount(0);
  await expect(page.getByTestId("grid-error")).toHaveText(
    "1024 cells in the largest grid: drawn on canvases (DOM cells up to 256 per grid); the table view lists every cell.",
  );
  // 32 x 32 cells in a 960-pixel canvas, right of and below the gutters that number them
  const at = async (x: number, y: number) => {
    const c = await cellCentre(canvas, y, x);
    return { position: { x: c.x * c.css, y: c.y * c.css } };
  };
  const info = page.getByTestId("canvas-hover-info");
  await canvas.hover(await at(5, 2));
  await expect(info).toContainText("logical (2, 5)");
  await expect(info).toContainText("address 69");
  await canvas.focus();
  await page.keyboard.press("ArrowDown");
  await expect(info).toContainText("logical (3, 5)");
  // the cell last hovered on the canvas is where the expressions' parts are evaluated
  await page.getByTestId("expr-idx").locator(".sub", { hasText: /^ridx0$/ }).first().hover();
  await expect(page.getByTestId("subexpr-value")).toHaveText("ridx0 = 3 at (3, 5)");
  // an edit redraws the cells: the pixel of cell (0, 1) changes colour
  const { x: px, y: py } = await cellCentre(canvas, 0, 1);
  const pixel = () =>
    canvas.evaluate((c: HTMLCanvasElement, [x, y]) => Array.from(c.getContext("2d")!.getImageData(x, y, 1, 1).data).join(","), [px, py]);
  const before = await pixel();
  await views.type("stride-1", "5");
  await expect.poll(pixel).not.toBe(before);
  await canvas.hover(await at(1, 0));
  await expect(info).toContainText("address 5");
  // screen readers keep the table view: one row per cell
  await page.getByTestId("table-view").locator("summary").click();
  await expect(page.getByTestId("grid-table").locator("tbody tr")).toHaveCount(1024);
  expect(views.consoleErrors).toEqual([]);
});

test("grid rows are drawn before they scroll into view, none skipped", async ({ page }) => {
  const views = new ViewsPage(page);
  await page.setViewportSize({ width: 1300, height: 300 });
  await views.open("#/views?shape=16,16");
  const rendered = (cell: Locator) => cell.evaluate((c) => c.checkVisibility({ contentVisibilityAuto: true }));
  // the last row, far below the viewport, is rendered already
  await expect(views.logicalCell("(15,0)")).not.toBeInViewport();
  expect(await rendered(views.logicalCell("(15,0)"))).toBe(true);
  // and on the Layouts page, whose grids go up to 1,024 cells
  await page.goto("/#/layouts?L=(32,32):(32,1)");
  const last = page.getByTestId("logical-cell").last();
  await expect(last).toBeAttached();
  await expect(last).not.toBeInViewport();
  expect(await rendered(last)).toBe(true);
  expect(views.consoleErrors).toEqual([]);
});

test("arrow keys move focus through the grid and light linked cells", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open("#/views?shape=2,2,3");
  await views.logicalCell("(0,0,0)").focus();
  await page.keyboard.press("ArrowRight");
  await expect(views.logicalCell("(0,0,1)")).toBeFocused();
  await expect(views.litMemoryCells()).toHaveAttribute("data-addr", "1");
  await page.keyboard.press("ArrowDown");
  await expect(views.logicalCell("(0,1,1)")).toBeFocused();
  await page.keyboard.press("ArrowDown"); // walks into the next block
  await expect(views.logicalCell("(1,0,1)")).toBeFocused();
  await expect(views.litMemoryCells()).toHaveAttribute("data-addr", "7");
  expect(views.consoleErrors).toEqual([]);
});

test("the table view lists every cell with its chain and address", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open("#/views?shape=3,2&ops=permute:1,0;reshape:3,2");
  await page.getByTestId("table-view").locator("summary").click();
  const table = page.getByTestId("grid-table");
  await expect(table.locator("tbody tr")).toHaveCount(6);
  await expect(table.locator("thead")).toContainText("view 1 coordinate");
  await expect(table.locator("tbody tr").nth(2)).toContainText("(1, 0)");
  // each view's cell in its own coordinates, as the hover path says: view 0's (0, 2)
  await expect(table.locator("tbody tr").nth(2).locator("td")).toHaveText(["yes", "(1, 0)", "(0, 2)", "4"]);
  expect(views.consoleErrors).toEqual([]);
});

test("expression mode evaluates tinygrad's rendered index and points at parse errors", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open("#/views?shape=3,2&ops=permute:1,0;reshape:3,2");
  await page.getByTestId("expr-mode-box").locator("summary").click();
  const panel = page.getByTestId("expr-mode");
  // the default is the rendered two-view index of tinygrad's ShapeTracker notes
  const cells = panel.getByTestId("logical-cell");
  await expect(cells).toHaveCount(6);
  const expected = ["0", "2", "4", "1", "3", "5"];
  for (let i = 0; i < 6; i++) await expect(cells.nth(i)).toHaveAttribute("data-addr", expected[i]);
  await views.field("expr-idx-input").fill("ridx0*2 + (ridx1");
  await expect(page.getByTestId("error-expr-idx-input")).toContainText("at character 17");
  await expect(cells.nth(1)).toHaveAttribute("data-addr", "2"); // last valid grid stays
  await views.field("expr-idx-input").fill("ridx0*2 + ridx1");
  await views.field("expr-valid-input").fill("((ridx0<1)!=True)");
  await expect(cells.nth(0)).toHaveAttribute("data-addr", "masked");
  await expect(cells.nth(2)).toHaveAttribute("data-addr", "2");
  await page.getByTestId("expr-use-stack").click();
  await expect(views.field("expr-vars")).toHaveValue("ridx0:0:2, ridx1:0:1");
  for (let i = 0; i < 6; i++) await expect(cells.nth(i)).toHaveAttribute("data-addr", expected[i]);
  expect(views.consoleErrors).toEqual([]);
});

test("a 1,048,576-cell stack draws on a canvas and still answers hover", async ({ page }) => {
  const views = new ViewsPage(page);
  await page.goto("/#/views?shape=1,1024&ops=expand:1024,1024");
  const canvas = page.getByTestId("canvas-grid");
  await expect(canvas).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("grid-error")).toContainText("drawn on canvases");
  // (the canvas's first 30 by 16 pixels are the gutters that number the rows and columns)
  await canvas.hover({ position: { x: 35, y: 20 } });
  await expect(page.getByTestId("canvas-hover-info")).toContainText("1024 cell(s) read it");
  await canvas.hover({ position: { x: 300, y: 200 } });
  await expect(page.getByTestId("canvas-hover-info")).toContainText("logical (");
  await expect(page.getByTestId("canvas-hover-info")).toContainText("view 0: (");
  // arrow keys move the cursor cell
  await canvas.focus();
  const before = await page.getByTestId("canvas-hover-info").textContent();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId("canvas-hover-info")).not.toHaveText(before ?? "");
  await canvas.focus();
  await page.keyboard.press("+");
  await expect(page.getByTestId("canvas-hover-info")).toBeVisible();
  // the memory strip: 1024 addresses in 960 bars, each address read by a whole column
  const memory = page.getByTestId("canvas-memory");
  await memory.hover({ position: { x: 0, y: 10 } });
  await expect(page.getByTestId("canvas-hover-info")).toHaveText("addresses 0..=1 ← read by 2048 cell(s)");
  expect(views.consoleErrors).toEqual([]);
});

test("an edit redraws the canvas grid and keeps its zoom while the extent stays", async ({ page }) => {
  const views = new ViewsPage(page);
  await page.goto("/#/views?shape=64,64");
  const canvas = page.getByTestId("canvas-grid");
  const info = page.getByTestId("canvas-hover-info");
  await expect(canvas).toBeVisible({ timeout: 30_000 });
  const scale = async () => Number(await canvas.getAttribute("data-scale"));
  const hover = async (row: number, col: number) => {
    const c = await cellCentre(canvas, row, col);
    await canvas.hover({ position: { x: c.x * c.css, y: c.y * c.css } });
    return c;
  };
  // 64 x 64 cells fit the canvas (as wide as its pane gives it, at most 960 pixels) right of
  // the 30-pixel row numbers
  const room = Number(await canvas.getAttribute("width")) - 30;
  expect(room).toBeGreaterThan(400);
  expect(await scale()).toBeCloseTo(room / 64);
  const cell = await hover(3, 6);
  await expect(info).toContainText("logical (3, 6)");
  // + zooms by 1.25 about the hovered cell: it stays under the pointer
  await canvas.focus();
  await page.keyboard.press("+");
  expect(await scale()).toBeCloseTo((room / 64) * 1.25);
  await canvas.hover({ position: { x: 5, y: 5 } });
  await canvas.hover({ position: { x: cell.x * cell.css, y: cell.y * cell.css } });
  await expect(info).toContainText("logical (3, 6)");
  await views.type("stride-1", "2");
  await expect(info).toContainText("address 204");
  // the same zoom: the canvas was redrawn, not built anew with a fitted view
  expect(await scale()).toBeCloseTo((room / 64) * 1.25);
  await canvas.hover({ position: { x: 5, y: 5 } });
  await canvas.hover({ position: { x: cell.x * cell.css, y: cell.y * cell.css } });
  await expect(info).toContainText("logical (3, 6)");
  // a new extent fits the grid in view again: 64 x 128 cells across the same room
  await views.type("shape-1", "128");
  await expect.poll(scale).toBeCloseTo(room / 128);
  await hover(6, 13);
  await expect(info).toContainText("logical (6, 13)");
  expect(views.consoleErrors).toEqual([]);
});

test("a symbolic size binds with a slider, and ops needing concrete sizes say so", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open();
  await views.type("stride-0", "");
  await views.type("stride-1", "");
  await views.type("shape-0", "N");
  await expect(page.getByTestId("symbol-N")).toBeVisible();
  await expect(page.getByTestId("symbolic-view")).toHaveText("SymView(shape=(N, 4), strides=(4, 1), offset=0)");
  await expect(page.getByTestId("symbolic-idx")).toHaveText("ridx0*4 + ridx1");
  await expect(page.getByTestId("logical-cell")).toHaveCount(16); // N starts bound to 4
  await views.field("sym-N-slider").fill("6");
  await expect(page.getByTestId("logical-cell")).toHaveCount(24);
  await expect(page.getByTestId("canonical")).toContainText("shape=(6, 4)");
  await expect(page).toHaveURL(/sym=N:1:16:6/);
  await views.applyOp("pad", "(1,1),(0,0)");
  await expect(page.getByTestId("error-op")).toContainText("pad needs concrete sizes, but N is symbolic");
  await views.applyOp("reshape", "4,6");
  await expect(page.getByTestId("history")).toContainText("reshape 4,6");
  expect(views.consoleErrors).toEqual([]);
});

test("hovering a part of an expression shows its value at the hovered cell", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open("#/views?shape=3,2&ops=permute:1,0;reshape:3,2");
  await views.logicalCell("(2,1)").hover();
  const idx = page.getByTestId("expr-idx");
  await idx.locator(".sub", { hasText: /^ridx1$/ }).first().hover();
  await expect(page.getByTestId("subexpr-value")).toHaveText("ridx1 = 1 at (2, 1)");
  await idx.locator(".sub", { hasText: /^\(ridx0\*2 \+ ridx1\)$/ }).first().hover({ position: { x: 2, y: 5 } });
  await expect(page.getByTestId("subexpr-value")).toHaveText("ridx0*2 + ridx1 = 5 at (2, 1)");
  await expect(page.getByTestId("copy-idx")).toBeVisible();
  expect(views.consoleErrors).toEqual([]);
});

test("a large two-view stack draws every view's own grid and follows the composed hover", async ({ page }) => {
  const views = new ViewsPage(page);
  await page.goto("/#/views?shape=64,32&ops=permute:1,0;reshape:64,32");
  await expect(views.viewCards()).toHaveCount(2);
  await expect(page.getByTestId("view0-canvas")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("view1-canvas")).toBeVisible();
  await page.getByTestId("canvas-grid").hover({ position: { x: 40, y: 30 } });
  await expect(page.getByTestId("canvas-hover-info")).toContainText("view 1: (");
  await expect(page.getByTestId("canvas-hover-info")).toContainText("view 0: (");
  expect(views.consoleErrors).toEqual([]);
});

test("a one-view stack draws its grid once: its card points to the composed grid", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open("#/views?shape=3,2");
  await expect(page.getByTestId("view-note")).toHaveText("One view: its grid is the composed grid.");
  await expect(page.locator('[data-testid="view0-cell"]')).toHaveCount(0);
  await expect(page.locator('[data-testid="logical-cell"]')).toHaveCount(6);
  await views.applyOp("permute", "1,0"); // still one view
  await expect(views.viewCards()).toHaveCount(1);
  await views.applyOp("reshape", "3,2"); // the transpose cannot merge: a second view
  await expect(views.viewCards()).toHaveCount(2);
  await expect(page.getByTestId("view-note")).toHaveCount(0);
  await expect(page.locator('[data-testid="view0-cell"]')).toHaveCount(6);
  await expect(page.locator('[data-testid="view1-cell"]')).toHaveCount(6);
  expect(views.consoleErrors).toEqual([]);
});
