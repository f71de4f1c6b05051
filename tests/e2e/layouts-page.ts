import { expect, type Locator } from "@playwright/test";
import { AppPage } from "./app-page";

/** The Layouts page: the layout's field, notations and properties, and the algebra workbench. */
export class LayoutsPage extends AppPage {
  /** Goes to `fragment` (and waits for nothing more: each spec says what it expects). */
  async open(fragment = "#/layouts") {
    await this.page.goto(`/${fragment}`);
  }

  /** The layout's field. */
  input(): Locator {
    return this.field("layout-input");
  }

  /** The layout in CuTe notation. */
  cute(): Locator {
    return this.field("layout-cute");
  }

  /** The layout in pycute notation. */
  pycute(): Locator {
    return this.field("layout-pycute");
  }

  /** The property `name` (size, cosize, depth, tractable, view). */
  prop(name: string): Locator {
    return this.field(`prop-${name}`);
  }

  error(): Locator {
    return this.field("error-layout");
  }

  /** The workbench's operation, as a select. */
  workbenchOp(): Locator {
    return this.field("wb-op");
  }

  workbenchResult(): Locator {
    return this.field("wb-result");
  }

  /** Runs `op` in the algebra workbench on A (and B unless empty) and expects `result`. */
  async workbench(op: string, a: string, b: string, result: string) {
    await this.workbenchOp().selectOption(op);
    await this.type("wb-a", a);
    if (b !== "") await this.type("wb-b", b);
    await expect(this.workbenchResult(), op).toHaveText(result);
  }
}
