import { expect, test, type Page } from "@playwright/test";
import { ViewsPage } from "./views-page";

// The page's background in each scheme (style/main.css, --bg).
const LIGHT = "rgb(251, 251, 253)";
const DARK = "rgb(20, 22, 28)";

// The system is light unless a test says otherwise.
test.use({ colorScheme: "light" });

/** The root's forced theme (`data-theme`), or null when the page follows the system. */
const forced = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme ?? null);
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const toggle = (page: Page) => page.getByTestId("theme-toggle");
/** The autosaved state, once the app has written it. */
const saved = (page: Page) => page.evaluate(() => localStorage.getItem("layout-lab"));

test("the header's toggle switches the page to dark, and the link says so", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open("#/views?shape=3,4");
  await expect(toggle(page)).toHaveText("Theme: system");
  expect(await forced(page)).toBeNull();
  expect(await background(page)).toBe(LIGHT);
  await page.getByRole("button", { name: "Theme: system; switch to dark theme" }).click();
  await expect(toggle(page)).toHaveText("Theme: dark");
  await expect(toggle(page)).toHaveAccessibleName("Theme: dark; switch to light theme");
  expect(await forced(page)).toBe("dark");
  await expect.poll(() => background(page)).toBe(DARK);
  await expect(page).toHaveURL(/#\/views\?theme=dark&v=1$/);
  expect(views.consoleErrors).toEqual([]);
});

test("the toggle cycles system, dark, light and system again, which the link leaves out", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open("#/views?shape=3,4");
  await toggle(page).click();
  await toggle(page).click();
  await expect(toggle(page)).toHaveText("Theme: light");
  expect(await forced(page)).toBe("light");
  await expect(page).toHaveURL(/[?&]theme=light&v=1$/);
  await toggle(page).click();
  await expect(toggle(page)).toHaveText("Theme: system");
  expect(await forced(page)).toBeNull();
  await expect(page).toHaveURL(/#\/views\?v=1$/);
  expect(views.consoleErrors).toEqual([]);
});

test("the toggle is reached and pressed from the keyboard", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open("#/views?shape=3,4");
  await toggle(page).focus();
  await expect(toggle(page)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(toggle(page)).toHaveText("Theme: dark");
  expect(await forced(page)).toBe("dark");
  expect(views.consoleErrors).toEqual([]);
});

test("the theme survives a page switch and a reload of the link", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open("#/views?shape=3,4");
  await toggle(page).click();
  await expect(page).toHaveURL(/theme=dark/);
  await page.getByTestId("nav-layouts").click();
  await expect(page.getByTestId("page-layouts")).toBeVisible();
  await expect(page).toHaveURL(/#\/layouts\?(.*&)?theme=dark&v=1$/);
  expect(await forced(page)).toBe("dark");
  await page.reload();
  await expect(page.getByTestId("page-layouts")).toBeVisible();
  await expect(toggle(page)).toHaveText("Theme: dark");
  expect(await forced(page)).toBe("dark");
  expect(await background(page)).toBe(DARK);
  expect(views.consoleErrors).toEqual([]);
});

test("Back after a theme change brings the theme before it", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open("#/views?shape=3,4");
  await toggle(page).click();
  await expect(page).toHaveURL(/theme=dark/);
  await page.goBack();
  await expect(toggle(page)).toHaveText("Theme: system");
  expect(await forced(page)).toBeNull();
  await expect(page).toHaveURL(/#\/views\?v=1$/);
  expect(views.consoleErrors).toEqual([]);
});

test.describe("with a dark system", () => {
  test.use({ colorScheme: "dark" });

  test("and no setting, the page is dark without an attribute", async ({ page }) => {
    const views = new ViewsPage(page);
    await views.open("#/views?shape=3,4");
    await expect(toggle(page)).toHaveText("Theme: system");
    expect(await forced(page)).toBeNull();
    expect(await background(page)).toBe(DARK);
    expect(views.consoleErrors).toEqual([]);
  });

  test("a link's light theme wins", async ({ page }) => {
    const views = new ViewsPage(page);
    await views.open("#/views?shape=3,4&theme=light");
    await expect(toggle(page)).toHaveText("Theme: light");
    expect(await forced(page)).toBe("light");
    expect(await background(page)).toBe(LIGHT);
    expect(views.consoleErrors).toEqual([]);
  });
});

test("opening the app without a link restores the autosaved theme", async ({ page }) => {
  const views = new ViewsPage(page);
  await page.goto("/#/layouts?L=(8,2):(2,1)");
  await toggle(page).click();
  await expect.poll(() => saved(page)).toMatch(/[?&]theme=dark&v=1$/);
  await page.goto("/");
  await expect(page.getByTestId("layout-input")).toHaveValue("(8,2):(2,1)");
  await expect(toggle(page)).toHaveText("Theme: dark");
  expect(await forced(page)).toBe("dark");
  await expect(page).toHaveURL(/#\/layouts\?L=\(8,2\):\(2,1\)&.*theme=dark&v=1$/);
  expect(views.consoleErrors).toEqual([]);
});

test("a link without a theme opens in the autosaved one, and a link naming one wins", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open("#/views?shape=3,4");
  await toggle(page).click();
  await expect.poll(() => saved(page)).toMatch(/[?&]theme=dark&v=1$/);
  // a fresh load of another link, with no theme in it
  await page.goto("about:blank");
  await views.open("#/views?shape=2,2");
  await expect(toggle(page)).toHaveText("Theme: dark");
  expect(await forced(page)).toBe("dark");
  await expect(page).toHaveURL(/#\/views\?shape=2,2&theme=dark&v=1$/);
  // a link that names a theme wins over the autosave
  await page.goto("about:blank");
  await views.open("#/views?shape=2,2&theme=light");
  await expect(toggle(page)).toHaveText("Theme: light");
  expect(await forced(page)).toBe("light");
  expect(views.consoleErrors).toEqual([]);
});

test("a widget keeps its own theme option and shows no toggle", async ({ page }) => {
  // the app's last theme was dark, and so is the system
  await page.emulateMedia({ colorScheme: "dark" });
  const views = new ViewsPage(page);
  await views.open("#/views?shape=3,4&theme=dark");
  await expect.poll(() => saved(page)).toMatch(/[?&]theme=dark&v=1$/);
  // even with a dark theme in its fragment, a widget with theme=light is light
  await page.goto("/embed.html?theme=light#/layouts?L=(4,2):(2,1)&theme=dark");
  await expect(page.locator('[data-testid="logical-cell"][data-coord="(1,1)"]')).toHaveAttribute("data-addr", "3");
  expect(await forced(page)).toBe("light");
  expect(await background(page)).toBe(LIGHT);
  await expect(toggle(page)).toHaveCount(0);
  // its link out to the app carries no theme: the app opens in the reader's own
  await expect(page.getByTestId("embed-open")).not.toHaveAttribute("href", /theme=/);
  expect(views.consoleErrors).toEqual([]);
});
