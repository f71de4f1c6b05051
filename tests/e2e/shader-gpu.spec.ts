import { expect, test } from "@playwright/test";
import { chromium } from "./chromium";
import { ShaderPage } from "./shader-page";

// Chromium with WebGPU on (SwiftShader, no GPU needed): the Run path for real.
test.use({ launchOptions: chromium(true) });

test("Run executes the kernel on WebGPU and every cell matches the engine", async ({ page }) => {
  const shader = new ShaderPage(page);
  await shader.open("#/shader?from=views&shape=3,4&strides=1,3");
  await expect(shader.gpuUnavailable()).toBeEmpty();
  await shader.gpuRun().click();
  await expect(shader.gpuResult()).toContainText("match: all 12 elements equal the engine's offsets");
  await expect(shader.gpuResult()).toContainText(/ms on /);
  // what the GPU wrote, cell by cell, none marked as differing
  await expect(shader.cells("gpu")).toHaveCount(12);
  await expect(shader.cell("gpu", "(2,1)")).toHaveText("5");
  await expect(page.locator('[data-testid="gpu-cell"].cell--bad')).toHaveCount(0);
  expect(shader.consoleErrors).toEqual([]);
});

test("masked elements get the fill value on the GPU too", async ({ page }) => {
  const shader = new ShaderPage(page);
  // padded, flipped and reshaped: two views, masks and a negative stride
  await shader.open("#/shader?from=views&fill=-7&wg=2&shape=4,6&ops=pad:(1,1),(0,0);flip:False,True;reshape:4,9");
  await shader.gpuRun().click();
  await expect(shader.gpuResult()).toContainText("match: all 36 elements");
  await expect(page.locator('[data-testid="gpu-cell"]', { hasText: "-7" })).toHaveCount(12);
  // a layout from the Layouts page runs as well
  await shader.open("#/shader?from=layouts&L=((2,2),3):((1,6),2)");
  await shader.gpuRun().click();
  await expect(shader.gpuResult()).toContainText("match: all 12 elements");
  // and the image input of a Syno conv2d, padding masked: the im2col buffer
  await page.goto("/#/syno");
  await page.getByTestId("syno-preset").selectOption({ index: 1 });
  await page.getByTestId("syno-shader-0").click();
  await expect(shader.from()).toHaveValue("syno");
  await shader.gpuRun().click();
  await expect(shader.gpuResult()).toContainText("match: all 576 elements");
  expect(shader.consoleErrors).toEqual([]);
});
