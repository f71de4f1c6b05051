import { expect, test } from "@playwright/test";

// Issue 53, item 6: at a phone's 390 px no page scrolls sideways, and the header fits in two
// rows: the brand and its buttons, then every page's link, all in view.

test.use({ viewport: { width: 390, height: 844 } });

const pages = [
  "#/views?shape=4,8&ops=pad:(1,1),(0,0)",
  "#/layouts?L=(64,64):(64,1)",
  "#/morphisms",
  "#/syno",
  "#/shader?from=views&shape=3,4",
  // the TiledCopy fieldset was 487 px wide here
  "#/threads?atom=SM80_16x8x16_F16F16F16F16_TN&layout=2x2x1",
  "#/triton",
];

for (const fragment of pages) {
  test(`nothing scrolls sideways and every box stays in its card: ${fragment}`, async ({ page }) => {
    await page.goto(`/${fragment}`);
    await expect(page.locator("main")).toBeVisible();
    await page.waitForTimeout(300);
    // open every collapsed section, so that what it holds is measured too
    await page.evaluate(() => document.querySelectorAll("main details").forEach((d) => d.setAttribute("open", "")));
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // a field or fieldset that spills past the screen is cut off, unless a scroller of its own
    // (a grid's, a table's) holds it: find any
    const spilled = await page.evaluate(() =>
      [...document.querySelectorAll("main :is(fieldset, input, select, textarea, button)")]
        .filter((e) => {
          const box = e.getBoundingClientRect();
          if (box.width === 0 || (box.left >= -1 && box.right <= innerWidth + 1)) return false;
          for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
            if (["auto", "scroll"].includes(getComputedStyle(a).overflowX)) return false;
          }
          return true;
        })
        .map((e) => `${e.tagName} ${e.getAttribute("data-testid") ?? e.className}: ${Math.round(e.getBoundingClientRect().right)}`),
    );
    expect(spilled).toEqual([]);
    // nor past the card that holds it (the Views offset field poked out of its editor)
    const poking = await page.evaluate(() =>
      [...document.querySelectorAll("main :is(input, select, textarea, button)")]
        .filter((e) => {
          const card = e.closest(".dim-editor, fieldset, .stack__card");
          if (!card || e.getBoundingClientRect().width === 0) return false;
          // the card's content box: inside its padding and border
          const style = getComputedStyle(card);
          const inner = card.getBoundingClientRect().right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth);
          return e.getBoundingClientRect().right > inner + 1;
        })
        .map((e) => `${e.tagName} ${e.getAttribute("data-testid") ?? e.className}`),
    );
    expect(poking).toEqual([]);
  });
}

test("the header is two rows: the brand and its buttons, then every page's link in view", async ({ page }) => {
  await page.goto("/#/threads");
  const header = page.locator(".app-header");
  await expect(header).toBeVisible();
  const rowHeight = (await page.locator(".brand").boundingBox())!.height;
  const box = (await header.boundingBox())!;
  // two rows of about 2.3 line heights each, with the header's padding
  expect(box.height).toBeLessThanOrEqual(rowHeight * 4);
  const links = page.locator(".app-header nav a");
  expect(await links.count()).toBe(7);
  for (const link of await links.all()) await expect(link).toBeInViewport({ ratio: 1 });
  // the buttons keep their names for a screen reader, though only their signs show
  await expect(page.getByRole("button", { name: "Undo" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Redo" })).toBeVisible();
  const brand = (await page.locator(".brand").boundingBox())!;
  for (const id of ["undo", "redo"]) {
    const button = (await page.getByTestId(id).boundingBox())!;
    expect(Math.abs(button.y + button.height / 2 - (brand.y + brand.height / 2))).toBeLessThan(brand.height);
  }
});

test("a canvas is drawn at the width the phone gives it, so its numbers keep their pixels", async ({ page }) => {
  await page.goto("/#/threads?atom=SM80_16x8x16_F16F16F16F16_TN&layout=2x2x1");
  const a = page.getByTestId("threads-a");
  await expect(a).toBeVisible();
  // not a 640-pixel canvas shrunk by CSS: one canvas pixel per screen pixel
  await expect
    .poll(() => a.evaluate((c: HTMLCanvasElement) => Math.abs(c.width - c.clientWidth)))
    .toBeLessThanOrEqual(6);
  expect(await a.evaluate((c: HTMLCanvasElement) => c.width)).toBeLessThan(390);
});
