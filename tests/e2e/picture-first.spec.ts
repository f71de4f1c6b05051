import { expect, test, type Locator } from "@playwright/test";
import { LayoutsPage } from "./layouts-page";
import { ViewsPage } from "./views-page";

// Issue 40: at 1,400 x 900 the controls and the pictures share the first screen, and cells are
// coloured by what they mean.
test.use({ viewport: { width: 1400, height: 900 } });

/** Whether `locator` lies wholly inside the first viewport (nothing scrolled). */
async function inFirstViewport(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const scrolled = await locator.page().evaluate(() => window.scrollY);
  return box !== null && scrolled === 0 && box.y >= 0 && box.y + box.height <= 900 && box.x + box.width <= 1400;
}

/** Each cell's background colour, in order. */
async function backgrounds(cells: Locator): Promise<string[]> {
  return cells.evaluateAll((all) => all.map((c) => getComputedStyle(c).backgroundColor));
}

test("Views: the first field and the composed grid's first row share the first screen", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open();
  await expect(views.field("shape-0")).toBeVisible();
  expect(await inFirstViewport(views.field("shape-0"))).toBe(true);
  const firstRow = page.getByTestId("logical-grid").locator('[role="row"]').first();
  expect(await inFirstViewport(firstRow)).toBe(true);
  // the grid beside the fields, not under them
  const field = (await views.field("shape-0").boundingBox())!;
  const row = (await firstRow.boundingBox())!;
  expect(row.x).toBeGreaterThan(field.x + field.width);
});

test("Layouts: the layout field and the grid's first row share the first screen", async ({ page }) => {
  const layouts = new LayoutsPage(page);
  await layouts.open();
  await expect(layouts.input()).toBeVisible();
  expect(await inFirstViewport(layouts.input())).toBe(true);
  const firstRow = page.getByTestId("logical-grid").locator('[role="row"]').first();
  expect(await inFirstViewport(firstRow)).toBe(true);
});

test("typing a stride changes the colours of the cells in view", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open("#/views?shape=4,4");
  const cells = views.cells("logical");
  const before = await backgrounds(cells);
  // by address: sixteen addresses over the ramp, sixteen colours
  expect(new Set(before).size).toBe(16);
  await views.type("stride-0", "0");
  await expect(views.logicalCell("(3,3)")).toHaveAttribute("data-addr", "3");
  const after = await backgrounds(cells);
  expect(after).not.toEqual(before);
  // a broadcast row: every row coloured alike
  expect(after.slice(0, 4)).toEqual(after.slice(12, 16));
  expect(await inFirstViewport(views.logicalCell("(3,3)"))).toBe(true);
  // the memory strip shares the colours: address 3's cell is coloured as the cells reading it
  const memory = await backgrounds(page.locator('[data-testid="memory-cell"][data-addr="3"]'));
  expect(memory[0]).toBe(after[15]);
});

test("a colouring is chosen per page, kept in the link, and explained by a legend", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open("#/views?shape=4,8");
  await expect(page.getByTestId("colour-legend")).toContainText("address, lowest to highest");
  await page.getByTestId("colour-mode").selectOption("mod");
  await views.type("colour-modulus", "4");
  await expect(page).toHaveURL(/colour=mod4/);
  await expect(page.getByTestId("colour-legend")).toContainText("value mod 4");
  // addresses 1 and 5 (cells (0,1) and (0,5)) fall in the same class mod 4
  const colour = (coord: string) => views.logicalCell(coord).evaluate((c) => getComputedStyle(c).backgroundColor);
  expect(await colour("(0,1)")).toBe(await colour("(0,5)"));
  expect(await colour("(0,1)")).not.toBe(await colour("(0,2)"));
  // a wrong N is refused next to its field, and the colouring stays
  await views.type("colour-modulus", "1");
  await expect(page.getByTestId("error-colour-modulus")).not.toBeEmpty();
  await expect(page).toHaveURL(/colour=mod4/);
  await page.reload();
  await expect(page.getByTestId("colour-mode")).toHaveValue("mod");
  await expect(page.getByTestId("colour-modulus")).toHaveValue("4");
  // masked cells by the view that masks them
  await views.open("#/views?shape=4,4&mask=0:2,0:4&colour=origin");
  await expect(views.logicalCell("(3,0)")).toHaveAttribute("data-c", "o0");
  await expect(page.getByTestId("colour-legend")).toContainText("masked by view 0");
  expect(views.consoleErrors).toEqual([]);
});

test("Layouts colour by value as print_latex does, and plainly for printing", async ({ page }) => {
  const layouts = new LayoutsPage(page);
  await layouts.open("#/layouts?L=(4,2):(1,4)");
  await expect(page.getByTestId("colour-mode")).toHaveValue("latex");
  const cell = page.locator('[data-testid="logical-cell"][data-addr="3"]');
  // L(i) = 3: print_latex's black!60
  await expect(cell).toHaveCSS("background-color", "rgb(102, 102, 102)");
  await expect(page.getByTestId("colour-legend")).toContainText("value mod 8");
  await page.getByTestId("colour-mode").selectOption("none");
  await expect(page).toHaveURL(/colour=none/);
  await expect(cell).toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
  expect(layouts.consoleErrors).toEqual([]);
});
