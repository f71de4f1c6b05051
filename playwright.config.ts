import { defineConfig } from "@playwright/test";
import { chromium } from "./tests/e2e/chromium";

// PW_PORT lets two checkouts run their suites side by side.
const port = process.env.PW_PORT ?? "4173";

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "target/playwright",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    launchOptions: chromium(),
  },
  webServer: {
    command: `python3 -m http.server ${port} --bind 127.0.0.1 --directory dist`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
