import { defineConfig } from "@playwright/test";
import { chromium } from "../e2e/chromium";

// The notebook widget in a real JupyterLab (tests/notebook/serve-jupyter), run by scripts/test
// after `pip install ./python` into target/pyenv: `npx playwright test -c tests/notebook`.
const port = process.env.JUPYTER_PORT ?? "8891";

export default defineConfig({
  testDir: ".",
  outputDir: "../../target/playwright-notebook",
  workers: 1,
  retries: 0,
  timeout: 120_000,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    launchOptions: chromium(),
  },
  webServer: {
    command: `bash serve-jupyter ${port}`,
    url: `http://127.0.0.1:${port}/api/status?token=layout-lab-test`,
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
