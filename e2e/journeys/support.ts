/**
 * Shared steps of the browser journeys: each journey file's own server, accounts, logging in, screenshots,
 * cookies and toasts. Journeys import `test` and `expect` from here, never from '@playwright/test'.
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { test as base, expect, type Locator, type Page, type TestInfo } from '@playwright/test';

export { expect };

const ROOT = path.resolve(__dirname, '..', '..');
const BINARY = path.join(ROOT, 'target', 'debug', 'wageguard');
/** Ports are looked for from here on, a block of 10 per parallel worker. */
const FIRST_PORT = Number(process.env.E2E_PORT ?? 8181);
const PORTS_PER_WORKER = 10;
/** The fake ID reader listens this far above its server's port (the console asks it from the page). */
const READER_OFFSET = 10_000;

/** The server of one journey file: a fresh SQLite database and data directory, the demo data seeded. */
export interface JourneyServer {
  url: string;
  /** Holds `e2e.db` (read for the SMS codes of the sandbox gateway), `data/` and `server.log`. */
  dir: string;
}

interface Running extends JourneyServer {
  file: string;
  server: ChildProcess;
  reader?: ChildProcess;
}

/** A worker's seeded template and the server of the file it runs now. */
interface JourneyServers {
  template: string;
  current?: Running;
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A port free for the server whose +READER_OFFSET is free for the ID reader. */
async function freePort(first: number): Promise<number> {
  for (let port = first; port < first + PORTS_PER_WORKER; port += 1) {
    if ((await portFree(port)) && (await portFree(port + READER_OFFSET))) return port;
  }
  throw new Error(`no free port in ${first}–${first + PORTS_PER_WORKER - 1}`);
}

/** Polls `url` until it answers 200; fails early when `child` has exited. */
async function answering(url: string, child: ChildProcess, what: string, log?: string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    const ok = await fetch(url).then((response) => response.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const tail = log ? `\n${readFileSync(log, 'utf8').split('\n').slice(-20).join('\n')}` : '';
  throw new Error(`${what} did not answer at ${url}${tail}`);
}

/** The server's environment on the database and data directory in `dir`. */
const serverEnv = (dir: string, port = 0) => ({
  ...process.env,
  DATABASE_URL: `sqlite://${dir}/e2e.db`,
  // Uploads of the journeys land beside the throw-away database, never in the repository.
  WAGEGUARD_DATA_DIR: path.join(dir, 'data'),
  WAGEGUARD_CAPTCHA: 'off',
  RUST_LOG: process.env.RUST_LOG ?? 'warn',
  WAGEGUARD_ADDR: `127.0.0.1:${port}`,
  WAGEGUARD_ID_READER: `http://127.0.0.1:${port + READER_OFFSET}/readcard`,
});

/**
 * A folder with a database seeded as each journey starts: the demo data and `firstlogin` on its initial
 * password. Seeded once per worker and copied for each file (seeding hashes five passwords: seconds on a
 * busy machine, a copy takes milliseconds). The demo lead's message is read, as by a clerk who has seen its
 * login popup before: the journeys that are about leads make their own.
 */
async function seededTemplate(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'wageguard-e2e-template-'));
  const run = promisify(execFile);
  await run(BINARY, ['demo'], { env: serverEnv(dir) });
  await run(BINARY, ['user', 'create', 'firstlogin', '--kind', 'builder', '--name', '初次登录', '--project', '1', '--password', 'Init@12345'], { env: serverEnv(dir) });
  await run('sqlite3', [path.join(dir, 'e2e.db'), "UPDATE messages SET is_read = TRUE WHERE kind = 'lead'"]);
  // The engine's warnings of the demo are raised here, so the run at the server's start finds nothing new.
  await run(BINARY, ['warnings', 'run'], { env: serverEnv(dir) });
  return dir;
}

/**
 * Starts the debug build (console embedded from web/dist) on a copy of the seeded template, the captcha off
 * for the automated client; with `idReader`, also the fake ID reader the console is pointed at.
 */
async function start(file: string, template: string, firstPort: number, idReader: boolean): Promise<Running> {
  const dir = mkdtempSync(path.join(tmpdir(), 'wageguard-e2e-'));
  cpSync(template, dir, { recursive: true });
  const port = await freePort(firstPort);
  const env = serverEnv(dir, port);
  const log = path.join(dir, 'server.log');
  const output = openSync(log, 'a');
  const server = spawn(BINARY, ['serve'], { env, stdio: ['ignore', output, output] });
  const url = `http://127.0.0.1:${port}`;
  const running: Running = { file, url, dir, server };
  try {
    await answering(`${url}/builder/common/v1/public/Message`, server, 'the journey server', log);
    if (idReader) {
      const readerPort = String(port + READER_OFFSET);
      running.reader = spawn(process.execPath, [path.join(ROOT, 'e2e', 'fake-id-reader.mjs'), readerPort], { stdio: 'ignore' });
      await answering(`http://127.0.0.1:${readerPort}/readcard`, running.reader, 'the fake ID reader');
    }
  } catch (error) {
    await stop(running);
    throw error;
  }
  return running;
}

async function stop(running: Running): Promise<void> {
  // Nothing of a journey's server is kept: it is killed outright and its database removed.
  await Promise.all(
    [running.server, running.reader].map((child) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) return undefined;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      return exited;
    }),
  );
  rmSync(running.dir, { recursive: true, force: true });
}

/** A failed journey's server: whether it still runs, and the end of its log, printed with the failure. */
function report(running: Running): void {
  const { exitCode, signalCode } = running.server;
  const state = exitCode === null && signalCode === null ? 'running' : `exited (code ${exitCode}, signal ${signalCode})`;
  const log = readFileSync(path.join(running.dir, 'server.log'), 'utf8').split('\n').slice(-40).join('\n');
  console.log(`the journey server at ${running.url}: ${state}; the end of its log:\n${log}`);
}

/**
 * Each journey file gets its own server: started for the file's first test, reused by its later tests, stopped
 * when the worker moves to another file or ends. So any file runs alone and the files run in any order.
 */
export const test = base.extend<{ server: JourneyServer; idReader: boolean }, { journeyServers: JourneyServers }>({
  /** `test.use({ idReader: true })`: the file's server comes with the fake ID reader (fake-id-reader.mjs). */
  idReader: [false, { option: true }],
  journeyServers: [
    async ({}, use) => {
      const servers: JourneyServers = { template: await seededTemplate() };
      await use(servers);
      if (servers.current) await stop(servers.current);
      rmSync(servers.template, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  server: [
    async ({ journeyServers, idReader }, use, testInfo) => {
      if (journeyServers.current?.file !== testInfo.file) {
        if (journeyServers.current) await stop(journeyServers.current);
        journeyServers.current = undefined;
        const firstPort = FIRST_PORT + PORTS_PER_WORKER * testInfo.parallelIndex;
        journeyServers.current = await start(testInfo.file, journeyServers.template, firstPort, idReader);
      }
      await use(journeyServers.current);
      if (testInfo.status !== testInfo.expectedStatus) report(journeyServers.current);
    },
    // Starting a server is not the journey's time: it has its own timeout.
    { auto: true, timeout: 60_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
});

/** The newest text the sandbox gateway sent to a phone (an initial password, a code), from the server's database. */
export function smsText(server: JourneyServer, phone: string): string {
  const sql = `SELECT content FROM sms_outbox WHERE phone = '${phone}' ORDER BY id DESC LIMIT 1;`;
  return execFileSync('sqlite3', [`${server.dir}/e2e.db`, sql], { encoding: 'utf8' }).trim();
}

/** The newest SMS code the sandbox gateway sent to a phone, read from the journey server's database. */
export function smsCode(server: JourneyServer, phone: string): string {
  const sql = `SELECT code FROM sms_codes WHERE phone = '${phone}' ORDER BY id DESC LIMIT 1;`;
  return execFileSync('sqlite3', [`${server.dir}/e2e.db`, sql], { encoding: 'utf8' }).trim();
}

export type Side = 'builder' | 'finance';

export interface Account {
  username: string;
  password: string;
  side: Side;
}

/** The demo accounts of `wageguard demo` (server/src/demo.rs) and the one the journey server adds. */
export const DEMO: Account = { username: 'demo', password: 'Demo@12345', side: 'builder' };
export const NEWSITE: Account = { username: 'newsite', password: 'Demo@12345', side: 'builder' };
export const FINANCE: Account = { username: 'finance', password: 'Demo@12345', side: 'finance' };
export const ADMIN: Account = { username: 'admin', password: 'Admin@12345', side: 'builder' };
/** On its initial password; the password journey changes it (on its own server). */
export const FIRST_LOGIN: Account = { username: 'firstlogin', password: 'Init@12345', side: 'builder' };

export const PROJECT_NAME = '郑州市金水区幸福里安置房项目';
export const SITE_TITLE = '工资监管平台';
export const SITE_TITLE_ALL = '农民工工资支付监管平台';

/** The server has the captcha off, but the form still asks for one. */
const ANY_CAPTCHA = 'abcd';

/** Fills and submits the login form; the caller asserts where it lands. */
export async function submitLogin(page: Page, account: Account): Promise<void> {
  if (!page.url().endsWith('/login')) await page.goto('/login');
  const tab = page.getByTestId(`login-tab-${account.side}`);
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  // The form refuses to submit until the captcha of the chosen tab has loaded.
  await expect(page.getByTestId('captcha-image').getByRole('img', { name: '验证码' })).toBeVisible();
  await page.getByTestId('login-username').fill(account.username);
  await page.getByTestId('login-password').fill(account.password);
  await page.getByTestId('login-captcha').fill(ANY_CAPTCHA);
  await page.getByTestId('login-submit').click();
}

/** Logs in through the form and waits for the shell (or the wizard) to be ready. */
export async function login(page: Page, account: Account): Promise<void> {
  await submitLogin(page, account);
  await expect(page).not.toHaveURL(/\/login$/);
  if (account.side === 'finance') {
    await expect(page).toHaveURL(/\/order\/index$/);
  }
}

/** Logs `demo` in and waits for the workbench. */
export async function loginAsDemo(page: Page): Promise<void> {
  await login(page, DEMO);
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByTestId('workbench-welcome')).toBeVisible();
}

/**
 * A full-page screenshot kept with the test's artifacts (test-results/<test>/NN-name.png). Running CSS
 * animations (antd's modal zoom, drawer slide) are finished first, so the picture shows the settled screen.
 */
/** Where the phone pages' pictures go (e2e/test-results/phone/, kept out of git; the README's come from there). */
export const PHONE_SHOTS = path.resolve(__dirname, '..', 'test-results', 'phone')

/** A phone page in one picture at 375 px wide (PHONE_SHOTS/NAME.png), with the bottom bar where a phone shows
 * it once scrolled to the end: a full-page capture would draw the sticky bar over the middle of the page. */
export async function phoneShot(page: Page, name: string): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  await page.setViewportSize({ width: 375, height: Math.max(812, height) })
  await page.screenshot({ path: path.join(PHONE_SHOTS, `${name}.png`), animations: 'disabled' })
  await page.setViewportSize({ width: 375, height: 812 })
}

export async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true, animations: 'disabled' });
}

export async function cookieValue(page: Page, name: string): Promise<string | undefined> {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name === name)?.value;
}

/** An antd message toast (message.success/error/info) with exactly this text. */
export const toast = (page: Page, text: string): Locator =>
  page.locator('.ant-message-notice').filter({ hasText: text });

/**
 * The antd confirm dialog that is open now, once its opening zoom has finished: a click that lands while the
 * dialog is still zooming in can be lost on a loaded machine.
 */
export const confirmDialog = (page: Page): Locator =>
  page.locator('.ant-modal-confirm:not(.ant-zoom-appear):not(.ant-zoom-enter)');

/**
 * The antd pop-confirm that is open now, once its opening zoom has finished: like the confirm dialog, a click on
 * 确定 while it is still zooming in can be lost on a loaded machine.
 */
export const popconfirm = (page: Page): Locator =>
  page.locator('.ant-popover:visible:not(.ant-zoom-big-appear):not(.ant-zoom-big-enter)');

/**
 * Clicks a dialog's submit button until `done` shows: on a loaded machine a click that lands while the dialog
 * is still opening can be lost. A save in flight keeps the button loading, and a loading antd button ignores
 * clicks, so nothing is sent twice.
 */
export async function submitUntil(submit: Locator, done: Locator): Promise<void> {
  await expect(async () => {
    if (await submit.isVisible()) await submit.click({ timeout: 2_000 });
    await expect(done).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/** An open antd dialog by its exact title. */
export const modal = (page: Page, title: string): Locator => page.getByRole('dialog', { name: title, exact: true })

/** A button by its text; antd spaces two-character labels (确 定) and names a button that was loading once "loading …". */
export const button = (scope: Locator, name: string): Locator =>
  scope.getByRole('button', { name: new RegExp(`(?:^|\\s)${[...name].join('\\s*')}$`) })

/** A table's data row holding `text`. */
export const rowOf = (table: Locator, text: string): Locator => table.locator('tbody tr.ant-table-row').filter({ hasText: text })

/** Waits until the toasts have gone (3 s each), for a screenshot that shows what they covered. */
export const toastsGone = (page: Page) => expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 8_000 })

/** antd puts a space between the characters of two-character labels (确 定). */
/**
 * Picks 身份证号码 in the approver's 身份验证 dialog, clicking again until its field shows: on a loaded machine a
 * click during the dialog's opening zoom can be lost.
 */
export async function chooseIdNumberCheck(verify: Locator): Promise<void> {
  await expect(async () => {
    await verify.getByText('身份证号码', { exact: true }).click();
    await expect(verify.getByTestId('verify-id')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

export const OK = /确\s*定/;
export const CANCEL = /取\s*消/;

/** Opens the header's user menu and picks an entry (user-menu-home / -help / -password / -logout). */
export async function userMenu(page: Page, entry: 'home' | 'help' | 'password' | 'logout'): Promise<void> {
  await page.getByTestId('header-user-menu').click();
  const item = page.getByTestId(`user-menu-${entry}`);
  await expect(item).toBeVisible();
  await item.click();
}

/**
 * Counts full page loads from now on. Logout, a password change and an expired session end with
 * window.location.reload(), about a second after the login page has already been shown (the guard sends
 * a page without token there at once): wait for that reload before typing into the login form again.
 */
export function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  return () => loads;
}

/**
 * Confirms the logout dialog until the page reloads. Right after another dialog closed (the created
 * password's, the submit's confirms), a first click on 确定 can land while the dialog is still opening.
 */
export async function confirmLogout(page: Page, loads: () => number): Promise<void> {
  const ask = confirmDialog(page).filter({ hasText: '此操作将退出登录' });
  await expect(async () => {
    if (await ask.isVisible()) await ask.getByRole('button', { name: OK }).click({ timeout: 2_000 });
    expect(loads()).toBe(1);
  }).toPass({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/login$/);
}

/** Logs out from the shell's user menu and waits for the reload that follows, so the next login is not cut off. */
export async function logout(page: Page): Promise<void> {
  const loads = countLoads(page);
  await userMenu(page, 'logout');
  await confirmLogout(page, loads);
}

/** A date `offset` days from today, `YYYY-MM-DD`. */
export const day = (offset: number): string => {
  const date = new Date(Date.now() + offset * 86_400_000);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

/** The form item whose label is exactly `label` (labels like 法定代表人 / 法定代表人电话 share a prefix). */
export const formItem = (page: Page, label: string): Locator =>
  page.locator('.ant-form-item').filter({ has: page.locator(`.ant-form-item-label label:text-is("${label}")`) });

/** Picks an option of the antd Select in the form item labelled `label`. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await pickOption(page, formItem(page, label).locator('.ant-select').first(), option);
}

/**
 * Picks `option` in the antd Select `select` and waits for its dropdown to close. A click that lands while the
 * dropdown is still opening, or while its options are being replaced, can leave it open over the form (it then
 * swallows the next click), so the pick is tried again until the dropdown is gone.
 */
export async function pickOption(page: Page, select: Locator, option: string): Promise<void> {
  const open = page.locator('.ant-select-dropdown:visible');
  await expect(async () => {
    if ((await open.count()) === 0) await select.click({ timeout: 2_000 });
    await open.locator('.ant-select-item-option').filter({ hasText: option }).first().click({ timeout: 2_000 });
    await expect(open).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** Walks an antd Cascader down the given names. */
export async function cascade(page: Page, testId: string, names: string[]): Promise<void> {
  await page.getByTestId(testId).click();
  for (const name of names) {
    await page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu-item').filter({ hasText: name }).first().click();
  }
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-cascader-dropdown:visible')).toHaveCount(0);
}

/** Types a date into an antd DatePicker (found by test id, or by its form item's label). */
export async function typeDate(page: Page, target: string | Locator, text: string): Promise<void> {
  const picker = typeof target === 'string' ? page.getByTestId(target) : target;
  await picker.click();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

const CREDIT_CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** A unified social credit code (GB 32100) from its first 17 characters, with its check character. */
export function creditCode(first17: string): string {
  const sum = [...first17].reduce((total, char, i) => total + CREDIT_CODE_CHARS.indexOf(char) * CREDIT_CODE_WEIGHTS[i], 0);
  return first17 + CREDIT_CODE_CHARS[(31 - (sum % 31)) % 31];
}

/** Files the server's content check accepts: a 1×1 PNG and a minimal PDF. */
export const PNG = {
  name: 'scan.png',
  mimeType: 'image/png',
  buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'),
};
export const PDF = {
  name: 'agreement.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
};

/** Uploads a file through the UploadField with this test id and waits for the server's answer. */
export async function upload(page: Page, testId: string, file: typeof PNG): Promise<void> {
  const field = page.getByTestId(testId);
  const before = await field.locator('.ant-upload-list-item-done, .ant-upload-list-item:not(.ant-upload-list-item-uploading)').count();
  await field.locator('input[type=file]').setInputFiles(file);
  await expect(field.locator('.ant-upload-list-item-uploading')).toHaveCount(0);
  await expect(field.locator('.ant-upload-list-item-done, .ant-upload-list-item:not(.ant-upload-list-item-uploading)')).toHaveCount(before + 1);
}

/** "12,345.67" or "-12345.67" → fen, exactly. */
export function fen(text: string): number {
  const match = /(-?)([\d,]+)\.(\d{2})/.exec(text)
  if (!match) throw new Error(`not an amount: ${text}`)
  const value = Number(match[2].replace(/,/g, '')) * 100 + Number(match[3])
  return match[1] === '-' ? -value : value
}
/** fen → "12345.67". */
export const yuan = (value: number) => `${value < 0 ? '-' : ''}${Math.floor(Math.abs(value) / 100)}.${String(Math.abs(value) % 100).padStart(2, '0')}`
/** fen → "12,345.67". */
export const grouped = (value: number) => yuan(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
/** Luhn over digits, and the check digit completing a body. */
export function luhnOk(digits: string): boolean {
  let sum = 0
  ;[...digits].reverse().forEach((char, position) => {
    let digit = Number(char)
    if (position % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  })
  return sum % 10 === 0
}
export const checkDigit = (body: string) => [...'0123456789'].find((digit) => luhnOk(body + digit))!
/** A UnionPay number (62…) with a wrong check digit: one off the right one. */
export const mistyped = (body: string) => body + String((Number(checkDigit(body)) + 1) % 10)

/** How lists show an ID or card number (decisions "Privacy: one masking rule"): first 4, last 4. */
export const masked = (number: string) => number.slice(0, 4) + '*'.repeat(number.length - 8) + number.slice(-4)

/** Replaces the value of a month picker. */
export async function pickMonth(picker: Locator, month: string) {
  await picker.click()
  await picker.press('ControlOrMeta+a')
  await picker.pressSequentially(month)
  await picker.press('Enter')
  await expect(picker).toHaveValue(month)
}

/** A builder call with the clerk's session, as the console makes it (X-Token). */
export async function builderCall<T>(page: Page, method: 'GET' | 'POST', url: string, params: Record<string, string>): Promise<T> {
  const token = (await cookieValue(page, 'Admin-Token')) ?? ''
  const response =
    method === 'GET'
      ? await page.request.get(url, { headers: { 'X-Token': token }, params })
      : await page.request.post(url, { headers: { 'X-Token': token }, form: params })
  const body = (await response.json()) as { code: number; message: string; data: T }
  expect(body.code, `${url}: ${body.message}`).toBe(201)
  return body.data
}
