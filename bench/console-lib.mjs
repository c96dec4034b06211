// What the console benches share: Debian's Chromium through playwright-core (from e2e/node_modules), a
// throw-away server on a fresh SQLite demo database, and a session logged in through the form.
import { spawn, execFileSync } from 'node:child_process'
import { mkdtempSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createRequire } from 'node:module'

export const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(join(root, 'e2e', 'package.json'))
export const { chromium } = require('playwright-core')

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync']

export const ACCOUNTS = {
  builder: { side: 'builder', username: 'demo', password: 'Demo@12345' },
  finance: { side: 'finance', username: 'finance', password: 'Demo@12345' },
  admin: { side: 'builder', username: 'admin', password: 'Admin@12345' },
}

/**
 * Starts `wageguard serve` from target/debug (target/release with RELEASE=1) on a fresh SQLite demo database,
 * captcha off; answers its base address, the child process and its pid.
 */
export async function startServer({ name, port }) {
  const binary = join(root, 'target', process.env.RELEASE ? 'release' : 'debug', 'wageguard')
  if (!existsSync(binary)) throw new Error(`${binary} is missing: cargo build -p wageguard${process.env.RELEASE ? ' --release' : ''}`)
  const dir = mkdtempSync(join(tmpdir(), `${name}-`))
  const env = { ...process.env, DATABASE_URL: `sqlite://${dir}/bench.db`, WAGEGUARD_DATA_DIR: join(dir, 'data'),
    WAGEGUARD_CAPTCHA: 'off', WAGEGUARD_ADDR: `127.0.0.1:${port}`, RUST_LOG: 'warn' }
  execFileSync(binary, ['demo'], { env, stdio: 'ignore' })
  const server = spawn(binary, ['serve'], { env, stdio: 'ignore' })
  const base = `http://127.0.0.1:${port}`
  // Up to a minute: a debug build on a loaded machine (the lint stage's smoke run) starts slowly.
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${base}/login`)).ok) return { base, server }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  server.kill()
  throw new Error('the server did not start')
}

/** Logs in through the form once and answers the session (cookies and local storage) for later contexts. */
export async function sessionOf(browser, base, account) {
  const context = await browser.newContext({ baseURL: base })
  const page = await context.newPage()
  await page.goto('/login')
  await page.getByTestId(`login-tab-${account.side}`).click()
  await page.getByTestId('captcha-image').getByRole('img').waitFor()
  await page.getByTestId('login-username').fill(account.username)
  await page.getByTestId('login-password').fill(account.password)
  await page.getByTestId('login-captcha').fill('0000')
  await page.getByTestId('login-submit').click()
  await page.waitForURL((url) => !url.pathname.endsWith('/login'))
  const state = await context.storageState()
  await context.close()
  return state
}
