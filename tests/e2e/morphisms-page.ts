import type { Locator } from "@playwright/test";
import { AppPage } from "./app-page";

/** The Morphisms page: the morphism's fields and diagram, its operations and the walkthrough. */
export class MorphismsPage extends AppPage {
  /** Goes to `fragment` (and waits for nothing more: each spec says what it expects). */
  async open(fragment = "#/morphisms") {
    await this.page.goto(`/${fragment}`);
  }

  /** Types the domain, the codomain and the map, in that order. */
  async typeMorphism(domain: string, codomain: string, map: string) {
    await this.type("morphism-domain", domain);
    await this.type("morphism-codomain", codomain);
    await this.type("morphism-map", map);
  }

  /** The morphism as the page writes it: `S --(map)--> T`. */
  text(): Locator {
    return this.field("morphism-text");
  }

  /** The layout L_f the morphism encodes. */
  encodedLayout(): Locator {
    return this.field("encoded-layout");
  }

  diagram(): Locator {
    return this.field("diagram");
  }

  /** The operation, as a select. */
  op(): Locator {
    return this.field("morphism-op");
  }

  opResult(): Locator {
    return this.field("op-result");
  }

  /** The walkthrough's preset, as a select. */
  walkPreset(): Locator {
    return this.field("walk-preset");
  }

  walkPosition(): Locator {
    return this.field("walk-position");
  }

  walkNext(): Locator {
    return this.field("walk-next");
  }

  walkPrev(): Locator {
    return this.field("walk-prev");
  }

  walkLines(): Locator {
    return this.field("walk-lines");
  }

  walkError(): Locator {
    return this.field("walk-error");
  }
}
