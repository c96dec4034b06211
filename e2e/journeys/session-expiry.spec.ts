/**
 * Session expiry: the server ends the session (here: a logout through the API with the page's token), the
 * next call answers code 101, and the console says 登录已过期请重新登录 and goes back to the login page.
 */
import type { Page } from '@playwright/test';
import { expect, test, cookieValue, countLoads, loginAsDemo, shot, userMenu } from './support';

const EXPIRED = '登录已过期请重新登录';

/** Ends the page's session on the server, the way an expiry or a logout elsewhere would. */
async function killSessionOnServer(page: Page) {
  const token = await cookieValue(page, 'Admin-Token');
  expect(token).toBeTruthy();
  const reply = await page.request.post('/builder/common/v1/Public/Logout', { headers: { 'X-Token': token! } });
  expect(await reply.json()).toMatchObject({ code: 201, message: '退出成功!' });
}

test('a reload after the server ended the session leads to the login page', async ({ page }, testInfo) => {
  await loginAsDemo(page);
  await shot(page, testInfo, '01-before-expiry');
  await killSessionOnServer(page);

  const loads = countLoads(page);
  await page.reload();
  // The user info call answers 101: the console forgets the session and reloads once more.
  await expect.poll(loads).toBe(2);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await expect.poll(() => cookieValue(page, 'Admin-Token')).toBeUndefined();
  await expect.poll(() => cookieValue(page, 'Admin-Id')).toBeUndefined();
  await shot(page, testInfo, '02-after-expiry-login');

  // Logging in again works as before.
  await loginAsDemo(page);
});

test('opening a page by address after the server ended the session leads to the login page', async ({ page }) => {
  await loginAsDemo(page);
  await killSessionOnServer(page);

  const loads = countLoads(page);
  await page.goto('/project/projectInfo');
  await expect.poll(loads).toBe(2);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await expect.poll(() => cookieValue(page, 'Admin-Token')).toBeUndefined();
});

test('a call from the shell answered with code 101 leads to the login page', async ({ page }) => {
  await loginAsDemo(page);
  await userMenu(page, 'password');
  const dialog = page.getByTestId('change-password-dialog');
  await expect(dialog).toBeVisible();
  await killSessionOnServer(page);

  // The password change is refused with code 101 (it changes nothing: the session is already dead).
  await dialog.getByTestId('old-password').fill('NotMine@123');
  await dialog.getByTestId('new-password').fill('Other@2026x');
  await dialog.getByTestId('confirm-password').fill('Other@2026x');
  const loads = countLoads(page);
  await dialog.getByTestId('change-password-submit').click();
  await expect.poll(loads).toBe(1);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await expect.poll(() => cookieValue(page, 'Admin-Token')).toBeUndefined();
});

test('the user is told 登录已过期请重新登录', async ({ page }, testInfo) => {
  await loginAsDemo(page);
  await killSessionOnServer(page);

  await page.reload();
  await expect(page.getByText(EXPIRED)).toBeVisible({ timeout: 5_000 });
  await expect(page).toHaveURL(/\/login$/);
  await shot(page, testInfo, '01-expiry-message');
});
