import { expect, test, type Page } from "@playwright/test";

/** Hovers element (row, column) of the Threads canvas `name` drawing `cols` columns. */
async function hoverCell(page: Page, name: string, row: number, col: number, rows: number, cols: number) {
  const canvas = page.getByTestId(`threads-${name}`);
  const box = (await canvas.boundingBox())!;
  // the canvas keeps the grid's proportions: cells are square, the grid at the top left
  const cell = Math.min(box.width / cols, box.height / rows);
  await canvas.hover({ position: { x: (col + 0.5) * cell, y: (row + 0.5) * cell } });
}

test("a TiledMMA's A, B and C by thread: hover lights the thread, the fragment is listed, the link keeps it", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto("/#/threads");
  await expect(page.getByTestId("threads-summary")).toContainText("tile 16×8×16, 32 threads (1 warps)");
  for (const name of ["c", "a", "b"]) await expect(page.getByTestId(`threads-${name}`)).toBeVisible();
  // C(8, 0) is thread 0's value 2, as print_latex draws it
  await hoverCell(page, "c", 8, 0, 16, 8);
  await expect(page.getByTestId("threads-hover")).toHaveText("C(8, 0) ← thread 0, value 2 (warp 0)");
  await expect(page.getByTestId("threads-fragment")).toContainText("C: 4 values: V0 (0,0), V1 (0,1), V2 (8,0), V3 (8,1)");
  await expect(page.getByTestId("threads-fragment")).toContainText("A: 8 values: V0 (0,0), V1 (0,1)");
  // a preset: 2×2 warps, permuted to 32×32×16
  await page.getByTestId("threads-preset").selectOption("1");
  await expect(page.getByTestId("threads-summary")).toContainText("tile 32×32×16, 128 threads (4 warps)");
  await expect(page).toHaveURL(/#\/threads\?atom=SM80_16x8x16_F16F16F16F16_TN&layout=2x2x1&perm=/);
  await page.reload();
  await expect(page.getByTestId("threads-summary")).toContainText("tile 32×32×16, 128 threads (4 warps)");
  expect(errors).toEqual([]);
});

test("bad atom, layout and permutation: typed errors next to the fields, the last TiledMMA stays", async ({ page }) => {
  await page.goto("/#/threads");
  const summary = page.getByTestId("threads-summary");
  await page.getByTestId("threads-atom").fill("SM81_NOPE");
  await expect(page.getByTestId("error-threads-atom")).not.toBeEmpty();
  await expect(page.getByTestId("threads-atom")).toHaveAttribute("aria-invalid", "true");
  await expect(summary).toContainText("tile 16×8×16");
  await page.getByTestId("threads-atom").fill("SM80_16x8x16_F16F16F16F16_TN");
  await page.getByTestId("threads-layout").fill("2x2x2x2");
  await expect(page.getByTestId("error-threads-layout")).not.toBeEmpty();
  await page.getByTestId("threads-layout").fill("2x2x1");
  await page.getByTestId("threads-permutation").fill("(_32,_32,");
  await expect(page.getByTestId("error-threads-permutation")).not.toBeEmpty();
  await expect(summary).toContainText("tile 32×16×16, 128 threads");
});

test("the SM90 64×256×16 tile draws whole, and exports print_latex's file and an SVG", async ({ page }) => {
  await page.goto("/#/threads?atom=SM90_64x256x16_F32F16F16_SS&layout=1x1x1");
  await expect(page.getByTestId("threads-summary")).toContainText("tile 64×256×16, 128 threads (4 warps)");
  await hoverCell(page, "c", 0, 0, 64, 256);
  await expect(page.getByTestId("threads-hover")).toHaveText("C(0, 0) ← thread 0, value 0 (warp 0)");
  await expect(page.getByTestId("threads-fragment")).toContainText("C: 128 values");
  const [latex] = await Promise.all([page.waitForEvent("download"), page.getByTestId("threads-latex").click()]);
  expect(latex.suggestedFilename()).toBe("tiled-mma.tex");
  const text = (await (await latex.createReadStream()).toArray()).join("");
  expect(text.startsWith("% LayoutC: ArithTuple(_0,_0) o ")).toBe(true);
  expect(text).toContain("\\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,0) {\\shortstack{T0 \\\\ V0}};");
  const [svg] = await Promise.all([page.waitForEvent("download"), page.getByTestId("threads-svg").click()]);
  expect(svg.suggestedFilename()).toBe("tiled-mma.svg");
});

test("a Threads widget shows only its grids", async ({ page }) => {
  await page.goto("/embed.html?panels=grid#/threads?atom=SM80_16x8x16_F16F16F16F16_TN&layout=2x2x1");
  await expect(page.getByTestId("threads-c")).toBeVisible();
  await expect(page.getByTestId("threads-atom")).toBeHidden();
});
