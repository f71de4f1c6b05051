import type { Locator } from "@playwright/test";
import { AppPage } from "./app-page";

/** The Shader page: its options, the generated code, the grid of offsets and the GPU run. */
export class ShaderPage extends AppPage {
  /** Goes to `fragment` (and waits for nothing more: each spec says what it expects). */
  async open(fragment = "#/shader") {
    await this.page.goto(`/${fragment}`);
  }

  /** The generated WGSL, one element per line. */
  code(): Locator {
    return this.field("shader-code");
  }

  /** What the page generates from, as a select (views, layouts, morphisms, syno). */
  from(): Locator {
    return this.field("shader-from");
  }

  /** What hovering a line or a cell says. */
  hover(): Locator {
    return this.field("shader-hover");
  }

  error(): Locator {
    return this.field("shader-error");
  }

  gpuRun(): Locator {
    return this.field("gpu-run");
  }

  gpuResult(): Locator {
    return this.field("gpu-result");
  }

  gpuUnavailable(): Locator {
    return this.field("gpu-unavailable");
  }
}
