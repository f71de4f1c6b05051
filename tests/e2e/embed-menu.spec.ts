import { expect, test, type Locator, type Page } from "@playwright/test";
import { chromium } from "./chromium";

// The Embed menu's choices (issue 41, item 8): panels, read-only, theme and height, and a
// snippet that carries only the state its panels show. A "docs page" on another origin is
// made up with page.route, as in embed.spec.ts.
const PORT = process.env.PW_PORT ?? "4173";
const DOCS = `http://localhost:${PORT}/docs/`;
test.use({
  launchOptions: { ...chromium(), args: [...chromium().args, "--disable-features=LocalNetworkAccessChecks"] },
});

/** The Embed menu of the app, open. */
class EmbedMenu {
  constructor(readonly page: Page) {}

  async open(fragment: string) {
    await this.page.goto(`/${fragment}`);
    await this.page.getByTestId("embed-menu").locator("summary").click();
    await expect(this.element).toBeVisible();
  }

  get element(): Locator {
    return this.page.getByTestId("export-embed");
  }

  get iframe(): Locator {
    return this.page.getByTestId("export-embed-iframe");
  }

  panel(name: string): Locator {
    return this.page.getByTestId(`embed-panel-${name}`);
  }

  get height(): Locator {
    return this.page.getByTestId("embed-height");
  }

  async snippets(): Promise<[string, string]> {
    return [(await this.element.textContent()) ?? "", (await this.iframe.textContent()) ?? ""];
  }
}

/** Serves `body` as the plain HTML page DOCS + name and opens it. */
async function openDocsPage(page: Page, name: string, body: string) {
  await page.route(DOCS + name, (route) =>
    route.fulfill({ contentType: "text/html", body: `<!DOCTYPE html><html><body>${body}</body></html>` }),
  );
  await page.goto(DOCS + name);
}

test("the Embed menu: Layouts without the workbench by default, then panels, read-only, theme and height", async ({ page }) => {
  const menu = new EmbedMenu(page);
  await menu.open("#/layouts?L=(8,2):(2,1)");
  // by default: the layout's panels and only the layout, at a height worked out for its grid
  let [element, iframe] = await menu.snippets();
  const auto = element.match(/height="(\d+)"/)![1];
  expect(element).toContain(`<layout-lab page="layouts" state="L=(8,2):(2,1)" panels="editor notation grid" height="${auto}"></layout-lab>`);
  expect(element).not.toMatch(/op=|A=|B=/);
  expect(iframe).toContain(`embed.html?panels=editor,notation,grid#/layouts?L=(8,2):(2,1)&amp;v=1" title="Layout Lab: Layouts" width="100%" height="${auto}"`);
  await expect(menu.panel("workbench")).not.toBeChecked();
  await expect(menu.height).toHaveAttribute("placeholder", auto);
  await expect(page.getByTestId("embed-height-note")).toContainText(`${auto} px`);
  // a taller grid makes a taller widget
  await page.getByTestId("layout-input").fill("(16,2):(2,1)");
  await expect(menu.element).not.toContainText(`height="${auto}"`);
  const taller = Number((await menu.snippets())[0].match(/height="(\d+)"/)![1]);
  expect(taller).toBeGreaterThan(Number(auto) + 8 * 38 - 1);
  await page.getByTestId("layout-input").fill("(8,2):(2,1)");
  await expect(menu.element).toContainText(`height="${auto}"`);

  // the workbench brings its own state, and only it
  await menu.panel("workbench").check();
  await expect(menu.element).toContainText(/state="L=\(8,2\):\(2,1\)&amp;op=[a-z_]+&amp;A=[^"]*" panels="editor notation grid workbench"/);
  await menu.panel("workbench").uncheck();
  await menu.panel("editor").uncheck();
  await page.getByTestId("embed-read-only").check();
  await page.getByTestId("embed-theme").selectOption("dark");
  [element, iframe] = await menu.snippets();
  expect(element).toMatch(/<layout-lab page="layouts" state="L=\(8,2\):\(2,1\)" panels="notation grid" theme="dark" interactive="false" height="\d+"><\/layout-lab>/);
  expect(iframe).toContain("embed.html?panels=notation,grid&amp;theme=dark&amp;interactive=false#/layouts?L=(8,2):(2,1)&amp;v=1");

  // a height of the author's; a bad one is named next to its field and the snippet keeps the last
  await menu.height.fill("640");
  await expect(menu.element).toContainText('height="640"');
  await expect(menu.iframe).toContainText('height="640"');
  for (const [bad, says] of [["0", "out of range"], ["tall", "whole pixels"], ["5000", "out of range"]]) {
    await menu.height.fill(bad);
    await expect(page.getByTestId("error-embed-height")).toContainText(says);
    await expect(menu.height).toHaveAttribute("aria-invalid", "true");
    await expect(menu.element).toContainText('height="640"');
  }
  await menu.height.fill("");
  await expect(page.getByTestId("error-embed-height")).toBeEmpty();
  await expect(menu.element).not.toContainText('height="640"');

  // no panel: named, and the snippet keeps the last panels
  await menu.panel("notation").uncheck();
  await menu.panel("grid").uncheck();
  await expect(page.getByTestId("error-embed-panels")).toContainText("at least one panel");
  await expect(menu.element).toContainText('panels="grid"');
  await menu.panel("grid").check();
  await expect(page.getByTestId("error-embed-panels")).toBeEmpty();
});

test("a snippet from the Embed menu shows only its panels, read-only, in its theme, with the whole grid in sight", async ({ page }) => {
  const menu = new EmbedMenu(page);
  await menu.open("#/layouts?L=(8,2):(2,1)&show=coord");
  await menu.panel("editor").uncheck();
  await page.getByTestId("embed-read-only").check();
  await page.getByTestId("embed-theme").selectOption("dark");
  await expect(menu.element).toContainText('interactive="false"');
  const [element, iframe] = await menu.snippets();
  const height = Number(element.match(/height="(\d+)"/)![1]);

  // in a docs page's 720 px column, as the menu says the height is worked out for
  await openDocsPage(
    page,
    "menu.html",
    `<div style="width:720px">${element}</div>\n${iframe.replace("<iframe", '<iframe id="plain"')}`,
  );
  expect(await page.locator("layout-lab").evaluate((el) => el.getBoundingClientRect().height)).toBe(height);
  for (const frame of [page.frameLocator("layout-lab iframe"), page.frameLocator("#plain")]) {
    const cell = frame.locator('[data-testid="logical-cell"][data-coord="(1,1)"]');
    await expect(cell).toHaveAttribute("data-addr", "3");
    await expect(cell).toContainText("(1,1)");
    // only the chosen panels
    await expect(frame.getByTestId("layout-properties")).toBeVisible();
    await expect(frame.getByTestId("layout-input")).toBeHidden();
    await expect(frame.locator('[data-panel="workbench"]')).toBeHidden();
    // read-only, dark
    await expect(frame.locator("fieldset.page__body")).toHaveAttribute("disabled", "");
    await expect(frame.getByTestId("cell-show")).toBeDisabled();
    expect(await frame.locator("body").evaluate((b) => getComputedStyle(b).backgroundColor)).toBe("rgb(20, 22, 28)");
  }
  // the element's widget shows its grid and codomain whole, without scrolling
  const live = page.frameLocator("layout-lab iframe");
  const inView = await live.locator("body").evaluate(() => {
    const bottom = (id: string) => document.querySelector(`[data-testid="${id}"]`)!.getBoundingClientRect().bottom;
    return { grid: bottom("logical-grid"), strip: bottom("memory-strip"), height: innerHeight, scrolled: scrollY };
  });
  expect(inView.scrolled).toBe(0);
  expect(inView.grid).toBeLessThanOrEqual(inView.height);
  expect(inView.strip).toBeLessThanOrEqual(inView.height);
});
