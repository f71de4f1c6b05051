import { expect, test } from "@playwright/test";
import { cellPixels } from "./canvas-cells";

// Issue 53, item 5: the answers first. The best fix beside the conflict degree, the Triton
// verdict beside the second layout with labelled moves, an SS operand said to be in shared
// memory, and sentences in plain grammar.

test("a 32-way read shows its best fix beside the degree, applied in one click", async ({ page }) => {
  await page.goto("/#/layouts?L=(32,32):(32,1)&read=column");
  await expect(page.getByTestId("bank-summary")).toContainText("conflicts: 32-way");
  const fix = page.getByTestId("bank-fix");
  await expect(fix).toBeVisible();
  await expect(fix).toContainText("reads it 1-way");
  await fix.getByTestId("apply-best").click();
  await expect(page.getByTestId("bank-summary")).toContainText("conflicts: 1-way");
  // a read without conflicts has nothing to fix
  await expect(fix).toBeHidden();
});

test("no swizzle is one row, and a conflict-free phase names no bank", async ({ page }) => {
  await page.goto("/#/layouts?L=(32,32):(32,1)");
  // no swizzle set: the unswizzled and swizzled rows would say the same
  await expect(page.getByTestId("bank-summary-plain")).toBeHidden();
  await expect(page.locator(".banks__summary dt", { hasText: "no swizzle" })).toBeVisible();
  // and one picture, not two alike
  await expect(page.getByTestId("bank-grid-plain")).toBeHidden();
  await expect(page.getByTestId("bank-grid")).toBeVisible();
  await expect(page.locator(".banks__pair figcaption:visible")).toHaveText(["no swizzle: coloured by bank"]);
  const row = page.getByTestId("bank-table").locator("tbody tr").first();
  await expect(row).toContainText("no conflict: each bank serves one word");
  await expect(row).not.toContainText("none collide");
  // ldmatrix reads 16-byte rows: the load width says so and cannot be set
  await page.getByTestId("read-preset").selectOption("ldmatrix");
  await expect(page.getByTestId("vector-bits")).toHaveValue("128");
  await expect(page.getByTestId("vector-bits")).toBeDisabled();
  // a load of one value reads as one value
  await page.getByTestId("read-preset").selectOption("row");
  await expect(page.getByTestId("bank-load").locator("option").first()).toHaveText("warp 0, value 0");
});

test("an SS GMMA's A is in shared memory: no thread holds it, no limit quoted", async ({ page }) => {
  await page.goto("/#/threads?atom=SM90_64x64x16_F16F16F16_SS&layout=1x1x1&pick=t94");
  await expect(page.getByTestId("threads-summary")).toContainText("128 threads (4 warps)");
  await expect(page.getByText("A: in shared memory, read by the GMMA's descriptor; no threads hold A")).toBeVisible();
  await expect(page.getByTestId("threads-fragment")).toContainText("A: in shared memory");
  await expect(page.getByTestId("threads-fragment")).not.toContainText("A: 1024 values");
  await expect(page.locator("body")).not.toContainText("at most 65536 can be listed");
  // its picture is drawn as shared memory: plain, no thread's colour, no thread lit in it
  await expect(page.getByTestId("threads-a-smem")).toHaveText(": in shared memory, read by the GMMA's descriptor; no thread holds A");
  await expect(page.getByTestId("threads-c-smem")).toHaveText("");
  const a = await cellPixels(page, "threads-a", 0, 0);
  expect(a.filter(([r, g, b]) => r === 255 && g === 255 && b === 255).length / a.length).toBeGreaterThan(0.9);
});

test("one warp is 1 warp", async ({ page }) => {
  await page.goto("/#/threads");
  await expect(page.getByTestId("threads-summary")).toContainText("32 threads (1 warp)");
});

test("the Triton verdict sits beside the second layout, its moves labelled", async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto("/#/triton");
  await page.getByTestId("triton-preset").selectOption("9");
  const conversion = page.getByTestId("triton-conversion");
  await expect(conversion).toContainText("convert_layout needs: shared memory");
  // in the controls, right under the field, in view without scrolling
  await expect(page.locator(".panes__controls [data-testid=triton-conversion]")).toHaveCount(1);
  await expect(conversion).toBeInViewport();
  // moves name their holders: the first layout's r1 → the second's …
  await expect(conversion).toContainText(/[rlw]\d+ → [rlw]\d+/);
  await expect(conversion).not.toContainText(/: \(\d+, \d+, \d+\)/);
});
