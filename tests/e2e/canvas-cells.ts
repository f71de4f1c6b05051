import type { Locator, Page } from "@playwright/test";

// A canvas grid says where its cells are: `data-scale` (canvas pixels per cell) and
// `data-origin` (the grid's top left corner on the canvas, right of and below the gutters
// that number the rows and columns).

/** The canvas pixel of the centre of cell (row, col) of `canvas`, and the canvas's CSS scale. */
export async function cellCentre(canvas: Locator, row: number, col: number) {
  return canvas.evaluate(
    (c: HTMLCanvasElement, [row, col]) => {
      const scale = Number(c.dataset.scale);
      const [tx, ty] = c.dataset.origin!.split(",").map(Number);
      return { x: tx + (col + 0.5) * scale, y: ty + (row + 0.5) * scale, scale, css: c.clientWidth / c.width };
    },
    [row, col],
  );
}

/** Hovers element (row, column) of the canvas `testId` (rows and cols are kept for callers). */
export async function hoverCell(page: Page, testId: string, row: number, col: number, _rows?: number, _cols?: number) {
  const canvas = page.getByTestId(testId);
  const { x, y, css } = await cellCentre(canvas, row, col);
  await canvas.hover({ position: { x: x * css, y: y * css } });
}

/** The pixels of cell (row, col) of the canvas `testId`, as [r, g, b]. */
export async function cellPixels(page: Page, testId: string, row: number, col: number, _rows?: number, _cols?: number) {
  const canvas = page.getByTestId(testId);
  const { x, y, scale } = await cellCentre(canvas, row, col);
  return canvas.evaluate(
    (c: HTMLCanvasElement, [x0, y0, side]) => {
      const data = c.getContext("2d")!.getImageData(x0, y0, side, side).data;
      const out: number[][] = [];
      for (let i = 0; i < data.length; i += 4) out.push([data[i], data[i + 1], data[i + 2]]);
      return out;
    },
    [Math.round(x - scale / 2 + 2), Math.round(y - scale / 2 + 2), Math.max(1, Math.round(scale - 4))],
  );
}
