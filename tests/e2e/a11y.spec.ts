import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

// axe-core injects its script: the app's Content-Security-Policy rightly refuses injected
// scripts, so these pages run in a context that bypasses it.
test.use({ bypassCSP: true });

// Each page in its default state and populated: stacks of views, masks, nested blocks, a
// canvas grid, the workbench's three grids, a morphism operation, a chain with two inputs, a
// padded shader; and some in the dark theme.
const states = [
  ["views", "default", "#/views"],
  ["views", "two views", "#/views?shape=3,2&ops=permute:1,0;reshape:3,2"],
  ["views", "masked rank 3", "#/views?shape=2,3,4&strides=12,1,3&mask=:,:,1:4"],
  ["views", "a canvas grid", "#/views?shape=64,64"],
  ["layouts", "default", "#/layouts"],
  ["layouts", "a workbench divide", "#/layouts?op=logical_divide&A=(4,2,3):(2,1,8)&B=4:2"],
  ["layouts", "a composition", "#/layouts?L=(4,8):(1,4)&op=composition&A=(6,2):(8,2)&B=(4,3):(3,1)"],
  ["morphisms", "default", "#/morphisms"],
  ["morphisms", "a morphism", "#/morphisms?f=(4,4)%20--(1,3)--%3E%20(4,2,4)"],
  ["syno", "default", "#/syno"],
  ["syno", "a matmul", "#/syno?chain=output 2, 3;reduce 4;share d2;inputs d0 d3 | d4 d1"],
  ["shader", "default", "#/shader"],
  ["shader", "a padded, flipped view", "#/shader?from=views&fill=-7&wg=2&shape=4,6&ops=pad:(1,1),(0,0);flip:False,True;reshape:4,9"],
  ["threads", "default", "#/threads"],
  ["threads", "a 2x2 SM80 tiled MMA", "#/threads?atom=SM80_16x8x16_F16F16F16F16_TN&layout=2x2x1&perm=(_32,_32,_16)"],
  ["threads", "an ldmatrix copy, its banks, a picked thread", "#/threads?atom=SM80_16x8x16_F16F16F16F16_TN&layout=2x2x1&perm=(_32,_32,_16)&pick=t5&copy=SM75_U32x4_LDSM_N&over=a&bits=16&smem=(32,16):(32,1)"],
  ["triton", "default", "#/triton"],
  ["triton", "a conversion to mma.sync, a picked warp, dark theme", "#/triton?layout=%23ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>&shape=32,32&to=%23ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>&pick=w1&theme=dark"],
  ["layouts", "the bank section of a swizzled tile", "#/layouts?L=(8,8):(8,1)&read=column&sw=3,0,3"],
  // the dark theme's colours
  ["views", "two views, dark theme", "#/views?shape=3,2&ops=permute:1,0;reshape:3,2&theme=dark"],
  ["layouts", "a workbench divide, dark theme", "#/layouts?op=logical_divide&A=(4,2,3):(2,1,8)&B=4:2&theme=dark"],
  ["morphisms", "a morphism, dark theme", "#/morphisms?f=(4,4)%20--(1,3)--%3E%20(4,2,4)&theme=dark"],
];

for (const [name, state, fragment] of states) {
  test(`the ${name} page (${state}) has no serious or critical accessibility violation`, async ({ page }) => {
    await page.goto(`/${fragment}`);
    await expect(page.getByTestId(`page-${name}`)).toBeVisible();
    await page.waitForTimeout(300);
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}, ${v.nodes.length}): ${v.nodes.slice(0, 2).map((n) => n.target.join(" ")).join(" | ")}`);
    expect(bad).toEqual([]);
  });
}

test("the open Embed menu, its choices and a height error, has no serious or critical accessibility violation", async ({ page }) => {
  await page.goto("/#/layouts?L=(8,2):(2,1)");
  await page.getByTestId("embed-menu").locator("summary").click();
  await page.getByTestId("embed-height").fill("0");
  await expect(page.getByTestId("error-embed-height")).not.toBeEmpty();
  const results = await new AxeBuilder({ page }).include(".embed-menu").analyze();
  const bad = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}, ${v.nodes.length}): ${v.nodes.slice(0, 2).map((n) => n.target.join(" ")).join(" | ")}`);
  expect(bad).toEqual([]);
});
