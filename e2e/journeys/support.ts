/** Shared steps of the browser journeys: accounts, logging in, screenshots, cookies and toasts. */
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

export type Side = 'builder' | 'finance';

export interface Account {
  username: string;
  password: string;
  side: Side;
}

/** The demo accounts of `wageguard demo` (server/src/demo.rs) and the one start-server.sh adds. */
export const DEMO: Account = { username: 'demo', password: 'Demo@12345', side: 'builder' };
export const NEWSITE: Account = { username: 'newsite', password: 'Demo@12345', side: 'builder' };
export const FINANCE: Account = { username: 'finance', password: 'Demo@12345', side: 'finance' };
export const ADMIN: Account = { username: 'admin', password: 'Admin@12345', side: 'builder' };
/** On its initial password; the password journey changes it (once per server run). */
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

/** The antd confirm dialog that is open now. */
export const confirmDialog = (page: Page): Locator => page.locator('.ant-modal-confirm');

/** antd puts a space between the characters of two-character labels (确 定). */
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
