import type { Locator } from "@playwright/test";
import { AppPage } from "./app-page";

/** The Syno page: the palette, the program, its rows, the access it gives and its grids. */
export class SynoPage extends AppPage {
  /** Goes to `fragment` (and waits for nothing more: each spec says what it expects). */
  async open(fragment = "#/syno") {
    await this.page.goto(`/${fragment}`);
  }

  /** The program's text area. */
  program(): Locator {
    return this.field("syno-program");
  }

  /** The preset, as a select. */
  preset(): Locator {
    return this.field("syno-preset");
  }

  /** The rows of the chain, one per step. */
  rows(): Locator {
    return this.field("syno-row");
  }

  /** The inputs' accesses, as the page prints them. */
  access(): Locator {
    return this.field("syno-access");
  }

  error(): Locator {
    return this.field("syno-error");
  }

  paletteError(): Locator {
    return this.field("syno-palette-error");
  }

  /** The palette's button of the primitive `prim` (reduce, share, unfold, ...). */
  primitive(prim: string): Locator {
    return this.field(`syno-${prim}`);
  }

  /** The chip of the dimension `dim` (d0, d1, ...), which picks it for the next primitive. */
  dimChip(dim: string): Locator {
    return this.page.locator(`button[data-dim="${dim}"]`);
  }

  /** The rows the chain's error marks. */
  badRows(): Locator {
    return this.page.locator(".row--bad");
  }
}
