import { expect, test } from "@playwright/test";
import { ViewsPage } from "./views-page";

// Edits closer together than this are one undo step (state::history::COALESCE_MS).
const pause = 1100;

// The app writes a state into the URL after its frame is painted. When Back is pressed before
// that write, the write belongs to the entry that was left, even where the entry Back lands on
// shows the same URL (undo and redo make such pairs). Here the browser's timing that once made
// the full suite fail is made certain: frames come 150 ms late and `hashchange` 500 ms late, so
// Back lands while the redo's write is still pending and before the app hears of it.
test("Back right after a redo shows the entry's own state, not the redo's", async ({ page }) => {
  await page.addInitScript(() => {
    const add = window.addEventListener.bind(window);
    window.addEventListener = ((type: string, listener: EventListener, options?: AddEventListenerOptions) =>
      type === "hashchange"
        ? add(type, (event: Event) => setTimeout(() => listener(event), 500), options)
        : add(type, listener, options)) as typeof window.addEventListener;
    const frame = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback: FrameRequestCallback) =>
      frame(() => setTimeout(() => callback(performance.now()), 150));
  });
  const views = new ViewsPage(page);
  await views.twoEdits(pause);
  await page.waitForTimeout(pause);
  await page.locator("h2").first().click();
  // undo to 8 and let its write land: the newest entry now shows the URL of the one before it
  await page.keyboard.press("Control+z");
  await expect(views.logicalCell("(1,2)")).toHaveAttribute("data-addr", "8");
  await page.waitForTimeout(400);
  await page.keyboard.press("Control+y");
  await expect(views.logicalCell("(1,2)")).toHaveAttribute("data-addr", "13");
  await page.goBack();
  await page.waitForTimeout(800);
  await expect(views.logicalCell("(1,2)")).toHaveAttribute("data-addr", "8");
  await expect(views.field("offset")).toHaveValue("0");
  await page.goForward();
  await expect(views.logicalCell("(1,2)")).toHaveAttribute("data-addr", "13");
  expect(views.consoleErrors).toEqual([]);
});
