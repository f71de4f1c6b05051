// Draws public/favicon.svg at 32 x 32 in headless Chromium and prints it as a PNG data URL, the
// icon index.html holds inline (see the comment there for why it is not the SVG file):
//
//   node scripts/favicon-png.mjs
import { readFileSync } from "node:fs";
import { chromium } from "playwright-core";

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
try {
  const page = await browser.newPage({ viewport: { width: 32, height: 32 } });
  const svg = readFileSync("public/favicon.svg", "utf8").replace("<svg ", '<svg width="32" height="32" ');
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
  const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: 32, height: 32 } });
  console.log(`data:image/png;base64,${png.toString("base64")}`);
} finally {
  await browser.close();
}
