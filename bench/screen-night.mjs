// A night in front of the data screen (issue 16: "survive a night of refreshing without growing memory"): the
// 数据大屏 at 1920 × 1080 in Debian's Chromium, its clock run forward a minute at a time so that every one of its
// refreshes happens (600 = ten hours), each waited for until its data has arrived. Every hour of screen time
// the page's garbage is collected and its live JavaScript heap, DOM nodes and event listeners are read, with
// the server's resident memory. A leak shows as figures that climb hour after hour; steady ones are the pass.
//
// BASE_URL uses a running server (captcha off, demo data; its memory is not read); without it a throw-away
// server is started (target/debug, or target/release with RELEASE=1). ACCOUNT builder (the project's screen)
// or admin (the district's, with the map; default both one after the other); HOURS (default 10).
import { readFileSync } from 'node:fs'
import { ACCOUNTS, chromium, CHROMIUM_ARGS, startServer, sessionOf } from './console-lib.mjs'

const HOURS = Number(process.env.HOURS ?? 10)
const REFRESH_MS = 60_000
const accounts = process.env.ACCOUNT ? [process.env.ACCOUNT] : ['builder', 'admin']

const residentMb = (pid) => {
  if (!pid) return '-'
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((row) => row.startsWith('VmRSS'))
  return (Number(line.replace(/\D/g, '')) / 1024).toFixed(1)
}

async function night(browser, base, state, pid, account) {
  const context = await browser.newContext({ baseURL: base, storageState: state, viewport: { width: 1920, height: 1080 } })
  const page = await context.newPage()
  await page.clock.install()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Performance.enable')
  const measure = async (hour) => {
    await cdp.send('HeapProfiler.collectGarbage')
    const { metrics } = await cdp.send('Performance.getMetrics')
    const metric = (name) => metrics.find((entry) => entry.name === name)?.value ?? 0
    const heap = (metric('JSHeapUsedSize') / 1024 / 1024).toFixed(2)
    console.log(`  ${String(hour).padStart(2)} h   heap ${heap.padStart(6)} MB   DOM nodes ${String(metric('Nodes')).padStart(5)}   listeners ${String(metric('JSEventListeners')).padStart(4)}   server ${residentMb(pid)} MB`)
  }
  const refreshed = () => page.waitForResponse((reply) => reply.url().includes('/screen/v1/Screen/data'), { timeout: 30_000 })
  const first = refreshed()
  await page.goto('/system/tvscreen')
  await first
  await page.getByTestId('screen-onSite').waitFor()
  console.log(`${account === 'admin' ? 'the district' : 'the project'}'s screen, ${HOURS} hours of refreshes every ${REFRESH_MS / 1000} s`)
  await measure(0)
  for (let hour = 1; hour <= HOURS; hour += 1) {
    for (let minute = 0; minute < 60; minute += 1) {
      const next = refreshed()
      await page.clock.runFor(REFRESH_MS)
      await next
    }
    // The last refresh's data rendered before the figures are read.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve())))
    await measure(hour)
  }
  await context.close()
}

const started = process.env.BASE_URL ? null : await startServer({ name: 'screen-night', port: 8590 })
const base = process.env.BASE_URL ?? started.base
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS })
try {
  for (const account of accounts) {
    const state = await sessionOf(browser, base, ACCOUNTS[account])
    await night(browser, base, state, started?.server.pid, account)
  }
} finally {
  await browser.close()
  started?.server.kill()
}
