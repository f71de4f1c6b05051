import { expect, test, type Locator, type Page } from "@playwright/test";
import { MorphismsPage } from "./morphisms-page";
import { ShaderPage } from "./shader-page";
import { SynoPage } from "./syno-page";

// Picture first (issue 40): from 1,100 px wide a page is two panes, its controls and beside
// them its pictures, both in the first screen; narrower, the pictures follow the controls.

/** A page's first control and the top of its main picture, once the page has drawn them. */
type Parts = { control: Locator; picture: Locator; errors: string[] };

const pages: [string, (page: Page) => Promise<Parts>][] = [
  [
    "Morphisms",
    async (page) => {
      const morphisms = new MorphismsPage(page);
      await morphisms.open();
      return { control: morphisms.field("morphism-domain"), picture: morphisms.diagram(), errors: morphisms.consoleErrors };
    },
  ],
  [
    "Syno",
    async (page) => {
      const syno = new SynoPage(page);
      await syno.open();
      return { control: syno.preset(), picture: syno.rows().first(), errors: syno.consoleErrors };
    },
  ],
  [
    "Shader",
    async (page) => {
      const shader = new ShaderPage(page);
      await shader.open();
      return { control: shader.from(), picture: shader.code(), errors: shader.consoleErrors };
    },
  ],
];

/** The boxes of a page's first control and main picture, in the viewport, without scrolling. */
async function boxes(parts: Parts) {
  await expect(parts.control).toBeVisible();
  await expect(parts.picture).toBeVisible();
  const control = await parts.control.boundingBox();
  const picture = await parts.picture.boundingBox();
  expect(control).not.toBeNull();
  expect(picture).not.toBeNull();
  return { control: control!, picture: picture! };
}

for (const [name, open] of pages) {
  test.describe(`the ${name} page`, () => {
    test.describe("at 1400 x 900", () => {
      test.use({ viewport: { width: 1400, height: 900 } });

      test("shows its first control and the top of its picture without scrolling", async ({ page }) => {
        const parts = await open(page);
        const { control, picture } = await boxes(parts);
        expect(control.y).toBeGreaterThanOrEqual(0);
        expect(control.y + control.height).toBeLessThanOrEqual(900);
        expect(picture.y).toBeGreaterThanOrEqual(0);
        expect(picture.y).toBeLessThan(900);
        expect(parts.errors).toEqual([]);
      });

      test("puts its picture to the right of its controls", async ({ page }) => {
        const { control, picture } = await boxes(await open(page));
        expect(picture.x).toBeGreaterThanOrEqual(control.x + control.width);
      });
    });

    test.describe("at 390 px wide", () => {
      test.use({ viewport: { width: 390, height: 844 } });

      test("puts its picture after its controls", async ({ page }) => {
        const { control, picture } = await boxes(await open(page));
        expect(picture.y).toBeGreaterThanOrEqual(control.y + control.height);
      });
    });
  });
}
