import { expect, test } from "@playwright/test";
import { ViewsPage } from "./views-page";

// Edits closer together than this are one undo step (state::history::COALESCE_MS).
const pause = 1100;

test("Ctrl+Z and Ctrl+Shift+Z step through edits; back and forward too", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.twoEdits(pause);
  // outside a text field the keys undo the app's edits
  await page.locator("h2").first().click();
  await page.keyboard.press("Control+z");
  await expect(views.logicalCell("(1,2)")).toHaveAttribute("data-addr", "8");
  await expect(views.field("offset")).toHaveValue("0");
  await page.keyboard.press("Control+z");
  await expect(views.logicalCell("(1,2)")).toHaveAttribute("data-addr", "6");
  await page.keyboard.press("Control+Shift+z");
  await expect(views.logicalCell("(1,2)")).toHaveAttribute("data-addr", "8");
  await page.keyboard.press("Control+y");
  await expect(views.logicalCell("(1,2)")).toHaveAttribute("data-addr", "13");
  // each edit is a history entry: back and forward walk them
  await page.goBack();
  await expect(views.logicalCell("(1,2)")).toHaveAttribute("data-addr", "8");
  await page.goBack();
  await expect(views.logicalCell("(1,2)")).toHaveAttribute("data-addr", "6");
  await page.goForward();
  await expect(views.logicalCell("(1,2)")).toHaveAttribute("data-addr", "8");
  expect(views.consoleErrors).toEqual([]);
});

test("opening the app without a link restores the autosaved state; a corrupt one is dropped", async ({ page }) => {
  const views = new ViewsPage(page);
  await page.goto("/#/layouts?L=(8,2):(2,1)");
  await expect(page.getByTestId("layout-input")).toHaveValue("(8,2):(2,1)");
  await page.goto("/");
  await expect(page.getByTestId("layout-input")).toHaveValue("(8,2):(2,1)");
  await expect(page).toHaveURL(/#\/layouts\?L=\(8,2\):\(2,1\)/);
  await expect(page.getByTestId("notice")).toBeHidden();
  // a stored entry that is not ours, or of another version: dropped, with a notice
  await page.evaluate(() => localStorage.setItem("layout-lab", "layout-lab state v0\n#/views"));
  await page.goto("/");
  await expect(page.getByTestId("notice")).toHaveText(
    "The autosaved state was dropped: its format “layout-lab state v0” is not “layout-lab state v1”.",
  );
  await expect(page.getByTestId("logical-grid")).toBeVisible();
  // the app saved its own state again
  expect(await page.evaluate(() => localStorage.getItem("layout-lab"))).toMatch(/^layout-lab state v1\n#\/views/);
  expect(views.consoleErrors).toEqual([]);
});

test("a link with unreadable parts opens what it can and says what it left out", async ({ page }) => {
  const views = new ViewsPage(page);
  await page.goto("/#/views?shape=3,4&ops=frobnicate:1;reshape:2,6");
  await expect(page.getByTestId("notice")).toContainText("Parts of the link could not be read and were left out: op 1:");
  // the base view and the op that reads are there
  await expect(views.logicalCell("(1,5)")).toHaveAttribute("data-addr", "11");
  // a link that reads is followed without a notice
  await page.goto("/#/views?shape=2,2");
  await expect(page.getByTestId("notice")).toBeHidden();
  expect(views.consoleErrors).toEqual([]);
});

test("links carry their format version; an old link opens, a newer one opens with a notice", async ({ page }) => {
  // written links end in the version marker
  await page.goto("/#/layouts?L=(8,2):(2,1)");
  await expect(page.getByTestId("layout-input")).toHaveValue("(8,2):(2,1)");
  await expect(page).toHaveURL(/#\/layouts\?L=\(8,2\):\(2,1\)&.*v=1$/);
  await expect(page.getByTestId("notice")).toBeHidden();
  // a link from before the marker (the form earlier releases wrote) opens unchanged
  await page.goto("/#/views?shape=3,2&ops=permute:1,0;reshape:3,2");
  await expect(page.getByTestId("view-card-1")).toBeVisible();
  await expect(page.getByTestId("notice")).toBeHidden();
  await expect(page).toHaveURL(/ops=permute:1,0;reshape:3,2&v=1$/);
  // a later format: read as this one, and said
  await page.goto("/#/layouts?v=3&L=(4,4):(4,1)");
  await expect(page.getByTestId("layout-input")).toHaveValue("(4,4):(4,1)");
  await expect(page.getByTestId("notice")).toContainText("permalink format v3, newer than this Layout Lab's v1");
});

test("a panic shows the banner, and a reload opens the last state that rendered", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open("#/views?shape=3,4");
  await views.type("stride-1", "2");
  await expect(views.logicalCell("(1,2)")).toHaveAttribute("data-addr", "8");
  // A fault from outside: the next element the app creates fails, and Leptos' unwrap of it
  // panics, as a bug would.
  await page.evaluate(() => {
    const create = Document.prototype.createElement;
    let armed = true;
    Document.prototype.createElement = function (this: Document, ...args: Parameters<Document["createElement"]>) {
      if (armed) {
        armed = false;
        throw new Error("injected fault");
      }
      return create.apply(this, args);
    } as Document["createElement"];
  });
  await page.getByTestId("add-dim").click();
  const banner = page.getByTestId("panic-banner");
  await expect(banner).toBeVisible();
  await expect(banner).toContainText("hit a bug");
  await expect(banner.locator("textarea")).toHaveValue(/panic: .*injected fault|panic: /);
  // the state that broke the app was not saved: the reload opens the one before it
  await page.goto("/");
  await expect(views.logicalCell("(1,2)")).toHaveAttribute("data-addr", "8");
  await expect(page.getByTestId("panic-banner")).toHaveCount(0);
  await expect(page.getByTestId("dim-row-2")).toHaveCount(0);
});

test("an edit updates the link without fetching anything (Chromium fetches a linked icon again on every URL update)", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open("#/views?shape=8,8");
  await page.waitForLoadState("load");
  await page.waitForTimeout(300);
  const before = await page.evaluate(() => performance.getEntriesByType("resource").length);
  for (const stride of ["2", "3", "4"]) {
    await views.type("stride-1", stride);
    await expect(page).toHaveURL(new RegExp(`strides=,${stride}`));
  }
  await page.waitForTimeout(300);
  const fetched = await page.evaluate((n) => performance.getEntriesByType("resource").slice(n).map((r) => r.name), before);
  expect(fetched).toEqual([]);
  expect(views.consoleErrors).toEqual([]);
});
