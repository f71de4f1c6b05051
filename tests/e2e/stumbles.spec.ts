import { expect, test } from "@playwright/test";
import { MorphismsPage } from "./morphisms-page";
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

test("strides nobody typed follow the sizes: tinygrad's two-view example reads 0 2 4 1 3 5", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open();
  await expect(page).not.toHaveURL(/strides=/);
  await views.type("shape-0", "3");
  await views.type("shape-1", "2");
  await views.applyOp("permute", "1,0");
  await views.applyOp("reshape", "3,2");
  await expect(views.viewCards()).toHaveCount(2);
  const addresses = () => views.cells("logical").evaluateAll((cells) => cells.map((c) => c.getAttribute("data-addr")));
  expect(await addresses()).toEqual(["0", "2", "4", "1", "3", "5"]);
  // typed strides stay when the sizes change; "make contiguous" blanks them
  await expect(page.getByTestId("make-contiguous")).toBeDisabled();
  await views.type("stride-0", "1");
  await views.type("stride-1", "3");
  await views.type("shape-1", "3");
  await expect(page).toHaveURL(/strides=1,3/);
  await page.getByTestId("make-contiguous").click();
  await expect(views.field("stride-0")).toHaveValue("");
  await expect(views.field("stride-1")).toHaveValue("");
  await expect(page).not.toHaveURL(/strides=/);
  await expect(page.getByTestId("canonical")).toContainText("strides=(3, 1)");
  expect(views.consoleErrors).toEqual([]);
});

test("keyboard: one tab stop per grid, arrows inside; a skip link; an op's argument takes focus", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open("#/views?shape=16,16");
  const stops = page.locator('[data-testid="logical-cell"][tabindex="0"]');
  await expect(stops).toHaveCount(1);
  await views.logicalCell("(0,0)").focus();
  await page.keyboard.press("ArrowRight");
  await expect(views.logicalCell("(0,1)")).toBeFocused();
  // the stop follows the focus, and Tab leaves the grid instead of walking 256 cells
  await expect(stops).toHaveCount(1);
  await expect(views.logicalCell("(0,1)")).toHaveAttribute("tabindex", "0");
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).not.toBe("logical-cell");
  // the memory strip: one stop too, arrows inside
  await expect(page.locator('[data-testid="memory-cell"][tabindex="0"]')).toHaveCount(1);
  await page.locator('[data-testid="memory-cell"][data-addr="0"]').focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.locator('[data-testid="memory-cell"][data-addr="1"]')).toBeFocused();
  // the first Tab of the page reaches the skip link, which jumps to the pictures
  await views.open("#/views?shape=4,4");
  await page.reload(); // a fresh document: Tab starts at its top
  await expect(page.getByTestId("logical-grid")).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("skip-link")).toBeFocused();
  await expect(page.getByTestId("skip-link")).toBeInViewport();
  await page.keyboard.press("Enter");
  expect(await page.evaluate(() => document.activeElement?.classList.contains("panes__pictures"))).toBe(true);
  // choosing an op puts the cursor in its argument
  await page.getByTestId("op-permute").click();
  await expect(views.field("op-argument")).toBeFocused();
  expect(views.consoleErrors).toEqual([]);
});

test("Esc right after the Embed menu opens closes it, before the browser's toggle event", async ({ page }) => {
  // under load the toggle event comes late; the menu must read its own element, not wait
  const views = new ViewsPage(page);
  await views.open();
  const menu = page.getByTestId("embed-menu");
  await page.evaluate(() => {
    document.querySelector<HTMLElement>('[data-testid="embed-menu"] summary')!.click();
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
  });
  await expect(menu).not.toHaveAttribute("open", "");
  expect(views.consoleErrors).toEqual([]);
});

test("the Embed menu closes on Esc and on a click outside it", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open();
  const menu = page.getByTestId("embed-menu");
  await menu.locator("summary").click();
  await expect(menu).toHaveAttribute("open", "");
  await page.keyboard.press("Escape");
  await expect(menu).not.toHaveAttribute("open", "");
  await menu.locator("summary").click();
  await expect(menu).toHaveAttribute("open", "");
  // a click inside keeps it open, one outside closes it
  await menu.locator(".embed-menu__body").click({ position: { x: 4, y: 4 } });
  await expect(menu).toHaveAttribute("open", "");
  // (the open menu, with its choices, covers the grids: click the page's corner)
  await page.getByTestId("page-views").click({ position: { x: 5, y: 5 } });
  await expect(menu).not.toHaveAttribute("open", "");
  expect(views.consoleErrors).toEqual([]);
});

test.describe("at 390 px wide", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  for (const fragment of ["#/views?shape=32,32", "#/layouts", "#/morphisms", "#/syno", "#/shader?from=views&shape=3,4"]) {
    test(`nothing but a grid's own scroller scrolls sideways: ${fragment}`, async ({ page }) => {
      await page.goto(`/${fragment}`);
      await expect(page.locator("main")).toBeVisible();
      await page.waitForTimeout(300);
      const wide = () => page.evaluate(() => document.documentElement.scrollWidth);
      expect(await wide()).toBeLessThanOrEqual(390);
      // opening Embed does not widen the page either
      await page.getByTestId("embed-menu").locator("summary").click();
      await expect(page.getByTestId("embed-menu")).toHaveAttribute("open", "");
      expect(await wide()).toBeLessThanOrEqual(390);
    });
  }
});

test.describe("at 800 px wide", () => {
  test.use({ viewport: { width: 800, height: 900 } });
  test("the workbench's result is not clipped: its last column scrolls into view in its own scroller", async ({ page }) => {
    await page.goto("/#/layouts?L=((4,4),4):((16,1),4)&op=logical_divide&A=(16,16):(16,1)&B=<4:1,4:1>");
    const grid = page.getByTestId("wb-result-grid");
    await expect(grid).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800);
    // the grid is wider than the page; its figure scrolls, so every column can be reached
    const last = page.getByTestId("wb-result-cell").last();
    await expect(last).toHaveText("255");
    await last.focus();
    await expect(last).toBeInViewport();
    const box = (await last.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(800);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800);
  });
});

test("undo and redo buttons; each explicit action is its own step, however quick", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open("#/views?shape=3,4");
  await views.applyOp("pad", "(1,1),(0,0)");
  await views.applyOp("flip", "0"); // well within a second of the pad
  const history = page.getByTestId("history");
  await expect(history).toContainText("flip 0");
  await page.getByTestId("undo").click();
  await expect(history).not.toContainText("flip");
  await expect(history).toContainText("pad (1,1),(0,0)");
  await page.getByTestId("redo").click();
  await expect(history).toContainText("flip 0");
  // the keys undo the same steps
  await page.locator("body").click();
  await page.keyboard.press("Control+z");
  await expect(history).not.toContainText("flip");
  await expect(history).toContainText("pad");
  expect(views.consoleErrors).toEqual([]);
});

test("Morphisms: an operation acts on the f on screen, the paper's f and g load together, g is off where unused", async ({ page }) => {
  const morphisms = new MorphismsPage(page);
  await morphisms.open();
  await morphisms.type("from-layout", "(2,2,2):(1,2,4)");
  const f = (await page.getByTestId("morphism-text").textContent()) ?? "";
  expect(f).not.toBe("");
  await morphisms.op().selectOption("coalesce");
  await expect(page.getByTestId("morphism-text")).toHaveText(f);
  await expect(page.getByTestId("morphism-g")).toBeDisabled();
  await expect(page.getByText("g: not used, this operation takes f alone")).toBeVisible();
  await morphisms.op().selectOption("compose");
  await expect(page.getByTestId("morphism-g")).toBeEnabled();
  await expect(page.getByTestId("morphism-text")).toHaveText(f);
  // f and g that do not fit: said plainly, with the way out, not as an alert
  await expect(page.getByTestId("op-error")).toHaveAttribute("role", "status");
  await expect(page.getByTestId("op-error")).toContainText("load the paper's f and g");
  await page.getByTestId("morphism-op-example").click();
  await expect(page.getByTestId("morphism-text")).toContainText("--(3, 2, 6, 5)-->");
  await expect(page.getByTestId("op-agree")).toHaveText(/^agree/);
  expect(morphisms.consoleErrors).toEqual([]);
});

test("Syno: a chain is finished by clicking, and an unfinished one shows no earlier chain's results", async ({ page }) => {
  const views = new ViewsPage(page); // for its console errors
  await page.goto("/#/syno");
  const access = page.getByTestId("syno-access");
  await expect(access).toContainText("in0[");
  await page.getByTestId("syno-program").fill("output 2, 3\nreduce 4\nshare d2");
  await expect(access).not.toContainText("in0[");
  await expect(access).toContainText("needs an inputs line");
  const chip = (dim: string) => page.locator(`button.chip[data-dim="${dim}"]`);
  // a primitive without dimensions, with a chip selected: says to unselect it
  await chip("d0").click();
  await page.getByTestId("syno-reduce").click();
  await expect(page.getByTestId("syno-palette-error")).toContainText("takes no dimension");
  await chip("d0").click();
  // the inputs, one tensor per click of Inputs
  for (const dim of ["d0", "d3"]) await chip(dim).click();
  await page.getByTestId("syno-inputs").click();
  await expect(page.getByTestId("syno-program")).toHaveValue(/inputs d0 d3$/);
  for (const dim of ["d4", "d1"]) await chip(dim).click();
  await page.getByTestId("syno-inputs").click();
  await expect(page.getByTestId("syno-program")).toHaveValue(/inputs d0 d3 \| d4 d1$/);
  await expect(access).toContainText("in0[");
  await expect(access).toContainText("in1[");
  await expect(page.getByTestId("syno-error")).toBeEmpty();
  await expect(page.getByTestId("syno-access-note")).toBeEmpty();
  // bad text keeps the last chain that built on screen, and says whose it is
  await page.getByTestId("syno-program").fill("output 2, 3\nfrobnicate");
  await expect(access).toContainText("in1[");
  await expect(page.getByTestId("syno-access-note")).toContainText("the last chain that built; line 2");
  expect(views.consoleErrors).toEqual([]);
});

test("smaller ones: Syno says what it is and colours shared dimensions apart; a merge verdict is not an error; dark fields", async ({ page }) => {
  const views = new ViewsPage(page);
  await page.goto("/#/syno?chain=output 2, 3;reduce 4;share d2;inputs d0 d3 | d4 d1");
  await expect(page.getByTestId("syno-intro")).toContainText("builds an operator backward from its output");
  // d2, before the Share, reaches both inputs: its own colour, not in0's
  const shared = page.locator('.chip[data-shared="true"]', { hasText: "d2:" }).first();
  await expect(shared).toBeVisible();
  const background = (l: import("@playwright/test").Locator) => l.evaluate((e) => getComputedStyle(e).backgroundColor);
  const in0 = page.locator('.chip[data-tile="0"]').first();
  expect(await background(shared)).not.toBe(await background(in0));
  // tinygrad's two-view example: the views cannot merge, said as an explanation in text colour
  await views.open("#/views?shape=3,2&ops=permute:1,0;reshape:3,2");
  const verdict = page.getByTestId("merge-verdict");
  await expect(verdict).toBeVisible();
  const [verdictColour, textColour] = await verdict.evaluate((v) => [getComputedStyle(v).color, getComputedStyle(document.body).color]);
  expect(verdictColour).toBe(textColour);
  // in the dark theme the fields are dark too
  await views.open("#/views?shape=3,4&theme=dark");
  const dark = (rgb: string) => rgb.match(/\d+/g)!.slice(0, 3).map(Number).reduce((a, b) => a + b, 0) < 200;
  expect(dark(await background(views.field("shape-0")))).toBe(true);
  await page.goto("/#/syno?theme=dark");
  expect(dark(await background(page.getByTestId("syno-program")))).toBe(true);
  expect(dark(await background(page.getByTestId("syno-preset")))).toBe(true);
  expect(views.consoleErrors).toEqual([]);
});

test("Layouts as a view: the reversed modes are said, and a nested layout gets its flattened view", async ({ page }) => {
  const views = new ViewsPage(page);
  await page.goto("/#/layouts?L=(4,2):(2,1)");
  const view = page.getByTestId("prop-view");
  await expect(view).toContainText("View(shape=(2, 4), strides=(1, 2)");
  await expect(view).toContainText("the modes reversed: mode 0 is the view's last dimension");
  await page.goto("/#/layouts?L=((2,2),2):((1,4),2)");
  await expect(view).toContainText("View(shape=(2, 2, 2), strides=(2, 4, 1)");
  await expect(view).toContainText("flattened to (2,2,2):(1,4,2)");
  await page.getByTestId("open-view").click();
  // the same offsets, index for index: L(2) = 4 is the view's cell (0,1,0), row-major index 2
  await expect(views.logicalCell("(0,1,0)")).toHaveAttribute("data-addr", "4");
  expect(views.consoleErrors).toEqual([]);
});

test("one composition convention: A outer, B inner, R(i) = A(B(i)) on the workbench and in the walkthrough", async ({ page }) => {
  const morphisms = new MorphismsPage(page);
  // the workbench composes A = (12,3,6):(1,72,12) after B = (6,6):(6,1)
  await page.goto("/#/layouts?L=4:1&op=composition&A=(12,3,6):(1,72,12)&B=(6,6):(6,1)");
  await expect(page.getByTestId("wb-a-name")).toHaveText("A, the outer layout (applied second)");
  await expect(page.getByTestId("wb-b-name")).toContainText("B, the inner layout (applied first)");
  await expect(page.getByTestId("wb-formula")).toHaveText("R(i) = A(B(i))");
  await expect(page.getByTestId("wb-result")).toContainText("((2,3),6):((6,72),1)");
  // the walkthrough names the same operands the same way, and reaches the same composite
  await morphisms.open("#/morphisms?outer=(12,3,6):(1,72,12)&inner=(6,6):(6,1)");
  await expect(page.getByText("A, the outer layout (applied second)")).toBeVisible();
  await expect(page.getByText("B, the inner layout (applied first)")).toBeVisible();
  await expect(page.getByTestId("walk-convention")).toContainText("R(i) = A(B(i))");
  await expect(morphisms.walkLines()).toContainText("B = (6,6):(6,1)");
  for (let k = 0; k < 5; k++) await morphisms.walkNext().click();
  await expect(morphisms.walkLines().locator("li").first()).toHaveText("A ∘ B = ((2,3),6):((6,72),1)");
  // a link written before keeps its composite: its A was the inner layout
  await morphisms.open("#/morphisms?A=(6,6):(6,1)&B=(12,3,6):(1,72,12)");
  await expect(page.getByTestId("walk-b")).toHaveValue("(6,6):(6,1)");
  // written back in today's keys, which are the defaults here: the link leaves them out
  await expect(page).toHaveURL(/#\/morphisms\?v=1$/);
  expect(morphisms.consoleErrors).toEqual([]);
});
