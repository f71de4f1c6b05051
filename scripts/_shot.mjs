import { openServedApp } from "./served-app.mjs";
const [,, frag, out, w, testid] = process.argv;
const { base, browser, close } = await openServedApp(4197);
const ctx = await browser.newContext({ viewport: { width: Number(w ?? 1400), height: 900 } });
const page = await ctx.newPage();
await page.goto(base + frag); await page.waitForTimeout(800);
if (testid) { const el = page.locator(testid).first(); await el.scrollIntoViewIfNeeded(); await el.screenshot({ path: out }); }
else await page.screenshot({ path: out, fullPage: false });
await close();
