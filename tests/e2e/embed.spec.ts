import { expect, test, type FrameLocator, type Page } from "@playwright/test";
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { chromium } from "./chromium";

// Widgets: the <layout-lab> element (public/layout-lab.js), the embed.html route and their
// message API. The app is served at http://127.0.0.1:PORT (PW_PORT, 4173 by default); a "docs page" on another origin is
// made up with page.route, as a docs author's plain HTML file would be.
const PORT = process.env.PW_PORT ?? "4173";
const APP = `http://127.0.0.1:${PORT}/`;
const DOCS = `http://localhost:${PORT}/docs/`;
// A page made up with page.route has no address, so Chromium counts it as public and its Local
// Network Access checks would block it from framing the app on 127.0.0.1. Docs and app on
// public hosts, or both local, are not affected.
test.use({
  launchOptions: { ...chromium(), args: [...chromium().args, "--disable-features=LocalNetworkAccessChecks"] },
});

/** Serves `body` as the plain HTML page DOCS + name and opens it. */
async function openDocsPage(page: Page, name: string, body: string) {
  await page.route(DOCS + name, (route) =>
    route.fulfill({ contentType: "text/html", body: `<!DOCTYPE html><html><body>${body}</body></html>` }),
  );
  await page.goto(DOCS + name);
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

const widget = (page: Page, id: string): FrameLocator => page.frameLocator(`#${id} iframe`);

test("the example docs page: four live widgets, each with its own state", async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto("/docs-example.html");
  const entries = await page.evaluate(() => history.length);
  const stack = widget(page, "stack");
  const layout = widget(page, "layout");
  const morphism = widget(page, "morphism");
  const shader = widget(page, "shader");
  // each shows its page and state
  await expect(stack.getByTestId("view-card-1")).toBeVisible();
  await expect(stack.getByTestId("logical-grid")).toBeVisible();
  await expect(layout.locator('[data-testid="logical-cell"][data-coord="(1,0)"]')).toHaveAttribute("data-addr", "16");
  await expect(morphism.getByTestId("diagram")).toBeVisible();
  await expect(morphism.getByTestId("morphism-text")).toContainText("(4,4)");
  await expect(shader.getByTestId("shader-code")).toContainText("fn address_of");
  // panels: only the ones asked for
  await expect(layout.getByTestId("layout-input")).toBeHidden();
  await expect(layout.getByTestId("layout-properties")).toBeVisible();
  await expect(shader.getByTestId("shader-from")).toBeHidden();
  await expect(morphism.locator('[data-panel="ops"]')).toBeHidden();
  // a widget has no app header, and a link out to the whole app with its state
  await expect(stack.getByTestId("nav-views")).toHaveCount(0);
  await expect(stack.getByTestId("embed-open")).toHaveAttribute("href", /^index\.html#\/views\?shape=3,2&ops=permute/);

  // edit two widgets; each changes alone
  const cell = stack.locator('[data-testid="logical-cell"][data-coord="(2,1)"]');
  const before = await cell.getAttribute("data-addr");
  await stack.getByTestId("stride-1").fill("5");
  await expect(cell).not.toHaveAttribute("data-addr", before!);
  await morphism.getByTestId("morphism-codomain").fill("(4,3,4)");
  await expect(morphism.getByTestId("morphism-text")).toContainText("(4,3,4)");
  await expect(stack.getByTestId("embed-open")).toHaveAttribute("href", /strides=/);
  await expect(morphism.getByTestId("embed-open")).not.toHaveAttribute("href", /strides=/);
  await expect(layout.locator('[data-testid="logical-cell"][data-coord="(1,0)"]')).toHaveAttribute("data-addr", "16");
  await expect(shader.getByTestId("shader-code")).toContainText("fn address_of");
  // the read-only widget can be hovered, not edited
  await layout.locator('[data-testid="logical-cell"][data-coord="(1,0)"]').hover();
  await expect(layout.getByTestId("hover-info")).toContainText("16");
  await expect(layout.locator("fieldset.page__body")).toHaveAttribute("disabled", "");
  await expect(layout.getByTestId("cell-show")).toBeDisabled();
  // widgets add no history entries to the page and save nothing
  expect(await page.evaluate(() => history.length)).toBe(entries);
  expect(await page.evaluate(() => localStorage.getItem("layout-lab"))).toBeNull();
  expect(errors).toEqual([]);
});

test("the attribute API updates a widget in place and reports its state", async ({ page }) => {
  await page.goto("/docs-example.html");
  const layout = widget(page, "layout");
  // a Layouts state also holds its workbench
  await expect(page.locator("#layout-now")).toHaveText(/^L=\(\(4,4\),4\):\(\(16,1\),4\)&op=/);
  // a marker in the widget's window: an update in place keeps it, a reload would not
  const frame = page.frame({ url: /embed\.html\?.*panels=notation/ });
  expect(frame).not.toBeNull();
  await frame!.evaluate(() => ((window as unknown as { marker: number }).marker = 7));
  await page.getByRole("button", { name: "(8,4):(1,8)" }).click();
  await expect(layout.locator('[data-testid="logical-cell"][data-coord="(1,0)"]')).toHaveAttribute("data-addr", "1");
  await expect(layout.locator('[data-testid="logical-cell"][data-coord="(0,1)"]')).toHaveAttribute("data-addr", "8");
  await expect(page.locator("#layout-now")).toHaveText(/^L=\(8,4\):\(1,8\)&op=/);
  expect(await frame!.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7);
  expect(await page.locator("#layout").evaluate((el) => (el as unknown as { state: string }).state)).toMatch(/^L=\(8,4\):\(1,8\)&/);
});

test("a snippet copied from the app is a live widget in a plain HTML page on another origin", async ({ page, context }) => {
  const errors = collectErrors(page);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: APP.slice(0, -1) });
  await page.goto("/#/layouts?L=(8,2):(2,1)");
  await page.getByTestId("embed-menu").locator("summary").click();
  const snippet = (await page.getByTestId("export-embed").textContent()) ?? "";
  expect(snippet).toContain(`<script src="${APP}layout-lab.js" defer=""></script>`);
  // the layout only: the workbench is not among the snippet's panels, nor its state
  expect(snippet).toMatch(/<layout-lab page="layouts" state="L=\(8,2\):\(2,1\)" panels="editor notation grid" height="\d+"><\/layout-lab>/);
  await page.getByTestId("copy-embed").click();
  await expect(page.getByTestId("embed-copy-status")).toHaveText(/[Cc]opied/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
  const iframe = (await page.getByTestId("export-embed-iframe").textContent()) ?? "";
  expect(iframe).toContain(`src="${APP}embed.html?panels=editor,notation,grid#/layouts?L=(8,2):(2,1)&amp;v=1"`);

  await openDocsPage(page, "snippet.html", `<h1>Docs</h1>\n${snippet}\n${iframe.replace("<iframe", '<iframe id="plain"')}`);
  const live = page.frameLocator("layout-lab iframe");
  await expect(live.getByTestId("layout-input")).toHaveValue("(8,2):(2,1)");
  await expect(live.locator('[data-testid="logical-cell"][data-coord="(1,1)"]')).toHaveAttribute("data-addr", "3");
  await expect(page.frameLocator("#plain").locator('[data-testid="logical-cell"][data-coord="(1,1)"]')).toHaveAttribute("data-addr", "3");
  // the reader edits the widget; the host hears of it
  const heard = page.evaluate(
    () =>
      new Promise<string>((resolve) =>
        document.querySelector("layout-lab")!.addEventListener("layout-lab-change", (e) =>
          resolve((e as CustomEvent).detail.state),
        ),
      ),
  );
  await live.getByTestId("layout-input").fill("(4,4):(4,1)");
  expect(await heard).toMatch(/^L=\(4,4\):\(4,1\)&/);
  // the host updates it, across origins
  await page.locator("layout-lab").evaluate((el) => el.setAttribute("state", "L=(3,5):(5,1)"));
  await expect(live.getByTestId("layout-input")).toHaveValue("(3,5):(5,1)");
  expect(errors).toEqual([]);
});

test("a widget takes messages only from the origin its URL names, and talks only to it", async ({ page }) => {
  let hosts = 0;
  const host = async (origin: string) => {
    const src = `${APP}embed.html?origin=${encodeURIComponent(origin)}#/layouts?L=(4,2):(2,1)`;
    await openDocsPage(
      page,
      `host-${++hosts}.html`,
      `<iframe id="w" src="${src}" width="600" height="400"></iframe>
       <script>
         window.heard = [];
         addEventListener("message", (e) => window.heard.push(e.data.state));
       </script>`,
    );
    const frame = page.frameLocator("#w");
    await expect(frame.getByTestId("layout-input")).toHaveValue("(4,2):(2,1)");
    await page.evaluate(() => {
      const w = (document.getElementById("w") as HTMLIFrameElement).contentWindow!;
      w.postMessage({ type: "layout-lab:set", page: "layouts", state: "L=(8,4):(1,8)" }, "*");
    });
    return frame;
  };
  // named: the message is followed, and the state comes back
  let frame = await host(DOCS.replace(/\/docs\/$/, ""));
  await expect(frame.getByTestId("layout-input")).toHaveValue("(8,4):(1,8)");
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { heard: string[] }).heard.at(-1)))
    .toMatch(/^L=\(8,4\):\(1,8\)&/);
  // another origin named: the same message is ignored and nothing is sent to this page
  frame = await host("https://docs.example");
  await frame.getByTestId("layout-input").fill("(2,2):(1,2)");
  await expect(frame.getByTestId("layout-input")).toHaveValue("(2,2):(1,2)");
  await page.waitForTimeout(300);
  await expect(frame.getByTestId("layout-input")).toHaveValue("(2,2):(1,2)");
  expect(await page.evaluate(() => (window as unknown as { heard: string[] }).heard)).toEqual([]);
});

test("widget options: theme, read-only, panels, and a bad option named", async ({ page }) => {
  await page.goto("/embed.html?theme=dark&interactive=false&panels=grid#/layouts?L=(4,2):(2,1)");
  await expect(page.locator('[data-testid="logical-cell"][data-coord="(1,1)"]')).toHaveAttribute("data-addr", "3");
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(20, 22, 28)");
  await expect(page.getByTestId("layout-input")).toBeHidden();
  await expect(page.getByTestId("layout-properties")).toBeHidden();
  await expect(page.locator("fieldset.page__body")).toHaveAttribute("disabled", "");
  await expect(page.getByTestId("cell-show")).toBeDisabled();
  await page.goto("/embed.html?theme=light&panels=editor,grid,sparkles#/layouts?L=(4,2):(2,1)");
  await expect(page.getByTestId("notice")).toContainText('panel "sparkles"');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(251, 251, 253)");
  await expect(page.getByTestId("layout-input")).toBeEnabled();
  await page.getByTestId("layout-input").fill("(2,2):(2,1)");
  await expect(page.locator('[data-testid="logical-cell"][data-coord="(1,0)"]')).toHaveAttribute("data-addr", "2");
  await expect(page).toHaveURL(/embed\.html\?theme=light&panels=editor,grid,sparkles#\/layouts\?L=\(2,2\):\(2,1\)&v=1$/);
});

test("in a plain HTML file opened from disk the widget works, and attribute changes reload it", async ({ page }, info) => {
  await page.goto("/#/views?shape=3,4&strides=1,3");
  await page.getByTestId("embed-menu").locator("summary").click();
  const snippet = (await page.getByTestId("export-embed").textContent()) ?? "";
  const path = info.outputPath("docs.html");
  writeFileSync(path, `<!DOCTYPE html><html><body><p>My notes</p>\n${snippet}</body></html>`);
  await page.goto(pathToFileURL(path).href);
  const live = page.frameLocator("layout-lab iframe");
  const cell = live.locator('[data-testid="logical-cell"][data-coord="(1,2)"]');
  await expect(cell).toHaveAttribute("data-addr", "7");
  // a file:// page has no origin to name, so the widget is updated by a reload
  expect(await page.locator("layout-lab iframe").getAttribute("src")).not.toContain("origin=");
  await page.locator("layout-lab").evaluate((el) => el.setAttribute("state", "shape=3,4&strides=4,1"));
  await expect(cell).toHaveAttribute("data-addr", "6");
});

test("a <layout-lab page=\"threads\"> widget: a tiled MMA and its copy, a thread lit, on a plain docs page", async ({ page }) => {
  const errors = collectErrors(page);
  const state = "atom=SM80_16x8x16_F16F16F16F16_TN&layout=2x2x1&perm=(_32,_32,_16)&pick=t5&copy=SM75_U32x4_LDSM_N&over=a&bits=16";
  await openDocsPage(
    page,
    "threads.html",
    `<h1>Threads</h1><script src="${APP}layout-lab.js"></script><layout-lab page="threads" state="${state.replaceAll("&", "&amp;")}" panels="grid" height="900"></layout-lab>`,
  );
  const live = page.frameLocator("layout-lab iframe");
  await expect(live.getByTestId("threads-c")).toBeVisible();
  await expect(live.getByTestId("threads-fragment")).toContainText("thread 5 (warp 0) holds · C: 8 values");
  await expect(live.getByTestId("threads-fragment")).toContainText("D: 8 values");
  await expect(live.getByTestId("threads-atom")).toBeHidden();
  expect(errors).toEqual([]);
});

test("a <layout-lab page=\"triton\"> widget: a pasted Triton layout by lane, a thread lit, on a plain docs page", async ({ page }) => {
  const errors = collectErrors(page);
  const layout = encodeURIComponent("#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>");
  const state = `layout=${layout}&shape=16,8&pick=t5&colour=lane`;
  await openDocsPage(
    page,
    "triton.html",
    `<h1>Triton</h1><script src="${APP}layout-lab.js"></script><layout-lab page="triton" state="${state.replaceAll("&", "&amp;")}" panels="grid,notation"></layout-lab>`,
  );
  const live = page.frameLocator("layout-lab iframe");
  await expect(live.getByTestId("triton-grid")).toBeVisible();
  await expect(live.getByTestId("triton-cute")).toHaveText("((4,8),(2,2)):((32,1),(16,8))");
  await expect(live.getByTestId("triton-layout")).toBeHidden();
  expect(errors).toEqual([]);
});
