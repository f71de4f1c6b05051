import { expect, test } from "@playwright/test";
import { ShaderPage } from "./shader-page";

// A transposed 3 x 4 view: element (ridx0, ridx1) sits at ridx0 + 3 * ridx1.
const permalink = "#/shader?from=views&shape=3,4&strides=1,3";
const expression = "return Address(ridx0 + ridx1 * 3i, true);";

test("a view-stack permalink opens its shader, and Copy puts it on the clipboard", async ({ page, context }) => {
  const shader = new ShaderPage(page);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await shader.open(permalink);
  const code = shader.code();
  await expect(code).toContainText(expression);
  await expect(page.getByTestId("shader-summary")).toHaveText(
    "12 elements · 2 operations per element (offset and validity) · 37 lines",
  );
  // highlighted from DOM nodes: one element per line, spans per token
  await expect(code.locator(".line")).toHaveCount(37);
  await expect(code.locator(".tok-k", { hasText: "return" })).toHaveCount(2);
  await page.getByTestId("copy-wgsl").click();
  await expect(page.getByTestId("shader-copy-status")).toHaveText("copied");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(expression);
  expect(copied).toContain("@compute @workgroup_size(64)");
  // the download holds the same text
  const href = await page.getByTestId("download-wgsl").getAttribute("href");
  expect(href).toMatch(/^data:text\/plain;charset=utf-8,/);
  expect(decodeURIComponent(href!.split(",").slice(1).join(","))).toBe(copied);
  expect(shader.consoleErrors).toEqual([]);
});

test("hovering a line lights its expression part and the cells it computes", async ({ page }) => {
  const shader = new ShaderPage(page);
  await shader.open(permalink);
  const code = shader.code();
  await code.locator(".line", { hasText: "let ridx1" }).hover();
  // ridx1 walks dimension 1 (extent 4): the four cells of row 0 light up
  await expect(shader.litCells("shader")).toHaveCount(4);
  await expect(shader.litCells("shader").first()).toHaveAttribute("data-coord", "(0,0)");
  await expect(code.locator('[data-var="1"].tok--lit')).toHaveCount(2);
  await expect(shader.hover()).toContainText("ridx1: the coordinate along dimension 1 (extent 4)");
  // a cell says where it reads
  await shader.cell("shader", "(2,1)").hover();
  await expect(shader.hover()).toContainText("5");
  expect(shader.consoleErrors).toEqual([]);
});

test("options change the shader and live in the URL; bad ones are errors at their field", async ({ page }) => {
  const shader = new ShaderPage(page);
  await shader.open("#/shader?from=views&shape=4&ops=pad:1,1");
  const code = shader.code();
  await shader.type("shader-fill", "-1");
  await expect(code).toContainText("output[i] = -1i;");
  await code.locator(".line", { hasText: "output[i] = -1i" }).hover();
  await expect(shader.litCells("shader")).toHaveCount(2);
  await page.getByTestId("shader-type").selectOption("u32");
  await expect(shader.error()).toContainText("choose i32 for negative values");
  await page.getByTestId("shader-type").selectOption("i32");
  await expect(shader.error()).toBeEmpty();
  await shader.type("shader-workgroup", "300");
  await expect(page.getByTestId("error-shader-workgroup")).toContainText("from 1 to 256");
  await expect(code).toContainText("@workgroup_size(64)");
  await shader.type("shader-workgroup", "128");
  await expect(code).toContainText("@workgroup_size(128)");
  await page.getByTestId("shader-readable").uncheck();
  await expect(page).toHaveURL(/#\/shader\?fill=-1&wg=128&expr=compact&shape=4/);
  // the URL reopens the same shader
  const text = await code.innerText();
  await page.reload();
  await expect(code).toHaveText(text);
  expect(shader.consoleErrors).toEqual([]);
});

test("the Shader page generates from the page visited last: a layout or a morphism", async ({ page }) => {
  const shader = new ShaderPage(page);
  await page.goto("/#/layouts?L=(2,3):(3,1)");
  await page.getByTestId("nav-shader").click();
  await expect(shader.from()).toHaveValue("layouts");
  await expect(shader.code()).toContainText("for the CuTe layout (2,3):(3,1)");
  // colexicographic L(i): 0 3 1 4 2 5, drawn over the modes reversed (3, 2)
  await expect(shader.cell("shader", "(0,1)")).toHaveText("3");
  // the link back opens the layout it came from
  await expect(page.getByTestId("shader-source")).toHaveText("Edit the CuTe layout (Layouts page)");
  await page.getByTestId("shader-source").click();
  await expect(page.getByTestId("layout-input")).toHaveValue("(2,3):(3,1)");
  await page.getByTestId("nav-shader").click();
  await expect(shader.code()).toContainText("for the CuTe layout (2,3):(3,1)");
  await page.getByTestId("nav-morphisms").click();
  await page.getByTestId("nav-shader").click();
  await expect(shader.from()).toHaveValue("morphisms");
  await expect(shader.code()).toContainText("for the CuTe layout");
  await shader.from().selectOption("views");
  await expect(shader.code()).toContainText("for View(shape=");
  expect(shader.consoleErrors).toEqual([]);
});

test("without WebGPU the page says so and points to the check the project runs", async ({ page }) => {
  const shader = new ShaderPage(page);
  await shader.open(permalink);
  await expect(shader.gpuUnavailable()).toContainText("WebGPU is not available here");
  await expect(shader.gpuUnavailable()).toContainText("Mesa's lavapipe");
  await expect(shader.gpuRun()).toBeDisabled();
  expect(shader.consoleErrors).toEqual([]);
});
