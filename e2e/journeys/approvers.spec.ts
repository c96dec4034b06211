/**
 * Finance approver accounts (issue 28, separation of duties): the clerk creates an approver on 财务角色配置 and
 * sees only that the initial password went by SMS to the approver's phone; the approver reads it there (the
 * sandbox gateway's outbox), logs in on the finance tab, must change it, enters the own ID number, then edits the
 * name and changes the phone with the SMS code sent to the new phone.
 */
import type { Page } from '@playwright/test';
import { expect, test, login, loginAsDemo, shot, smsCode, smsText, toast } from './support';

const ACCOUNT = `cw_${Date.now() % 100000}`;
const PHONE = `139${String(Date.now()).slice(-8)}`;
const NEW_PHONE = `137${String(Date.now()).slice(-8)}`;
const NEW_PASSWORD = 'Shen@2026pi';

async function logout(page: Page) {
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
}

test('the clerk creates an approver, whose password arrives only by SMS; the approver enters the ID number', async ({ page, server }, testInfo) => {
  await loginAsDemo(page);
  await page.goto('/system/propertyRole');
  await expect(page.getByTestId('property-role-page')).toContainText('财务角色配置');
  await expect(page.getByTestId('approver-table')).toContainText('王会计');
  await page.getByTestId('approver-create').click();
  await page.getByTestId('approver-account').fill(ACCOUNT);
  await page.getByTestId('approver-name').fill('赵审批');
  await page.getByTestId('approver-phone').fill(PHONE);
  await expect(page.getByTestId('approver-idnumber')).toHaveCount(0);
  await shot(page, testInfo, '01-new-approver');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  const notice = page.getByTestId('initial-password');
  await expect(notice).toContainText(ACCOUNT);
  await expect(page.getByTestId('initial-password-value')).toContainText(`${PHONE.slice(0, 3)}****${PHONE.slice(7)}`);
  await expect(notice).not.toContainText('Cw@');
  const password = /Cw@\d{8}x/.exec(smsText(server, PHONE))?.[0] ?? '';
  expect(password).toMatch(/^Cw@\d{8}x$/);
  await shot(page, testInfo, '02-initial-password-sent');
  await page.getByRole('button', { name: '我已记下' }).click();
  await expect(page.getByTestId('approver-table')).toContainText('待改初始密码');
  await shot(page, testInfo, '03-approver-list');

  await logout(page);
  await login(page, { username: ACCOUNT, password, side: 'finance' });
  const dialog = page.getByTestId('forced-password-dialog');
  await expect(dialog).toBeVisible();
  await shot(page, testInfo, '04-forced-change');
  await dialog.getByTestId('old-password').fill(password);
  await dialog.getByTestId('new-password').fill(NEW_PASSWORD);
  await dialog.getByTestId('confirm-password').fill(NEW_PASSWORD);
  await dialog.getByTestId('change-password-submit').click();
  await expect(toast(page, '修改成功')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await login(page, { username: ACCOUNT, password: NEW_PASSWORD, side: 'finance' });
  await expect(page.getByTestId('forced-password-dialog')).toHaveCount(0);
  const idDialog = page.getByTestId('own-idnumber-dialog');
  await expect(idDialog).toBeVisible();
  await idDialog.getByTestId('own-idnumber').fill('410105199001011233');
  await shot(page, testInfo, '04b-own-id-number');
  await page.getByTestId('own-idnumber-save').click();
  await expect(idDialog).toHaveCount(0);
  await page.goto('/personalCenter/index');
  await expect(page.getByTestId('personal-info')).toContainText('赵审批');
  await expect(page.getByTestId('personal-info')).toContainText('410105********1233');
  await page.getByTestId('profile-name-edit').click();
  await page.getByTestId('profile-name').fill('赵审核');
  await page.getByTestId('profile-name-save').click();
  await expect(page.getByTestId('profile-name-text')).toHaveText('赵审核');

  await page.getByTestId('profile-phone-change').click();
  await page.getByTestId('phone-change-phone').fill(NEW_PHONE);
  await page.getByTestId('phone-change-send').click();
  await expect(toast(page, '验证码已发送')).toBeVisible();
  await page.getByTestId('phone-change-code').fill(smsCode(server, NEW_PHONE));
  await shot(page, testInfo, '05-phone-change');
  await page.locator('.ant-modal').getByRole('button', { name: '确认修改' }).click();
  await expect(toast(page, '手机号修改成功')).toBeVisible();
  await expect(page.getByTestId('profile-phone')).toHaveText(NEW_PHONE);
  await shot(page, testInfo, '06-profile-changed');
});
