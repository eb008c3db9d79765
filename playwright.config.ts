import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/lib/chromium";
import { e2ePort } from "./scripts/lib/ports";

// End-to-end tests run against the production build in `.next` (scripts/e2e.ts builds it when it
// is stale), served by scripts/e2e-server.ts on a throwaway database. Browsers cannot be
// downloaded here, so both projects launch Debian's chromium (scripts/ensure-chromium.sh).
// The port: E2E_PORT, a free one per `npm run test:e2e` (two runs on one machine never clash).
const PORT = e2ePort();

const chromium = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: "list",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "off",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "desktop",
      grepInvert: /@mobile/,
      use: { ...devices["Desktop Chrome"], launchOptions: chromium },
    },
    {
      // Only specs tagged @mobile run here (the tag is part of the title Playwright greps).
      name: "mobile",
      grep: /@mobile/,
      use: {
        ...devices["Pixel 5"],
        browserName: "chromium",
        viewport: { width: 375, height: 812 },
        screen: { width: 375, height: 812 },
        isMobile: true,
        hasTouch: true,
        launchOptions: chromium,
      },
    },
  ],
  webServer: {
    command: "node node_modules/tsx/dist/cli.mjs scripts/e2e-server.ts",
    port: PORT,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    // SIGTERM (not the default SIGKILL) so the server script can drop its throwaway database.
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
  },
});
