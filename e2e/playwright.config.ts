import { defineConfig } from '@playwright/test'

// Each journey file starts its own server (journeys/support.ts `test`): there is no shared webServer.
export default defineConfig({
  testDir: './journeys',
  outputDir: './test-results',
  // Bounds on a hang, not speed: a journey waits on what the page shows, and on a loaded 2-core machine (load
  // average 4–6) a lazy page or a save takes several times its quiet time.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  // Two files at a time, each on its own server and ports (journeys/support.ts): the journeys wait on the
  // server and the browser's animations more than they use a core. E2E_WORKERS=1 runs them one by one.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
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
