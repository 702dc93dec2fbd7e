import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests of the phone client against the real server (test/browser/server.ts starts it: embedded store in a
 * temporary folder, a free port, a known admin token), in Debian's Chromium. Never `npx playwright install`.
 * Each test creates its own match through the admin API, so tests do not share state.
 */
export default defineConfig({
  testDir: './test/browser',
  testMatch: '**/*.spec.ts',
  globalSetup: './test/browser/server.ts',
  outputDir: './test-results/playwright',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 180_000,
  // Waits for the app itself; the spectator's one-second promise is asserted explicitly where it matters.
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    ...devices['Pixel 7'],
    // Set by the global setup before the workers start (they inherit the environment).
    baseURL: process.env.LN_BASE_URL,
    // The phone the client is designed for: 390 x 844 CSS pixels, touch, portrait.
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    // Traces on demand (PW_TRACE=1): another run in the same checkout empties the output folder, and a trace being
    // recorded there would then fail a test that passed.
    trace: process.env.PW_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
});
