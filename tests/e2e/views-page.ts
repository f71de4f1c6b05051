import { expect, type Locator, type Page } from "@playwright/test";

/** The Views page as a person sees it: fields by test id, cells by coordinate or address. */
export class ViewsPage {
  readonly consoleErrors: string[] = [];

  constructor(readonly page: Page) {
    page.on("console", (message) => {
      if (message.type() === "error") this.consoleErrors.push(message.text());
    });
    page.on("pageerror", (error) => this.consoleErrors.push(String(error)));
  }

  async open(fragment = "#/views") {
    await this.page.goto(`/${fragment}`);
    await expect(this.page.getByTestId("logical-grid")).toBeVisible();
  }

  field(testId: string): Locator {
    return this.page.getByTestId(testId);
  }

  async type(testId: string, text: string) {
    await this.field(testId).fill(text);
  }

  logicalCell(coord: string): Locator {
    return this.page.locator(`[data-testid="logical-cell"][data-coord="${coord}"]`);
  }

  memoryCell(address: number): Locator {
    return this.page.locator(`[data-testid="memory-cell"][data-addr="${address}"]`);
  }

  litLogicalCells(): Locator {
    return this.page.locator('[data-testid="logical-cell"].cell--lit');
  }

  /** Picks an op in the toolbar, types its argument and applies it. */
  async applyOp(kind: string, argument = "") {
    await this.page.getByTestId(`op-${kind}`).click();
    if (kind !== "simplify") await this.field("op-argument").fill(argument);
    await this.page.getByTestId("op-apply").click();
  }

  /** Runs `op` in the algebra workbench on A (and B unless empty) and expects `result`. */
  async workbench(op: string, a: string, b: string, result: string) {
    await this.page.getByTestId("wb-op").selectOption(op);
    await this.type("wb-a", a);
    if (b !== "") await this.type("wb-b", b);
    await expect(this.page.getByTestId("wb-result"), op).toHaveText(result);
  }

  viewCards(): Locator {
    return this.page.locator('[data-testid^="view-card-"]');
  }

  viewCell(view: number, coord: string): Locator {
    return this.page.locator(`[data-testid="view${view}-cell"][data-coord="${coord}"]`);
  }

  litMemoryCells(): Locator {
    return this.page.locator('[data-testid="memory-cell"].cell--lit');
  }
}
