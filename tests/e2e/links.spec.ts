import { expect, test } from "@playwright/test";
import { ViewsPage } from "./views-page";

// Issue 53, item 7: a "Copy link" button; the link carries only what differs from the page's
// defaults; every link from one page to another keeps the theme.

test.use({ colorScheme: "light" });

test("Copy link puts the page's link on the clipboard, with only what the user changed", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const views = new ViewsPage(page);
  await views.open("#/views");
  await views.applyOp("flip", "0");
  await page.getByTestId("copy-link").click();
  await expect(page.getByTestId("copy-link")).toHaveText(/Copied/);
  const link = await page.evaluate(() => navigator.clipboard.readText());
  // the base view is the default 3×4: only the op is in the link
  expect(link).toMatch(/\/#\/views\?ops=flip:0&v=1$/);
  expect(link).toBe(page.url());
  // a new state is a new link: the button no longer says it was copied
  await views.applyOp("flip", "1");
  await expect(page.getByTestId("copy-link")).toHaveText(/Copy link/);
  // the link opens the same state in a new tab
  const other = await context.newPage();
  await other.goto(link);
  await expect(other.getByTestId("history")).toContainText("flip 0");
  expect(views.consoleErrors).toEqual([]);
});

test("an untouched page's link carries no state: the workbench's and the bank section's defaults stay out", async ({ page }) => {
  await page.goto("/#/layouts");
  await expect(page.getByTestId("page-layouts")).toBeVisible();
  await expect(page).toHaveURL(/#\/layouts\?v=1$/);
  await page.getByTestId("layout-input").fill("(8,8):(8,1)");
  await expect(page).toHaveURL(/#\/layouts\?L=\(8,8\):\(8,1\)&v=1$/);
  // the link reopens it, with the workbench as it was
  await page.reload();
  await expect(page.getByTestId("layout-input")).toHaveValue("(8,8):(8,1)");
  await expect(page.getByTestId("wb-op")).toHaveValue("logical_divide");
  // a default link opens the default state, not the page as it was
  await page.goto("/#/layouts?v=1");
  await expect(page.getByTestId("layout-input")).toHaveValue("((4,4),4):((16,1),4)");
});

test("every link from one page to another keeps a forced theme", async ({ page }) => {
  await page.goto("/#/layouts?L=(4,2):(2,1)&theme=dark");
  await expect(page.getByTestId("page-layouts")).toBeVisible();
  const fragments = [
    "#/views?shape=4,8&theme=dark",
    "#/layouts?L=(4,2):(2,1)&theme=dark",
    "#/syno?theme=dark",
    "#/shader?from=views&shape=3,4&theme=dark",
    "#/threads?atom=SM80_16x8x16_F16F16F16F16_TN&layout=2x2x1&theme=dark",
  ];
  for (const fragment of fragments) {
    await page.goto(`/${fragment}`);
    await expect(page.locator("main")).toBeVisible();
    await page.evaluate(() => document.querySelectorAll("main details").forEach((d) => d.setAttribute("open", "")));
    const hrefs = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLAnchorElement>('a[href^="#/"]')].map((a) => a.getAttribute("href")!),
    );
    expect(hrefs.length, fragment).toBeGreaterThan(7);
    expect(hrefs.filter((h) => !h.includes("theme=dark")), fragment).toEqual([]);
  }
  // and following one keeps the page dark: Threads to Triton, as a user clicks it
  await page.getByTestId("threads-triton-c").click();
  await expect(page.getByTestId("page-triton")).toBeVisible();
  await expect(page).toHaveURL(/theme=dark/);
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
});
