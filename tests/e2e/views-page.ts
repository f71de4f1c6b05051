import { expect, type Locator } from "@playwright/test";
import { AppPage } from "./app-page";

/** The Views page as a person sees it: fields by test id, cells by coordinate or address. */
export class ViewsPage extends AppPage {
  async open(fragment = "#/views") {
    await this.page.goto(`/${fragment}`);
    await expect(this.page.getByTestId("logical-grid")).toBeVisible();
  }

  /** Picks an op in the toolbar, types its argument and applies it. */
  async applyOp(kind: string, argument = "") {
    await this.page.getByTestId(`op-${kind}`).click();
    if (kind !== "simplify") await this.field("op-argument").fill(argument);
    await this.page.getByTestId("op-apply").click();
  }

  viewCards(): Locator {
    return this.page.locator('[data-testid^="view-card-"]');
  }

  viewCell(view: number, coord: string): Locator {
    return this.cell(`view${view}`, coord);
  }
}
