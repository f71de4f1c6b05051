// The release build (dist/) served on 127.0.0.1 and Debian's headless Chromium, for the scripts
// that drive the built app (bench-browser.mjs, screenshots.mjs). `close()` ends both.
import { spawn } from "node:child_process";
import { chromium } from "playwright-core";

export async function openServedApp(port) {
  const server = spawn("python3", ["-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", "dist"], {
    stdio: "ignore",
  });
  await new Promise((r) => setTimeout(r, 800));
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
  return {
    base: `http://127.0.0.1:${port}/`,
    browser,
    close: async () => {
      await browser.close();
      server.kill();
    },
  };
}
