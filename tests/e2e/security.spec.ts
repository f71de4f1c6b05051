import { expect, test } from "@playwright/test";
import { ViewsPage } from "./views-page";

test("the Content-Security-Policy allows the app and refuses injected inline script", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open();
  const policy = await page
    .locator('meta[http-equiv="Content-Security-Policy"]')
    .getAttribute("content");
  expect(policy).toContain("default-src 'self'");
  expect(policy).toContain("'wasm-unsafe-eval'");
  expect(policy).not.toContain("unsafe-inline");
  expect(views.consoleErrors).toEqual([]);
  // an inline script added at run time is refused, and says so
  const violation = page.waitForEvent("console", (m) => m.text().includes("Content Security Policy"));
  const ran = await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.__injected = 1";
    document.body.appendChild(script);
    return (window as unknown as { __injected?: number }).__injected ?? 0;
  });
  expect(ran).toBe(0);
  await violation;
});

const payload = '<img src=x onerror="window.__pwned=1">';

test("a script payload in the URL or a text field is shown as text, never run", async ({ page }) => {
  // Every string the page sets as HTML is recorded with the element it is set on. Panels are
  // built as DOM nodes; the only HTML parsed is Leptos's compile-time templates of the static
  // markup in the source, set on <template> elements.
  await page.addInitScript(() => {
    const sets: { tag: string; html: string }[] = [];
    (window as unknown as { __htmlSets: typeof sets }).__htmlSets = sets;
    for (const name of ["innerHTML", "outerHTML"]) {
      const own = Object.getOwnPropertyDescriptor(Element.prototype, name)!;
      Object.defineProperty(Element.prototype, name, {
        ...own,
        set(this: Element, value: string) {
          sets.push({ tag: this.tagName, html: String(value) });
          own.set!.call(this, value);
        },
      });
    }
    const insert = Element.prototype.insertAdjacentHTML;
    Element.prototype.insertAdjacentHTML = function (this: Element, where: InsertPosition, html: string) {
      sets.push({ tag: this.tagName, html });
      insert.call(this, where, html);
    };
  });
  const views = new ViewsPage(page);
  await page.goto(`/#/layouts?L=${encodeURIComponent(payload)}`);
  await expect(page.getByTestId("error-layout")).not.toBeEmpty();
  await views.type("layout-input", payload);
  await expect(page.getByTestId("error-layout")).toContainText("expected");
  await page.goto(`/#/morphisms?f=${encodeURIComponent(payload)}`);
  await expect(page.getByTestId("error-map")).toContainText("link:");
  for (const field of ["morphism-domain", "morphism-codomain", "morphism-map", "from-layout", "morphism-g", "walk-a"]) {
    await views.type(field, payload);
  }
  // the read-only panels (results, errors, warnings) show it as text too
  await page.goto(`/#/layouts?A=${encodeURIComponent(payload)}&B=${encodeURIComponent(payload)}`);
  await views.type("wb-a", payload);
  await views.type("wb-b", payload);
  await page.goto(`/#/views?shape=${encodeURIComponent(payload)}`);
  await views.type("paste-view", payload);
  await views.openMore("more-import-export");
  await views.type("import-text", payload);
  await page.getByTestId("import").click();
  await expect(page.getByTestId("error-import")).not.toBeEmpty();
  await expect(page.locator("img")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  const sets = await page.evaluate(() => (window as unknown as { __htmlSets: { tag: string; html: string }[] }).__htmlSets);
  expect(sets.length).toBeGreaterThan(0);
  for (const { tag, html } of sets) {
    expect(tag).toBe("TEMPLATE");
    expect(html).not.toMatch(/onerror|pwned|<img/);
  }
  expect(views.consoleErrors).toEqual([]);
});
