import { expect, test } from "@playwright/test";
import { ViewsPage } from "./views-page";

// Issue 41: where a new user was misled. Each test does what that user did.

test("a large grid: each canvas under its own heading, one hover readout, a legend for the ramp", async ({ page }) => {
  const views = new ViewsPage(page);
  await page.goto("/#/views?shape=64,64&ops=permute:1,0");
  const canvas = page.getByTestId("canvas-grid");
  await expect(canvas).toBeVisible({ timeout: 30_000 });
  // every element is valid: nothing may say that none reaches memory
  await expect(page.getByText("No valid element reaches memory.")).toBeHidden();
  // one readout, the canvas's
  await expect(page.getByTestId("hover-info")).toBeHidden();
  await expect(page.getByTestId("canvas-hover-info")).toBeVisible();
  // "Logical (composed)" names the canvas right below it, "Memory" the strip
  const heading = page.getByRole("heading", { name: "Logical (composed)" });
  await expect(heading).toHaveCount(1);
  const [h, c] = [(await heading.boundingBox())!, (await canvas.boundingBox())!];
  expect(c.y).toBeGreaterThan(h.y);
  expect(c.y - (h.y + h.height)).toBeLessThan(100); // the canvas's one-line help between
  const memory = page.getByRole("heading", { name: "Memory" });
  await expect(memory).toHaveCount(1);
  expect((await memory.boundingBox())!.y).toBeLessThan(h.y);
  // the ramp says what it means: addresses 0 to 4,095
  const legend = page.getByTestId("colour-legend");
  await expect(legend).toContainText("address, lowest to highest");
  await expect(legend).toContainText("4095");
  expect(views.consoleErrors).toEqual([]);
});
