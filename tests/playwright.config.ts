import { defineConfig } from '@playwright/test';

// E2E_PORT lets several checkouts run their e2e tests at once on one machine.
const port = process.env.E2E_PORT ?? '8091';

// Debian's Chromium (scripts/setup.sh installs it); Playwright never downloads a browser here.
const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  timeout: 30_000,
  fullyParallel: false,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    // A 1024 x 768 touch tablet, the layout the issue asks for.
    viewport: { width: 1024, height: 768 },
    hasTouch: true,
    launchOptions: { executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  webServer: {
    command: `node serve.mjs ../dist ${port}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 20_000,
  },
});
