/**
 * Password change: the blocking dialog of an account still on its initial password (firstlogin, changed
 * once per server run), and the ordinary 修改密码 dialog's checks (demo, never actually changed).
 */
import {
  expect,
  test,
  FIRST_LOGIN,
  OK,
  confirmDialog,
  cookieValue,
  countLoads,
  login,
  loginAsDemo,
  shot,
  submitLogin,
  toast,
  userMenu,
} from './support';

const NEW_PASSWORD = 'Fresh@2026a';

test('an account on its initial password must change it before anything else', async ({ page }, testInfo) => {
  await login(page, FIRST_LOGIN);
  await expect(page).toHaveURL(/\/index$/);
  const dialog = page.getByTestId('forced-password-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('当前账号仍在使用初始密码，请修改密码后继续使用。');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('passKey'))).toBe('1');
  await shot(page, testInfo, '01-forced-dialog');

  // It cannot be dismissed: no close button, Esc and a click on the mask leave it open.
  const modal = page.locator('.ant-modal').filter({ has: dialog });
  await expect(modal.locator('.ant-modal-close')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.mouse.click(10, 450);
  await expect(dialog).toBeVisible();
  // The shell behind it does not take clicks: the modal covers the header's user menu.
  const covered = await page.getByTestId('header-user-menu').evaluate((button) => {
    const box = button.getBoundingClientRect();
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return !!top && !button.contains(top);
  });
  expect(covered).toBe(true);

  // The logout link works from the dialog.
  await page.getByTestId('forced-password-logout').click();
  await expect(confirmDialog(page)).toContainText('此操作将退出登录, 是否继续?');
  const logoutLoads = countLoads(page);
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expect(toast(page, '退出成功!')).toBeVisible();
  await expect.poll(logoutLoads).toBe(1);
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => cookieValue(page, 'Admin-Token')).toBeUndefined();

  // Next time the dialog is back; the new password must follow the strong rule.
  await login(page, FIRST_LOGIN);
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('old-password').fill(FIRST_LOGIN.password);
  await dialog.getByTestId('new-password').fill('weakpass');
  await dialog.getByTestId('confirm-password').fill('weakpass');
  await dialog.getByTestId('change-password-submit').click();
  await expect(dialog.getByText('请输入8-16位包含大小写字母+数字+特殊字符组成的密码')).toBeVisible();

  await dialog.getByTestId('new-password').fill(NEW_PASSWORD);
  await dialog.getByTestId('confirm-password').fill(NEW_PASSWORD);
  await expect(dialog.getByText('请输入8-16位包含大小写字母+数字+特殊字符组成的密码')).toHaveCount(0);
  await shot(page, testInfo, '02-forced-dialog-filled');
  const changeLoads = countLoads(page);
  await dialog.getByTestId('change-password-submit').click();
  await expect(toast(page, '修改成功')).toBeVisible();
  await shot(page, testInfo, '03-password-changed');
  // Logged out, and reloaded after the toast.
  await expect.poll(changeLoads).toBe(1);
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => cookieValue(page, 'Admin-Token')).toBeUndefined();

  // The initial password is gone, the new one works, and no dialog blocks the shell any more.
  await submitLogin(page, FIRST_LOGIN);
  await expect(toast(page, '账号或密码错误')).toBeVisible();
  await login(page, { ...FIRST_LOGIN, password: NEW_PASSWORD });
  await expect(page.getByTestId('workbench-welcome')).toContainText('欢迎您，firstlogin');
  await expect(page.getByTestId('header-welcome')).toHaveText('欢迎您，firstlogin');
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('passKey'))).toBeNull();
  await page.getByTestId('header-user-menu').click();
  await expect(page.getByTestId('user-menu-logout')).toBeVisible();
  await shot(page, testInfo, '04-after-change-no-dialog');
});

test('the 修改密码 dialog checks the new password and shows the server refusal', async ({ page }, testInfo) => {
  await loginAsDemo(page);
  await userMenu(page, 'password');
  const dialog = page.getByTestId('change-password-dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('forced-password-dialog')).toHaveCount(0);

  // Everything is required.
  await dialog.getByTestId('change-password-submit').click();
  await expect(dialog.getByText('请输入原密码')).toBeVisible();
  await expect(dialog.getByText('请输入新密码')).toBeVisible();
  await expect(dialog.getByText('请再次输入新密码')).toBeVisible();

  // The strong rule is in force on this server.
  await dialog.getByTestId('old-password').fill('Demo@12345');
  await dialog.getByTestId('new-password').fill('abc12345');
  await expect(dialog.getByText('请输入8-16位包含大小写字母+数字+特殊字符组成的密码')).toBeVisible();
  await dialog.getByTestId('new-password').fill('Abc@12345');
  await expect(dialog.getByText('请输入8-16位包含大小写字母+数字+特殊字符组成的密码')).toHaveCount(0);

  // The repeat must match, and follows later edits of the new password.
  await dialog.getByTestId('confirm-password').fill('Abc@123456');
  await expect(dialog.getByText('两次输入的密码不一致')).toBeVisible();
  await shot(page, testInfo, '01-password-dialog-errors');
  await dialog.getByTestId('new-password').fill('Abc@123456');
  await expect(dialog.getByText('两次输入的密码不一致')).toHaveCount(0);
  await dialog.getByTestId('new-password').fill('Abc@1234567');
  await expect(dialog.getByText('两次输入的密码不一致')).toBeVisible();

  // A wrong old password goes to the server and comes back refused; nothing changes.
  await dialog.getByTestId('old-password').fill('NotMine@123');
  await dialog.getByTestId('new-password').fill('Other@2026x');
  await dialog.getByTestId('confirm-password').fill('Other@2026x');
  await dialog.getByTestId('change-password-submit').click();
  await expect(toast(page, '原密码错误')).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/index$/);
  await shot(page, testInfo, '02-wrong-old-password');

  // The ordinary dialog can be dismissed, and opens empty again.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await userMenu(page, 'password');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('old-password')).toHaveValue('');
  await page.locator('.ant-modal').filter({ has: dialog }).locator('.ant-modal-close').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('workbench-welcome')).toBeVisible();
});
