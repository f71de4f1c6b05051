import { expect, type Locator } from "@playwright/test";
import { AppPage } from "./app-page";

/** The Views page as a person sees it: fields by test id, cells by coordinate or address. */
export class ViewsPage extends AppPage {
  async open(fragment = "#/views") {
    await this.page.goto(`/${fragment}`);
    await expect(this.page.getByTestId("logical-grid")).toBeVisible();
  }

  /**
   * Two undo steps on `#/views?shape=3,4`: stride 2 (cell (1,2) at address 8), then, after
   * `pause` ms (longer than the undo coalescing), offset 5 (at 13).
   */
  async twoEdits(pause: number) {
    await this.open("#/views?shape=3,4");
    await this.type("stride-1", "2");
    await expect(this.logicalCell("(1,2)")).toHaveAttribute("data-addr", "8");
    await this.page.waitForTimeout(pause);
    await this.type("offset", "5");
    await expect(this.logicalCell("(1,2)")).toHaveAttribute("data-addr", "13");
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
