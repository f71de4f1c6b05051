import { expect, test, type Page } from "@playwright/test";

// layout_lab.widget in a real JupyterLab (and Notebook 7) on 127.0.0.1 (tests/notebook/serve-jupyter): the cell
// runs, the app draws inside it, an edit in the widget reaches Python's `w.layout` (and its
// observers), and an assignment from Python redraws the widget.

declare global {
  interface Window {
    // JupyterLab's application, exposed by --LabApp.expose_app_in_browser
    jupyterapp: any;
  }
}

// Each test opens its notebook with `?reset`: the server keeps the workspace (the open tabs)
// between tests, and another notebook's widget would answer the locators.

/** Runs `code` in the open notebook's kernel and returns what it printed (and any error). */
async function python(page: Page, code: string): Promise<string> {
  return page.evaluate(async (code) => {
    const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
    const future = kernel.requestExecute({ code });
    let out = "";
    future.onIOPub = (msg: any) => {
      if (msg.header.msg_type === "stream") out += msg.content.text;
      if (msg.header.msg_type === "error") out += `${msg.content.ename}: ${msg.content.evalue}`;
    };
    await future.done;
    return out;
  }, code);
}

/** Opens `url` (a notebook in JupyterLab or Notebook 7), waits for its kernel and runs every
 * cell. */
async function runAll(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(
    () => window.jupyterapp?.shell.currentWidget?.sessionContext?.session?.kernel?.status === "idle",
    null,
    { timeout: 90_000 },
  );
  await page.evaluate(() => window.jupyterapp.commands.execute("notebook:run-all-cells"));
}

test("the widget runs in a JupyterLab cell and keeps w.layout both ways", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await runAll(page, "lab/tree/widget.ipynb?reset&token=layout-lab-test");

  // the app, from the wheel, draws the layout: L(1,1) of (4,2):(2,1) is 3
  const frame = page.frameLocator("iframe.layout-lab-widget");
  const cell = (coord: string) => frame.locator(`[data-testid="logical-cell"][data-coord="${coord}"]`);
  await expect(cell("(1,1)")).toHaveAttribute("data-addr", "3", { timeout: 20_000 });
  await expect(frame.getByTestId("layout-input")).toHaveValue("(4,2):(2,1)");

  // an edit in the widget reaches Python: w.layout, w.state and an observer
  await frame.getByTestId("layout-input").fill("(8,2):(2,1)");
  await expect(cell("(7,1)")).toHaveAttribute("data-addr", "15");
  await expect
    .poll(() => python(page, "print(w.layout, '|', w.state.split('&')[0], '|', seen[-1:])"))
    .toBe("(8,2):(2,1) | L=(8,2):(2,1) | ['(8,2):(2,1)']\n");

  // an assignment from Python redraws the widget
  expect(await python(page, 'w.layout = ll.Layout("(2,8):(8,1)")')).toBe("");
  await expect(frame.getByTestId("layout-input")).toHaveValue("(2,8):(8,1)");
  await expect(cell("(1,1)")).toHaveAttribute("data-addr", "9");

  // what no page shows is refused in Python, and the widget keeps its layout
  expect(await python(page, "w.layout = 3j")).toContain("LayoutError");
  expect(await python(page, "print(w.layout)")).toBe("(2,8):(8,1)\n");

  // new options reload the frame with them (the grid alone), and Python still reaches it
  expect(await python(page, 'w.panels = "grid"')).toBe("");
  await expect(frame.getByTestId("layout-input")).toBeHidden();
  await expect(cell("(1,1)")).toHaveAttribute("data-addr", "9");
  expect(await python(page, 'w.layout = ll.Layout("(2,8):(1,2)")')).toBe("");
  await expect(cell("(1,1)")).toHaveAttribute("data-addr", "3");
  expect(errors).toEqual([]);
});

// The example notebook run in JupyterLab: its pictures inline and the widget drawn. With
// NOTEBOOK_SHOT=path.png it saves the picture the README shows.
test("the example notebook shows its pictures and the widget", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 1000 });
  await runAll(page, "lab/tree/layout_lab.ipynb?reset&token=layout-lab-test");
  const frame = page.frameLocator("iframe.layout-lab-widget");
  await expect(frame.getByTestId("layout-input")).toHaveValue("((4,4),4):((16,1),4)", {
    timeout: 60_000,
  });
  await expect(frame.getByTestId("logical-cell")).toHaveCount(64);
  // every picture cell shows an SVG; the bank report's says its line
  await expect(page.locator(".jp-RenderedSVG, .jp-RenderedImage")).toHaveCount(7);
  await expect(page.locator(".jp-OutputArea-output").filter({ hasText: "conflicts: 1-way" })).toHaveCount(1);
  const shot = process.env.NOTEBOOK_SHOT;
  if (shot) {
    await page.evaluate(() => window.jupyterapp.commands.execute("application:toggle-left-area"));
    const widgetCell = page.locator(".jp-Cell").filter({ has: page.locator("iframe.layout-lab-widget") });
    await widgetCell.evaluate((el) => el.scrollIntoView({ block: "end" }));
    await page.screenshot({ path: shot });
  }
});

test("the widget runs in Notebook 7 too", async ({ page }) => {
  // Notebook 7.6.5 throws errors of its own at start-up (a settings schema, a command of
  // JupyterLab's file browser), with or without this widget: an error whose every frame is in
  // Notebook's bundle is not this test's; any other fails it
  const errors: string[] = [];
  page.on("pageerror", (e) => {
    const frames = (e.stack ?? "").split("\n").filter((l) => /https?:\/\//.test(l));
    const notebooks = frames.length > 0 && frames.every((l) => l.includes("/static/notebook/"));
    if (!notebooks) errors.push(`${e.message} ${e.stack}`);
  });
  await runAll(page, "notebooks/widget.ipynb?token=layout-lab-test");
  const frame = page.frameLocator("iframe.layout-lab-widget");
  const cell = (coord: string) => frame.locator(`[data-testid="logical-cell"][data-coord="${coord}"]`);
  await expect(cell("(1,1)")).toHaveAttribute("data-addr", "3", { timeout: 60_000 });
  await frame.getByTestId("layout-input").fill("(2,4):(4,1)");
  await expect.poll(() => python(page, "print(w.layout)")).toBe("(2,4):(4,1)\n");
  expect(await python(page, 'w.layout = ll.Layout("(4,4):(1,4)")')).toBe("");
  await expect(frame.getByTestId("layout-input")).toHaveValue("(4,4):(1,4)");
  expect(errors).toEqual([]);
});
