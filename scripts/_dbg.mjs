import { openServedApp } from "./served-app.mjs";
const { base, browser, close } = await openServedApp(4196);
const page = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
await page.goto(base + "#/layouts?L=(32,32):(32,1)&read=column&load=3"); await page.waitForTimeout(800);
const c = page.getByTestId("bank-grid");
for (const [x,y] of [[135.5, 93.3],[40,30],[300,300]]) {
  await c.hover({position:{x,y}}); await page.waitForTimeout(100);
  console.log(x,y, await page.getByTestId("bank-hover").textContent());
}
page.on("console", m => console.log("console", m.text()));
await close();
