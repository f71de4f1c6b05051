import { expect, test } from "@playwright/test";
import { ViewsPage } from "./views-page";

test("? lists the keyboard shortcuts, Esc and Close hide them, typing ? in a field does not", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open("#/views?shape=3,4");
  const list = page.getByTestId("shortcuts");
  await expect(list).toBeHidden();
  await page.locator("h2").first().click();
  await page.keyboard.press("?");
  await expect(list).toBeVisible();
  await expect(list).toContainText("Ctrl+Z");
  await expect(list).toContainText("Ctrl+Shift+Z, Ctrl+Y");
  await expect(list).toContainText("Arrow keys");
  await page.keyboard.press("Escape");
  await expect(list).toBeHidden();
  // the header's button opens it too, and says so
  await page.getByRole("button", { name: "Keyboard shortcuts" }).click();
  await expect(list).toBeVisible();
  await expect(page.getByTestId("shortcuts-button")).toHaveAttribute("aria-expanded", "true");
  await page.getByTestId("shortcuts-close").click();
  await expect(list).toBeHidden();
  // inside a text field, ? is a character
  await views.field("offset").focus();
  await page.keyboard.press("?");
  await expect(list).toBeHidden();
  expect(views.consoleErrors).toEqual([]);
});
