/** Logging out from the header (shell) and from the registration wizard, with the confirmation step. */
import {
  expect,
  test,
  CANCEL,
  NEWSITE,
  OK,
  confirmDialog,
  cookieValue,
  countLoads,
  login,
  loginAsDemo,
  shot,
  toast,
  userMenu,
} from './support';

test('logout asks first: cancel stays, confirm ends the session and shows login', async ({ page }, testInfo) => {
  await loginAsDemo(page);
  const token = await cookieValue(page, 'Admin-Token');
  expect(token).toBeTruthy();

  await userMenu(page, 'logout');
  await expect(confirmDialog(page)).toContainText('此操作将退出登录, 是否继续?');
  await shot(page, testInfo, '01-logout-confirm');
  await confirmDialog(page).getByRole('button', { name: CANCEL }).click();
  await expect(toast(page, '已取消登出')).toBeVisible();
  await expect(confirmDialog(page)).toBeHidden();
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByTestId('workbench-welcome')).toBeVisible();
  await expect.poll(() => cookieValue(page, 'Admin-Token')).toBe(token);
  await shot(page, testInfo, '02-logout-cancelled');

  await userMenu(page, 'logout');
  const loads = countLoads(page);
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expect(toast(page, '退出成功!')).toBeVisible();
  await shot(page, testInfo, '03-logout-success');
  // The console reloads itself after the toast.
  await expect.poll(loads).toBe(1);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await expect.poll(() => cookieValue(page, 'Admin-Token')).toBeUndefined();
  await expect.poll(() => cookieValue(page, 'Admin-Id')).toBeUndefined();

  // The server session is gone too: the old token is refused.
  const reply = await page.request.post('/builder/message/v1/Message/ajaxmessagecount', {
    headers: { 'X-Token': token! },
  });
  expect(await reply.json()).toMatchObject({ code: 101, message: '登录已过期请重新登录' });

  // And the shell is out of reach again.
  await page.goto('/index');
  await expect(page).toHaveURL(/\/login$/);
});

test('the registration wizard has its own logout', async ({ page }, testInfo) => {
  await login(page, NEWSITE);
  await expect(page.getByTestId('wizard')).toBeVisible();
  await page.getByTestId('wizard-logout').click();
  await expect(confirmDialog(page)).toContainText('此操作将退出登录, 是否继续?');
  await confirmDialog(page).getByRole('button', { name: CANCEL }).click();
  await expect(toast(page, '已取消登出')).toBeVisible();
  await expect(page.getByTestId('wizard')).toBeVisible();

  await page.getByTestId('wizard-logout').click();
  const loads = countLoads(page);
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expect(toast(page, '退出成功!')).toBeVisible();
  await expect.poll(loads).toBe(1);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('wizard')).toHaveCount(0);
  await expect.poll(() => cookieValue(page, 'Admin-Token')).toBeUndefined();
  await shot(page, testInfo, '01-wizard-logged-out');
});
