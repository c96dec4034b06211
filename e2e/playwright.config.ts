import { defineConfig } from '@playwright/test'

// Each journey file starts its own server (journeys/support.ts `test`): there is no shared webServer.
export default defineConfig({
  testDir: './journeys',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    locale: 'zh-CN',
    viewport: { width: 1600, height: 900 },
    screenshot: 'on',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
})
