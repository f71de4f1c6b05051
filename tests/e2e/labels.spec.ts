import { expect, test } from "@playwright/test";
import { ViewsPage } from "./views-page";

test("the mask fields are labelled mask begin and mask end, and masking through them works", async ({ page }) => {
  const views = new ViewsPage(page);
  await views.open("#/views?shape=3,4");
  const begin = page.getByLabel("mask begin");
  const end = page.getByLabel("mask end");
  await expect(begin).toHaveCount(2);
  await expect(end).toHaveCount(2);
  // dimension 1 valid on [1, 3): column 0 is masked
  await begin.nth(1).fill("1");
  await end.nth(1).fill("3");
  await expect(views.logicalCell("(0,0)")).toHaveAttribute("aria-label", /masked/);
  await expect(views.logicalCell("(0,1)")).toHaveAttribute("data-addr", "1");
  expect(views.consoleErrors).toEqual([]);
});
