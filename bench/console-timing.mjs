// Console first paint (issue 10 item 8): time to content on a hard load in Debian's Chromium for the login
// page, the roster, 考勤表 and the finance approval list. Every run is a new browser context (empty HTTP cache,
// the session carried over as cookies and local storage only), and the clock is the page's own: from the
// navigation's start to the moment the page shows its real content (the first table row, or the table's empty
// state once its data has arrived). Budget: < 1 s each.
//
// BASE_URL=http://127.0.0.1:8181 uses a running server (captcha off, demo data); without it a throw-away server
// is started from target/debug (or target/release with RELEASE=1) on a fresh SQLite demo database. Several
// servers, comma-separated (a build before and after a change), are measured interleaved: each run of a page
// loads it from each server in turn, so that a busy machine weighs on both alike.
// RUNS (default 7) sets the runs per page; the first run of each page is a warm-up and is not counted.
// SMOKE=1 loads the roster once and asserts no timing: the test command's lint stage runs it so that the bench
// cannot silently stop running (its ready checks are functions, which the server's CSP lets run; a string
// would be evaluated as code and refused).
import { join } from 'node:path'
import { tmpdir } from 'node:os'
import { ACCOUNTS, chromium, CHROMIUM_ARGS, startServer, sessionOf } from './console-lib.mjs'

const SMOKE = process.env.SMOKE === '1'
const RUNS = SMOKE ? 1 : Number(process.env.RUNS ?? 7)
const BUDGET_MS = 1000

/** The page's content is there: a table row, or the table's empty state with no loading spinner left. */
const TABLE_READY = () => {
  const table = document.querySelector('.app-content .ant-table-wrapper')
  if (!table || table.querySelector('.ant-spin-spinning')) return false
  return !!table.querySelector('.ant-table-row, .ant-table-placeholder')
}

const LOGIN_READY = () => !!document.querySelector('[data-testid=login-submit]') && !!document.querySelector('[data-testid=captcha-image] img')

const ALL_PAGES = [
  { name: '登录页 /login', path: '/login', account: null, ready: LOGIN_READY },
  { name: '花名册 /user/list', path: '/user/list', account: 'builder', ready: TABLE_READY },
  { name: '考勤表 /project/sheets', path: '/project/sheets', account: 'builder', ready: TABLE_READY },
  { name: '审批工单 /order/index', path: '/order/index', account: 'finance', ready: TABLE_READY },
]
const PAGES = SMOKE ? ALL_PAGES.filter((target) => target.path === '/user/list') : ALL_PAGES

/** One hard load in a fresh context: ms from navigation start to content, and the long tasks seen on the way. */
async function timeOnce(browser, base, target, state) {
  const context = await browser.newContext({ baseURL: base, storageState: state ?? undefined, viewport: { width: 1440, height: 900 } })
  const page = await context.newPage()
  await page.addInitScript(() => {
    window.__longTasks = []
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push(Math.round(entry.duration))
    }).observe({ type: 'longtask', buffered: true })
  })
  await page.goto(target.path, { waitUntil: 'commit' })
  try {
    await page.waitForFunction(target.ready, null, { polling: 'raf', timeout: 30_000 })
  } catch (error) {
    await page.screenshot({ path: join(tmpdir(), 'console-timing-failed.png') })
    throw new Error(`${target.name}: no content after 30 s (${join(tmpdir(), 'console-timing-failed.png')})`, { cause: error })
  }
  const result = await page.evaluate(() => ({ ms: performance.now(), longTasks: window.__longTasks, path: location.pathname }))
  await context.close()
  if (result.path !== target.path) throw new Error(`${target.path} landed on ${result.path}`)
  return result
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

const started = process.env.BASE_URL ? null : await startServer({ name: 'console-timing', port: 8589 })
const bases = process.env.BASE_URL ? process.env.BASE_URL.split(',') : [started.base]
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS })
let over = false
try {
  const sessions = []
  for (const base of bases) {
    const byAccount = {}
    for (const key of new Set(PAGES.map((target) => target.account).filter(Boolean))) byAccount[key] = await sessionOf(browser, base, ACCOUNTS[key])
    sessions.push(byAccount)
  }
  console.log(SMOKE
    ? `smoke run (one load, no budget asserted) on ${bases.join(', ')}`
    : `time to content on a hard load, ${RUNS - 1} runs after a warm-up (${bases.join(', ')}), budget < ${BUDGET_MS} ms`)
  for (const target of PAGES) {
    const times = bases.map(() => [])
    const longest = bases.map(() => [])
    for (let run = 0; run < RUNS; run += 1) {
      for (const [i, base] of bases.entries()) {
        const { ms, longTasks } = await timeOnce(browser, base, target, target.account ? sessions[i][target.account] : null)
        if (run === 0 && !SMOKE) continue
        times[i].push(ms)
        longest[i].push(Math.max(0, ...longTasks))
      }
    }
    for (const [i, base] of bases.entries()) {
      const [min, mid, max] = [Math.min(...times[i]), median(times[i]), Math.max(...times[i])].map(Math.round)
      if (mid >= BUDGET_MS && !SMOKE) over = true
      const name = bases.length > 1 ? `${target.name} ${base}` : target.name
      console.log(`${name.padEnd(24)} min ${String(min).padStart(5)} ms  median ${String(mid).padStart(5)} ms  max ${String(max).padStart(5)} ms  longest task (median) ${Math.round(median(longest[i]))} ms${mid >= BUDGET_MS && !SMOKE ? '  OVER BUDGET' : ''}`)
    }
  }
} finally {
  await browser.close()
  started?.server.kill()
}
process.exitCode = over ? 1 : 0
