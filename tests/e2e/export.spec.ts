import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";

// Pictures of grids and diagrams: what the Export buttons save, read back as files.

async function download(page: Page, testId: string): Promise<{ name: string; data: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId(testId).click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), data: readFileSync(path) };
}

/** Width and height from a PNG's IHDR chunk, after checking its signature. */
function pngSize(data: Buffer): [number, number] {
  expect([...data.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
  expect(data.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return [data.readUInt32BE(16), data.readUInt32BE(20)];
}

const svgSize = (svg: string): [number, number] => {
  const m = svg.match(/<svg [^>]*width="(\d+)" height="(\d+)"/);
  expect(m).not.toBeNull();
  return [Number(m![1]), Number(m![2])];
};

test("the Views grid exports as SVG, PNG and TikZ", async ({ page }) => {
  await page.goto("/#/views?shape=3,4&strides=1,3");
  await expect(page.getByTestId("logical-grid")).toBeVisible();
  const svg = await download(page, "view-grid-svg");
  expect(svg.name).toBe("view-grid.svg");
  const text = svg.data.toString("utf8");
  expect(text.startsWith("<svg")).toBe(true);
  expect(text.match(/<rect x=/g)).toHaveLength(12);
  // row 1, column 2 of a (1,3)-strided 3×4 view reads address 1 + 2·3 = 7
  const cells = [...text.matchAll(/text-anchor="middle">([^<]*)<\/text>/g)].map((m) => m[1]);
  expect(cells).toEqual(["0", "3", "6", "9", "1", "4", "7", "10", "2", "5", "8", "11"]);
  const png = await download(page, "view-grid-png");
  expect(png.name).toBe("view-grid.png");
  expect(pngSize(png.data)).toEqual(svgSize(text));
  const tikz = await download(page, "view-grid-tikz");
  expect(tikz.name).toBe("view-grid.tex");
  expect(tikz.data.toString("utf8")).toContain("\\begin{tikzpicture}");
});

test("a 16,384-cell layout grid exports legibly; a larger one says why not", async ({ page }) => {
  await page.goto("/#/layouts?L=(128,128):(128,1)");
  await expect(page.getByTestId("layout-input")).toHaveValue("(128,128):(128,1)");
  const svg = (await download(page, "layout-grid-svg")).data.toString("utf8");
  expect(svg.match(/<rect x=/g)).toHaveLength(16_384);
  expect(svg).toContain(">16383</text>");
  // five-digit values widen the cells past the 28-pixel default; text stays 11 pixels
  const widths = new Set([...svg.matchAll(/<rect x="\d+" y="\d+" width="(\d+)"/g)].map((m) => Number(m[1])));
  expect([...widths]).toEqual([43]);
  expect(svg).toContain('font-size="11"');
  const png = await download(page, "layout-grid-png");
  expect(pngSize(png.data)).toEqual(svgSize(svg));
  await page.getByTestId("layout-input").fill("(129,128):(128,1)");
  await page.getByTestId("layout-grid-svg").click();
  await expect(page.getByTestId("layout-grid-export-status")).toContainText("No picture:");
});

test("morphism diagrams export as PNG beside their SVG", async ({ page }) => {
  await page.goto("/#/morphisms?f=(4,4) --(1,3)--> (4,2,4)");
  await page.locator("details.export summary").first().click();
  const svg = (await download(page, "download-svg")).data.toString("utf8");
  const png = await download(page, "download-png");
  expect(png.name).toBe("morphism.png");
  expect(pngSize(png.data)).toEqual(svgSize(svg));
  // the grid of the encoded layout L_f
  await expect(page.getByTestId("encoded-layout")).toHaveText("(4,4):(1,8)");
  const grid = (await download(page, "lf-grid-svg")).data.toString("utf8");
  expect(grid).toContain("L = (4,4):(1,8)");
  expect(grid.match(/<rect x=/g)).toHaveLength(16);
  // an operation's result and a walkthrough step: PNG beside their SVG and TikZ
  await page.getByTestId("morphism-op").selectOption("logical_divide");
  await page.getByTestId("morphism-op-example").click();
  const result = (await download(page, "result-svg")).data.toString("utf8");
  const resultPng = await download(page, "result-png");
  expect(resultPng.name).toBe("result.png");
  expect(pngSize(resultPng.data)).toEqual(svgSize(result));
  await page.getByTestId("walk-preset").selectOption("1");
  const walk = (await download(page, "walk-svg")).data.toString("utf8");
  const walkPng = await download(page, "walk-png");
  expect(walkPng.name).toBe("walk.png");
  expect(pngSize(walkPng.data)).toEqual(svgSize(walk));
});

test("the Shader page's grid exports the offsets its cells show, for a layout too", async ({ page }) => {
  for (const url of ["/#/shader?from=views&shape=3,4&strides=1,3", "/#/shader?from=layouts&L=(4,(2,3)):(6,(1,2))"]) {
    await page.goto(url);
    const cells = page.locator('[data-testid="shader-cell"]');
    await expect(cells.first()).toBeVisible();
    const shown = (await cells.allTextContents()).map((t) => t.trim());
    const svg = (await download(page, "shader-grid-svg")).data.toString("utf8");
    const drawn = [...svg.matchAll(/text-anchor="middle">([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(drawn).toEqual(shown);
    expect(drawn.length).toBeGreaterThanOrEqual(12);
  }
});

test("a Syno input's gather exports as the Shader page draws it", async ({ page }) => {
  await page.goto("/#/syno?chain=output 2, 3;reduce 4;share d2;inputs d0 d3 | d4 d1");
  const svg = (await download(page, "syno-in1-svg")).data.toString("utf8");
  const drawn = [...svg.matchAll(/text-anchor="middle">([^<]*)<\/text>/g)].map((m) => m[1]);
  expect(drawn).toHaveLength(2 * 3 * 4);
  await page.getByTestId("syno-shader-1").click();
  const cells = page.locator('[data-testid="shader-cell"]');
  await expect(cells).toHaveCount(24);
  expect((await cells.allTextContents()).map((t) => t.trim())).toEqual(drawn);
  const png = await download(page, "shader-grid-png");
  expect(pngSize(png.data)).toEqual(svgSize(svg));
});

test("the workbench result's grid exports; a failing operation says why", async ({ page }) => {
  await page.goto("/#/layouts?op=logical_divide&A=(4,2,3):(2,1,8)&B=4:2");
  await expect(page.getByTestId("wb-result")).toHaveText("((2,2),(2,3)):((4,1),(2,8))");
  const svg = (await download(page, "wb-result-svg")).data.toString("utf8");
  expect(svg).toContain("L = ((2,2),(2,3)):((4,1),(2,8))");
  expect(svg.match(/<rect x=/g)).toHaveLength(24);
  const png = await download(page, "wb-result-png");
  expect(pngSize(png.data)).toEqual(svgSize(svg));
  await page.getByTestId("wb-op").selectOption("complement");
  await page.getByTestId("wb-a").fill("(2,2):(1,1)");
  await page.getByTestId("wb-result-svg").click();
  await expect(page.getByTestId("wb-result-export-status")).toContainText("No picture: complement needs A to be injective");
});
