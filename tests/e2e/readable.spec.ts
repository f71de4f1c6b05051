import { expect, test } from "@playwright/test";
import { SynoPage } from "./syno-page";
import { ViewsPage } from "./views-page";

// Issue 41, item 10: expressions and hover texts read as a person writes them. Each test does
// what that user did, on a page whose text said otherwise before.

test("a negated term of an index reads as subtraction: ridx0*4 - ridx1 + 3", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open("#/views?shape=4,4&ops=flip:1");
  await expect(page.getByTestId("expr-idx")).toHaveText("ridx0*4 - ridx1 + 3");
  // only the text changed: tinygrad's form and the operation count are as built
  await expect(page.getByTestId("expr-idx-tinygrad")).toHaveText("(((ridx0*4)+(ridx1*-1))+3)");
  await expect(page.getByTestId("ops-idx")).toHaveText("4 ops");
  expect(views.consoleErrors).toEqual([]);
});

test("Syno's flip reads its rows back to front as 2 - o0", async ({ page }) => {
  const syno = new SynoPage(page);
  await syno.open();
  await syno.preset().selectOption({ label: "flip" });
  await expect(syno.access()).toHaveText("in0[2 - o0, o1]");
  expect(syno.consoleErrors).toEqual([]);
});

test("hovering the subtracted term of 3 - ridx0 shows its value with its sign", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open("#/views?shape=4&ops=flip:0");
  const idx = page.getByTestId("expr-idx");
  await expect(idx).toHaveText("3 - ridx0");
  await views.logicalCell("(1)").hover();
  await idx.locator(".sub", { hasText: /^- ridx0$/ }).hover({ position: { x: 2, y: 5 } });
  await expect(page.getByTestId("subexpr-value")).toHaveText("-ridx0 = -1 at (1)");
  expect(views.consoleErrors).toEqual([]);
});

test("hovering a composed cell names the cell of each view by its coordinate in that view", async ({ page }) => {
  const views = new ViewsPage(page);
  // tinygrad's transpose-then-reshape: view 0 is (2, 3), view 1 is (3, 2)
  await views.open("#/views?shape=3,2&ops=permute:1,0;reshape:3,2");
  await views.logicalCell("(1,0)").hover();
  await expect(page.getByTestId("hover-info")).toHaveText(
    "logical (1, 0) → view 1: (1, 0) → view 0: (0, 2) → valid, address 4",
  );
  expect(views.consoleErrors).toEqual([]);
});

test("hovering a cell of a view's own grid names it by its coordinate in that view", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open("#/views?shape=3,2&ops=permute:1,0;reshape:3,2");
  await views.viewCell(0, "(0,2)").hover();
  await expect(page.getByTestId("hover-info")).toHaveText("view 0: (0, 2) → 4 ; read by 1 logical cell(s)");
  expect(views.consoleErrors).toEqual([]);
});

test("each simplifier step says the law of its rule beside the rule's name", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open("#/views?shape=3,4&ops=flip:1;reshape:12");
  await views.openMore("simplifier-steps");
  const step = page.getByTestId("simplifier-steps").locator("li").first();
  await expect(step.locator(".steps__rule")).toHaveText("one-variable-fit");
  const law = step.getByTestId("step-law");
  await expect(law).toContainText("f(x) = α·((x + β) // δ) + s·x + γ");
  await expect(law).toContainText("when so at every x >= 0");
  await expect(law).toBeVisible();
  expect(views.consoleErrors).toEqual([]);
});

test("each view card's legend says what the cells of its grid show", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open("#/views?shape=3,2&ops=permute:1,0;reshape:3,2");
  await expect(page.getByTestId("view-legend-0")).toHaveText(
    "Cells: view 0's own coordinates, shape (2, 3). Each shows the offset view 0 computes there: " +
      "a buffer address; · where view 0's mask makes it invalid.",
  );
  await expect(page.getByTestId("view-legend-1")).toContainText("shape (3, 2)");
  await expect(page.getByTestId("view-legend-1")).toContainText("a row-major index into view 0's cells");
  // as the legends say: view 1's cell (2, 1) shows 5, and view 0's cell (1, 2), the fifth
  // row-major of (2, 3), shows address 5
  await expect(views.viewCell(1, "(2,1)")).toHaveText("5");
  await expect(views.viewCell(0, "(1,2)")).toHaveText("5");
  expect(views.consoleErrors).toEqual([]);
});
