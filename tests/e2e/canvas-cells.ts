import type { Page } from "@playwright/test";

// A canvas grid keeps its grid's proportions: square cells, the grid at the top left.

/** Hovers element (row, column) of the canvas `testId` drawing `rows` × `cols`. */
export async function hoverCell(page: Page, testId: string, row: number, col: number, rows: number, cols: number) {
  const canvas = page.getByTestId(testId);
  const box = (await canvas.boundingBox())!;
  const cell = Math.min(box.width / cols, box.height / rows);
  await canvas.hover({ position: { x: (col + 0.5) * cell, y: (row + 0.5) * cell } });
}

/** The pixels of cell (row, col) of the canvas `testId` drawing `rows` × `cols`, as [r, g, b]. */
export async function cellPixels(page: Page, testId: string, row: number, col: number, rows: number, cols: number) {
  return page.getByTestId(testId).evaluate(
    (canvas: HTMLCanvasElement, [row, col, rows, cols]) => {
      const cell = Math.min(canvas.width / cols, canvas.height / rows);
      const data = canvas.getContext("2d")!.getImageData(col * cell + 2, row * cell + 2, cell - 4, cell - 4).data;
      const out: number[][] = [];
      for (let i = 0; i < data.length; i += 4) out.push([data[i], data[i + 1], data[i + 2]]);
      return out;
    },
    [row, col, rows, cols],
  );
}
