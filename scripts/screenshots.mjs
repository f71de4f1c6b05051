// Pictures of the product: a screenshot of every page, light and dark, 1,400 and 390 px wide,
// from the release build, for reviewing a change of layout side by side. With --readme it also
// writes the README's images (docs/images/: every page light and the Views page dark,
// 1,400 x 900). Not a test: it asserts nothing.
//
//   trunk build --release && node scripts/screenshots.mjs [--out target/screenshots] [--readme]
import { mkdirSync } from "node:fs";
import { openServedApp } from "./served-app.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const out = option("--out", "target/screenshots");
const readme = args.includes("--readme");

// Each page in a state that shows what it is for.
const pages = [
  ["views", "#/views?shape=4,8&strides=1,4&mask=0:3,0:8&ops=permute:1,0", "logical-grid"],
  ["layouts", "#/layouts?L=((4,4),4):((16,1),4)", "logical-grid"],
  ["morphisms", "#/morphisms", "morphism-text"],
  ["syno", "#/syno", "syno-access"],
  ["shader", "#/shader?from=views&shape=3,4", "shader-code"],
  ["threads", "#/threads?atom=SM80_16x8x16_F16F16F16F16_TN&layout=2x2x1&perm=(_32,_32,_16)&pick=t5", "threads-c"],
  ["triton", "#/triton?layout=%23ttg.nvidia_mma%3C%7BversionMajor%20%3D%202%2C%20versionMinor%20%3D%200%2C%20warpsPerCTA%20%3D%20%5B2%2C%202%5D%2C%20instrShape%20%3D%20%5B16%2C%208%5D%7D%3E&shape=32,32&pick=t5", "triton-grid"],
];
const widths = [
  ["1400", { width: 1400, height: 900 }],
  ["390", { width: 390, height: 844 }],
];

const { base, browser, close } = await openServedApp(4198);
mkdirSync(out, { recursive: true });
if (readme) mkdirSync("docs/images", { recursive: true });
try {
  for (const theme of ["light", "dark"]) {
    for (const [label, viewport] of widths) {
      const context = await browser.newContext({ viewport, colorScheme: theme, deviceScaleFactor: 1 });
      const page = await context.newPage();
      for (const [name, fragment, ready] of pages) {
        await page.goto(base + fragment);
        await page.getByTestId(ready).first().waitFor();
        // fonts and the last frame settle
        await page.evaluate(() => document.fonts.ready);
        await page.waitForTimeout(300);
        const path = `${out}/${name}-${theme}-${label}.png`;
        await page.screenshot({ path });
        console.log(path);
        // the README: every page light, and the Views page dark too
        if (readme && label === "1400" && (theme === "light" || name === "views")) {
          const image = `docs/images/${name}${theme === "dark" ? "-dark" : ""}.png`;
          await page.screenshot({ path: image });
          console.log(image);
        }
      }
      await context.close();
    }
  }
} finally {
  await close();
}
