import { defineConfig } from "@playwright/test";
import { chromium } from "./tests/e2e/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "target/playwright",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: "http://127.0.0.1:4173/",
    launchOptions: chromium(),
  },
  webServer: {
    command: "python3 -m http.server 4173 --bind 127.0.0.1 --directory dist",
    url: "http://127.0.0.1:4173/",
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
