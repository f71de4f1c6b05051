import { expect, test } from "@playwright/test";
import { LayoutsPage } from "./layouts-page";

test("the workbench divides A by B, colours the tiles and links result and A by hover", async ({ page }) => {
  const layouts = new LayoutsPage(page);
  await layouts.open();
  await expect(layouts.workbenchResult()).toHaveText("((2,2),(2,3)):((4,1),(2,8))");
  await expect(page.getByTestId("wb-result-pycute")).toHaveText("((2, 2), (2, 3)):((4, 1), (2, 8))");
  // result element (1,0) reads A at offset 4; hovering it lights that A cell, same tile colour
  const r = layouts.cells("wb-result").nth(1);
  await r.hover();
  const lit = layouts.litCells("wb-a");
  await expect(lit).toHaveCount(1);
  await expect(lit).toHaveAttribute("data-addr", (await r.getAttribute("data-addr")) ?? "");
  await expect(lit).toHaveAttribute("data-tile", (await r.getAttribute("data-tile")) ?? "");
  // B's element 1 is place 1 of each of the 6 tiles: six result cells, six A cells, itself
  await layouts.cells("wb-b").nth(1).hover();
  await expect(layouts.litCells("wb-b")).toHaveCount(1);
  const litResult = layouts.litCells("wb-result");
  await expect(litResult).toHaveCount(6);
  await expect(layouts.litCells("wb-a")).toHaveCount(6);
  const tiles = new Set(await litResult.evaluateAll((cells) => cells.map((c) => c.getAttribute("data-tile"))));
  expect(tiles.size).toBe(6);
  // the default operation and operands: the link leaves them out
  await expect(page).toHaveURL(/#\/layouts\?v=1$/);
  await expect(layouts.workbenchOp()).toHaveValue("logical_divide");
  expect(layouts.consoleErrors).toEqual([]);
});

test("a workbench link restores the operation, its operands and the result", async ({ page }) => {
  const layouts = new LayoutsPage(page);
  await layouts.open("#/layouts?L=(4,8):(1,4)&op=composition&A=(6,2):(8,2)&B=(4,3):(3,1)");
  await expect(layouts.workbenchOp()).toHaveValue("composition");
  await expect(layouts.field("wb-a")).toHaveValue("(6,2):(8,2)");
  await expect(layouts.field("wb-b")).toHaveValue("(4,3):(3,1)");
  await expect(layouts.workbenchResult()).toHaveText("((2,2),3):((24,2),8)");
  // R(i) = A(B(i)): B's element 5 (value 4) lights R's element 5 and A's element 4, same offset
  const b5 = page.locator('[data-testid="wb-b-cell"][data-addr="4"]');
  await b5.hover();
  const litA = layouts.litCells("wb-a");
  await expect(litA).toHaveCount(1);
  const litR = layouts.litCells("wb-result");
  await expect(litR).toHaveCount(1);
  await expect(litR).toHaveAttribute("data-addr", (await litA.getAttribute("data-addr")) ?? "");
  // pycute's truncated composition is shown with a warning saying why
  await layouts.type("wb-a", "((2,2),(2,6)):((12,16),(2,1))");
  await layouts.type("wb-b", "3:2");
  await expect(layouts.workbenchResult()).toHaveText("2:16");
  await expect(page.getByTestId("wb-warnings")).toContainText("2 elements where B asks for 3");
  // a unary operation hides B's field and grid
  await layouts.workbenchOp().selectOption("coalesce");
  await expect(layouts.field("wb-b")).toBeHidden();
  await expect(page.getByTestId("wb-b-grid")).toBeHidden();
  expect(layouts.consoleErrors).toEqual([]);
});

const operations: [string, string, string, string][] = [
  ["coalesce", "(2,(1,6)):(1,(6,2))", "", "12:1"],
  ["coalesce_by_mode", "(2,(1,6)):(1,(6,2))", "(_,_)", "(2,6):(1,2)"],
  ["filter", "(2,3):(0,1)", "", "3:1"],
  ["complement", "(2,2):(1,6)", "24", "(3,2):(2,12)"],
  ["composition", "(6,2):(8,2)", "(4,3):(3,1)", "((2,2),3):((24,2),8)"],
  ["right_inverse", "(4,2):(2,1)", "", "(2,4):(4,1)"],
  ["left_inverse", "(4,2):(2,1)", "", "(2,4):(4,1)"],
  ["logical_divide", "(4,2,3):(2,1,8)", "4:2", "((2,2),(2,3)):((4,1),(2,8))"],
  ["zipped_divide", "(9,(4,8)):(59,(13,1))", "<3:3,(2,4):(1,8)>", "((3,(2,4)),(3,(2,2))):((177,(13,2)),(59,(26,1)))"],
  ["tiled_divide", "(9,(4,8)):(59,(13,1))", "<3:3,(2,4):(1,8)>", "((3,(2,4)),3,(2,2)):((177,(13,2)),59,(26,1))"],
  ["flat_divide", "(9,(4,8)):(59,(13,1))", "<3:3,(2,4):(1,8)>", "(3,(2,4),3,(2,2)):(177,(13,2),59,(26,1))"],
  ["logical_product", "(2,2):(4,1)", "6:1", "((2,2),(2,3)):((4,1),(2,8))"],
  ["zipped_product", "(2,2):(4,1)", "6:1", "((2,2),(2,3)):((4,1),(2,8))"],
  ["tiled_product", "(2,2):(4,1)", "6:1", "((2,2),2,3):((4,1),2,8)"],
  ["flat_product", "(2,2):(4,1)", "6:1", "(2,2,2,3):(4,1,2,8)"],
  ["blocked_product", "(2,5):(5,1)", "(3,4):(1,3)", "((2,3),(5,4)):((5,10),(1,30))"],
  ["raked_product", "(2,5):(5,1)", "(3,4):(1,3)", "((3,2),(4,5)):((10,5),(30,1))"],
];

test("every operation of the algebra runs from the workbench", async ({ page }) => {
  const layouts = new LayoutsPage(page);
  await layouts.open();
  for (const [op, a, b, result] of operations) {
    await layouts.workbench(op, a, b, result);
  }
  // a failing condition is explained, and the last result is not shown as valid
  await layouts.workbenchOp().selectOption("complement");
  await layouts.type("wb-a", "(2,2):(1,1)");
  await expect(page.getByTestId("wb-error")).toContainText("injective");
  expect(layouts.consoleErrors).toEqual([]);
});
