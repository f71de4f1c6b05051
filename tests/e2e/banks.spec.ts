import { expect, test, type Page } from "@playwright/test";
import { hoverCell } from "./canvas-cells";
import { LayoutsPage } from "./layouts-page";

/** Sets the swizzle's B, M and S fields. */
async function swizzle(layouts: LayoutsPage, b: string, m: string, s: string) {
  await layouts.type("sw-b", b);
  await layouts.type("sw-m", m);
  await layouts.type("sw-s", s);
}

test("the golden cases give their degrees in the app: 32-way, padded 1-way, Sw<5,0,5> 1-way", async ({ page }) => {
  const layouts = new LayoutsPage(page);
  await layouts.open("#/layouts?L=(32,32):(32,1)&read=column");
  const swizzled = page.getByTestId("bank-summary");
  const plain = page.getByTestId("bank-summary-plain");
  await expect(swizzled).toHaveText("conflicts: 32-way, 1024 wavefronts over 32 phases (ideal 32)");
  // rows padded to 33
  await layouts.type("layout-input", "(32,32):(33,1)");
  await expect(swizzled).toHaveText("conflicts: 1-way, 32 wavefronts over 32 phases (ideal 32)");
  // the unpadded tile under Sw<5,0,5>, beside the unswizzled one
  await layouts.type("layout-input", "(32,32):(32,1)");
  await swizzle(layouts, "5", "0", "5");
  await expect(swizzled).toHaveText("conflicts: 1-way, 32 wavefronts over 32 phases (ideal 32)");
  await expect(plain).toHaveText("conflicts: 32-way, 1024 wavefronts over 32 phases (ideal 32)");
  await expect(page).toHaveURL(/sw=5,0,5/);
  // the same swizzle typed as a composed layout
  await page.goto("/#/layouts?read=column");
  await layouts.type("layout-input", "Sw<5,0,5> o _0 o (32,32):(32,1)");
  await expect(page.getByTestId("sw-b")).toHaveValue("5");
  await expect(swizzled).toHaveText("conflicts: 1-way, 32 wavefronts over 32 phases (ideal 32)");
  await page.reload();
  await expect(swizzled).toHaveText("conflicts: 1-way, 32 wavefronts over 32 phases (ideal 32)");
  expect(layouts.consoleErrors).toEqual([]);
});

test("the colliding threads of a phase: the table, the banks, the hover", async ({ page }) => {
  const layouts = new LayoutsPage(page);
  await layouts.open("#/layouts?L=(32,32):(32,1)&read=column&load=3");
  const table = page.getByTestId("bank-table");
  // load 3 reads column 3: the one phase's 32 threads all in bank 3
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(table.locator("tbody tr").first()).toHaveClass(/is-conflict/);
  await expect(table.locator("tbody td").nth(2)).toHaveText("3");
  await expect(page.getByTestId("bank-counts").locator("td.is-conflict")).toHaveText("32");
  await hoverCell(page, "bank-grid", 5, 7, 32);
  await expect(page.getByTestId("bank-hover")).toContainText("index 229 → offset 167 (bank 7)");
  await expect(page.getByTestId("bank-hover")).toContainText("read by thread 5, value 7");
  // the chosen load stays chosen through a swizzle edit
  await expect(page.getByTestId("bank-load")).toHaveValue("3");
  await swizzle(layouts, "5", "0", "5");
  await expect(page.getByTestId("bank-summary")).toContainText("conflicts: 1-way");
  await expect(page.getByTestId("bank-load")).toHaveValue("3");
  await expect(page.getByTestId("bank-load").locator("option")).toHaveCount(32);
  // a 128-bit row read of a 16-bit tile: phases of 8 threads, chosen by a click on the table
  await layouts.open("#/layouts?L=(16,64):(64,1)&eb=16&vb=128&read=row");
  await expect(page.getByTestId("bank-summary")).toContainText("conflicts: 1-way");
  await page.getByTestId("bank-table").locator("tr[data-phase='2']").click();
  await expect(page.getByTestId("bank-phase")).toHaveValue("2");
  await expect(page).toHaveURL(/phase=2/);
  expect(layouts.consoleErrors).toEqual([]);
});

test("a GMMA atom: CuTe's print, its swizzle on bytes and on elements, the same counts", async ({ page }) => {
  const layouts = new LayoutsPage(page);
  await layouts.open("#/layouts");
  await page.getByTestId("element-bits").selectOption("16");
  await page.getByTestId("atom-picker").selectOption("K_SW128");
  await expect(layouts.input()).toHaveValue("(8,64):(64,1)");
  await expect(page.getByTestId("sw-m")).toHaveValue("3");
  const note = page.getByTestId("atom-note");
  await expect(note).toContainText("Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)");
  await expect(note).toContainText("Sw<3,4,3> acts on byte addresses, which is Sw<3,3,3> on element offsets");
  await expect(page.getByTestId("units-note")).toHaveText("The counts read Sw<3,3,3> on element offsets.");
  // in byte units the fields hold CuTe's swizzle, and the counts do not move
  await page.getByTestId("read-preset").selectOption("ldmatrix");
  await expect(page.getByTestId("bank-summary")).toContainText("conflicts: 1-way");
  await page.getByTestId("swizzle-units").selectOption("bytes");
  await expect(page.getByTestId("sw-m")).toHaveValue("4");
  await expect(page.getByTestId("units-note")).toHaveText(
    "The counts read Sw<3,4,3> on the bytes of 16-bit elements: Sw<3,3,3> on element offsets.",
  );
  await expect(page.getByTestId("bank-summary")).toContainText("conflicts: 1-way");
  await expect(page).toHaveURL(/units=bytes/);
  // the element width follows into the atom
  await page.getByTestId("swizzle-units").selectOption("elements");
  await page.getByTestId("element-bits").selectOption("8");
  await expect(layouts.input()).toHaveValue("(8,128):(128,1)");
  await expect(page.getByTestId("sw-m")).toHaveValue("4");
  await expect(page.getByTestId("bank-summary")).toContainText("conflicts: 1-way");
  await expect(page.getByTestId("bank-summary-plain")).toContainText("conflicts: 8-way");
  await expect(page.getByTestId("bit-matrix").locator("td.is-xor")).toHaveCount(3);
  expect(layouts.consoleErrors).toEqual([]);
});

test("a typed swizzle follows the units box, and CuTe's own print reads on bytes", async ({ page }) => {
  const layouts = new LayoutsPage(page);
  // issue 53's trap: Sw<3,4,3> on element offsets of a 64×64 half tile, read by ldmatrix
  await layouts.open("#/layouts?L=(64,64):(64,1)&eb=16&read=ldmatrix&sw=3,4,3");
  const summary = page.getByTestId("bank-summary");
  await expect(summary).toContainText("conflicts: 2-way, 128 wavefronts");
  await expect(page.getByTestId("units-note")).toHaveText("The counts read Sw<3,4,3> on element offsets.");
  await page.getByTestId("swizzle-units").selectOption("bytes");
  await expect(summary).toContainText("conflicts: 1-way");
  await expect(page.getByTestId("units-note")).toContainText("Sw<3,3,3> on element offsets");
  // the print CuTe gives the 16-bit SW128 atom, pasted into the layout field
  await layouts.open("#/layouts?read=ldmatrix");
  await layouts.input().fill("Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)");
  await expect(page.getByTestId("error-layout")).toHaveText("");
  await expect(page.getByTestId("element-bits")).toHaveValue("16");
  await expect(page.getByTestId("swizzle-units")).toHaveValue("bytes");
  await expect(page.getByTestId("sw-m")).toHaveValue("4");
  await expect(summary).toContainText("conflicts: 1-way");
  // a byte swizzle that moves bytes within an element is refused beside the box; the counts stay
  await page.getByTestId("element-bits").selectOption("32");
  await page.getByTestId("sw-m").fill("1");
  await expect(page.getByTestId("error-swizzle-units")).toContainText("M >= 2");
  await expect(page.getByTestId("units-note")).toContainText("Sw<3,2,3> on element offsets");
  expect(layouts.consoleErrors).toEqual([]);
});

test("bad swizzle and thread-value input: typed errors next to the fields, the last state stays", async ({ page }) => {
  const layouts = new LayoutsPage(page);
  await layouts.open("#/layouts?L=(32,32):(32,1)&read=column&sw=5,0,5");
  const swizzled = page.getByTestId("bank-summary");
  await expect(swizzled).toContainText("1-way");
  await layouts.type("sw-m", "x");
  await expect(page.getByTestId("error-sw-m")).toHaveText("M: expected an integer, found “x”");
  await expect(page.getByTestId("sw-m")).toHaveAttribute("aria-invalid", "true");
  await expect(swizzled).toContainText("1-way");
  await layouts.type("sw-m", "0");
  await layouts.type("sw-s", "2");
  await expect(page.getByTestId("error-swizzle")).toContainText("|S| >= B");
  await expect(swizzled).toContainText("1-way");
  await layouts.type("sw-s", "5");
  await expect(page.getByTestId("error-swizzle")).toHaveText("");
  await page.getByTestId("read-preset").selectOption("tv");
  await expect(page.getByTestId("tv-input")).not.toHaveValue("");
  await layouts.type("tv-input", "(32,32):(1,");
  await expect(page.getByTestId("error-tv")).not.toHaveText("");
  await expect(swizzled).toContainText("1-way");
  await layouts.type("tv-input", "(16,2):(1,16)");
  await expect(page.getByTestId("error-tv")).toContainText("one address per thread");
  // a vector that is not contiguous is named, not split
  await layouts.type("tv-input", "(32,32):(1,32)");
  await page.getByTestId("vector-bits").selectOption("64");
  await expect(swizzled).toContainText("not contiguous");
  expect(layouts.consoleErrors).toEqual([]);
});

test("the solver's suggestion applies, and the bank grid exports", async ({ page }) => {
  const layouts = new LayoutsPage(page);
  await layouts.open("#/layouts?L=(32,32):(32,1)&read=column");
  await layouts.openMore("suggest");
  await expect(page.getByTestId("suggest-summary")).toContainText("Unswizzled: 1024 wavefronts (32-way). Best: 32 (1-way).");
  await page.getByTestId("apply-0").click();
  await expect(page.getByTestId("bank-summary")).toContainText("conflicts: 1-way");
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId("bank-grid-svg").click()]);
  expect(file.suggestedFilename()).toBe("bank-grid.svg");
  expect(layouts.consoleErrors).toEqual([]);
});

test("a widget shows the bank section alone, with its state", async ({ page }) => {
  await page.goto("/embed.html?panels=banks#/layouts?L=(32,32):(32,1)&read=column&sw=5,0,5");
  await expect(page.getByTestId("bank-summary")).toHaveText("conflicts: 1-way, 32 wavefronts over 32 phases (ideal 32)");
  await expect(page.getByTestId("layout-input")).toBeHidden();
  await expect(page.getByTestId("bank-grid")).toBeVisible();
});

test("the Embed menu offers the bank section, at a height that shows it whole", async ({ page }) => {
  const state = "L=(32,32):(32,1)&read=column&sw=5,0,5";
  await page.goto(`/#/layouts?${state}`);
  await page.getByTestId("embed-menu").locator("summary").click();
  await expect(page.getByTestId("embed-panel-banks")).not.toBeChecked();
  for (const name of ["editor", "notation", "grid"]) await page.getByTestId(`embed-panel-${name}`).uncheck();
  await page.getByTestId("embed-panel-banks").check();
  const element = (await page.getByTestId("export-embed").textContent()) ?? "";
  expect(element).toContain('panels="banks"');
  expect(element).toContain("sw=5,0,5");
  expect(element).toContain("read=column");
  const height = Number(element.match(/height="(\d+)"/)![1]);
  await page.setViewportSize({ width: 720, height });
  await page.goto(`/embed.html?panels=banks#/layouts?${state}`);
  await expect(page.getByTestId("bank-summary")).toContainText("1-way");
  const total = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(total).toBeLessThanOrEqual(height);
  expect(height).toBeLessThan(total * 1.15);
});

test("a GMMA atom fills the user's 64×64 tile as tile_to_shape does; the atom alone is one choice", async ({ page }) => {
  const layouts = new LayoutsPage(page);
  // issue 53: "a 64×64 tile with SW128" could not be built from the picker
  await layouts.open("#/layouts?L=(64,64):(64,1)&eb=16&read=ldmatrix");
  await expect(page.getByTestId("atom-tile")).toBeHidden();
  await page.getByTestId("atom-picker").selectOption("K_SW128");
  await expect(layouts.input()).toHaveValue("((8,8),(64,1)):((64,512),(1,0))");
  await expect(page.getByTestId("atom-tile")).toHaveValue("64x64");
  const note = page.getByTestId("atom-note");
  await expect(note).toContainText("repeated to fill 64×64");
  await expect(note).toContainText("tile_to_shape(Layout_K_SW128_Atom<T>{}, make_shape(_64{}, _64{}))");
  await expect(note).toContainText("Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_8),(_64,_1)):((_64,_512),(_1,_0))");
  // the tiled, swizzled tile is conflict-free for ldmatrix; unswizzled it is 8-way
  await expect(page.getByTestId("bank-summary")).toContainText("conflicts: 1-way");
  await expect(page.getByTestId("bank-summary-plain")).toContainText("conflicts: 8-way");
  await expect(page).toHaveURL(/atom=K_SW128&tile=64x64/);
  // the choices: this tile, the atom alone, the usual kernel tiles
  const options = page.getByTestId("atom-tile").locator("option");
  await expect(options.nth(0)).toHaveText("64×64");
  await expect(options.nth(1)).toHaveText("the atom alone, 8×64");
  await expect(options.nth(2)).toHaveText("128×64");
  await page.getByTestId("atom-tile").selectOption("atom");
  await expect(layouts.input()).toHaveValue("(8,64):(64,1)");
  await page.getByTestId("atom-tile").selectOption("128x64");
  await expect(layouts.input()).toHaveValue("((8,16),(64,1)):((64,512),(1,0))");
  // the link reopens the tiled atom, picker and tile
  await page.reload();
  await expect(page.getByTestId("atom-picker")).toHaveValue("K_SW128");
  await expect(page.getByTestId("atom-tile")).toHaveValue("128x64");
  expect(layouts.consoleErrors).toEqual([]);
});
