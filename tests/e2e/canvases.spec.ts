import { expect, test, type Page } from "@playwright/test";
import { cellCentre, cellPixels, hoverCell } from "./canvas-cells";

// Issue 53, items 3 and 4: canvases read at a glance (proportions, numbered rows and columns,
// the lit thread standing out, banks told apart, one zoom hint) and stay put (a hover moves no
// picture, the wheel scrolls the page, + zooms at the hovered cell).

const MMA = "#/threads?atom=SM80_16x8x16_F16F16F16F16_TN&layout=2x2x1&perm=(_32,_32,_16)";
const scale = (page: Page, id: string) => page.getByTestId(id).evaluate((c: HTMLCanvasElement) => Number(c.dataset.scale));
/** How far the page and its pictures' pane (which scrolls on its own on wide screens) are scrolled. */
const scrolled = (page: Page) =>
  page.evaluate(() => window.scrollY + (document.querySelector(".panes__pictures")?.scrollTop ?? 0));
const top = (page: Page, id: string) => page.getByTestId(id).evaluate((c) => c.getBoundingClientRect().top + window.scrollY);

test("a 32×16 operand takes its proportions and most of the width, its rows and columns numbered", async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(`/${MMA}`);
  const a = page.getByTestId("threads-a");
  await expect(a).toBeVisible();
  // A is 32 rows × 16 columns: as wide as 16 of its square cells, not half a square canvas
  const size = await a.evaluate((c: HTMLCanvasElement) => [c.width, c.height, Number(c.dataset.scale)]);
  expect(size[0]).toBeGreaterThan(480);
  expect(Math.abs(size[0] - (30 + 16 * size[2]))).toBeLessThanOrEqual(1);
  // the gutters hold ink: the numbers of the rows (left) and the columns (top)
  const ink = (x: number, y: number, w: number, h: number) =>
    a.evaluate((c: HTMLCanvasElement, [x, y, w, h]) => {
      const d = c.getContext("2d")!.getImageData(x, y, w, h).data;
      let n = 0;
      for (let i = 3; i < d.length; i += 4) n += d[i] > 0 ? 1 : 0;
      return n;
    }, [x, y, w, h]);
  expect(await ink(0, 20, 28, 200)).toBeGreaterThan(50);
  expect(await ink(32, 0, 200, 14)).toBeGreaterThan(50);
  // one zoom hint on the page, above the first grid
  await expect(page.getByTestId("canvas-hint")).toHaveCount(1);
  await expect(page.locator("canvas[data-scale]:visible")).toHaveCount(3);
});

test("hovering never moves a picture; the lit thread stands out, the others fade", async ({ page }) => {
  await page.goto(`/${MMA}`);
  await expect(page.getByTestId("threads-c")).toBeVisible();
  const before = await Promise.all(["threads-c", "threads-a", "threads-b"].map((id) => top(page, id)));
  await hoverCell(page, "threads-c", 1, 2);
  await expect(page.getByTestId("threads-hover")).toContainText("thread 5");
  await expect(page.getByTestId("threads-fragment")).toContainText("thread 5");
  const after = await Promise.all(["threads-c", "threads-a", "threads-b"].map((id) => top(page, id)));
  expect(after, `before: ${before}`).toEqual(before);
  // thread 5 holds C(1, 2), drawn opaque; thread 0's C(0, 0) is faded: the page shows through
  const alpha = async (row: number, col: number) => {
    const c = await cellCentre(page.getByTestId("threads-c"), row, col);
    return page.getByTestId("threads-c").evaluate((el: HTMLCanvasElement, [x, y]) => el.getContext("2d")!.getImageData(x, y, 1, 1).data[3], [Math.round(c.x), Math.round(c.y)]);
  };
  expect(await alpha(1, 2)).toBe(255);
  expect(await alpha(0, 0)).toBeLessThan(100);
});

test("the wheel scrolls the page past a canvas; a click or Ctrl makes it zoom", async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 700 });
  await page.goto(`/${MMA}`);
  const c = page.getByTestId("threads-c");
  await expect(c).toBeVisible();
  const box = (await c.boundingBox())!;
  const s0 = await scale(page, "threads-c");
  await page.mouse.move(box.x + box.width / 2, box.y + 40);
  await page.mouse.wheel(0, 300);
  await expect.poll(() => scrolled(page)).toBeGreaterThan(100);
  expect(await scale(page, "threads-c")).toBe(s0);
  // Ctrl + wheel zooms where the pointer is, and the page stays
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    document.querySelector(".panes__pictures")?.scrollTo(0, 0);
  });
  await page.mouse.move(box.x + box.width / 2, box.y + 60);
  await page.keyboard.down("Control");
  await page.mouse.wheel(0, -100);
  await page.keyboard.up("Control");
  await expect.poll(() => scale(page, "threads-c")).toBeGreaterThan(s0);
  expect(await scrolled(page)).toBe(0);
  // after a click the wheel zooms it, until the canvas loses focus
  const s1 = await scale(page, "threads-c");
  await page.mouse.click(box.x + box.width / 2, box.y + 60);
  await page.mouse.wheel(0, 100);
  await expect.poll(() => scale(page, "threads-c")).toBeLessThan(s1);
  expect(await scrolled(page)).toBe(0);
});

test("+ zooms about the hovered cell, and four presses on a 16×64 grid leave it in view", async ({ page }) => {
  await page.goto("/#/views?shape=16,64");
  const canvas = page.getByTestId("canvas-grid");
  await expect(canvas).toBeVisible();
  const info = page.getByTestId("canvas-hover-info");
  const cell = await cellCentre(canvas, 12, 60);
  await canvas.hover({ position: { x: cell.x * cell.css, y: cell.y * cell.css } });
  await expect(info).toContainText("logical (12, 60)");
  await canvas.focus();
  for (let k = 0; k < 4; k++) await page.keyboard.press("+");
  await canvas.hover({ position: { x: 35, y: 20 } });
  await canvas.hover({ position: { x: cell.x * cell.css, y: cell.y * cell.css } });
  await expect(info).toContainText("logical (12, 60)");
  // the canvas is drawn all over: its middle pixel is a cell's, not blank
  const alpha = await canvas.evaluate((c: HTMLCanvasElement) => c.getContext("2d")!.getImageData(c.width / 2, c.height / 2, 1, 1).data[3]);
  expect(alpha).toBe(255);
});

test("neighbouring banks have colours told apart at a glance", async ({ page }) => {
  await page.goto("/#/layouts?L=(32,32):(32,1)");
  await expect(page.getByTestId("bank-grid")).toBeVisible();
  // row 0 of a row-major f32 tile: column c is bank c
  const colour = async (col: number) => (await cellPixels(page, "bank-grid", 0, col))[0];
  for (const [a, b] of [[14, 15], [0, 1], [30, 31]]) {
    const [x, y] = [await colour(a), await colour(b)];
    const distance = Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]);
    expect(distance, `banks ${a} and ${b}`).toBeGreaterThan(60);
  }
});
