import { expect, type Locator, type Page } from "@playwright/test";

/**
 * What every page of the app shares: the console errors it logs (each spec expects none), its
 * fields by test id, and its grids' cells by pane (`logical`, `memory`, `view0`, `wb-a`,
 * `syno-in0`, `shader`, `gpu`, ...), by coordinate or address.
 */
export class AppPage {
  readonly consoleErrors: string[] = [];

  constructor(readonly page: Page) {
    page.on("console", (message) => {
      if (message.type() === "error") this.consoleErrors.push(message.text());
    });
    page.on("pageerror", (error) => this.consoleErrors.push(String(error)));
  }

  /** Opens the collapsible section `testId` (a `<details>` after a page's pictures). */
  async openMore(testId: string) {
    const more = this.page.getByTestId(testId);
    if ((await more.getAttribute("open")) === null) await more.locator("summary").click();
    await expect(more).toHaveAttribute("open", "");
  }

  field(testId: string): Locator {
    return this.page.getByTestId(testId);
  }

  async type(testId: string, text: string) {
    await this.field(testId).fill(text);
  }

  /** Every cell of the grid `pane`. */
  cells(pane: string): Locator {
    return this.page.locator(`[data-testid="${pane}-cell"]`);
  }

  /** The cell of the grid `pane` at `coord`, written as the page writes it: `(1,2)`. */
  cell(pane: string, coord: string): Locator {
    return this.page.locator(`[data-testid="${pane}-cell"][data-coord="${coord}"]`);
  }

  /** The cells of the grid `pane` that a hover lights. */
  litCells(pane: string): Locator {
    return this.page.locator(`[data-testid="${pane}-cell"].cell--lit`);
  }

  logicalCell(coord: string): Locator {
    return this.cell("logical", coord);
  }

  memoryCell(address: number): Locator {
    return this.page.locator(`[data-testid="memory-cell"][data-addr="${address}"]`);
  }

  litLogicalCells(): Locator {
    return this.litCells("logical");
  }

  litMemoryCells(): Locator {
    return this.litCells("memory");
  }
}
