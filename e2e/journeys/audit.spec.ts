/** The regulator opens a project account, then sees the new draft project in the audit list. */
import { expect, test, ADMIN, login, shot } from './support';

test('the regulator provisions a project account and finds its draft project', async ({ page }, testInfo) => {
  await login(page, ADMIN);
  await expect(page.getByTestId('header-welcome')).toHaveText('欢迎您，admin');
  const sidebar = page.getByTestId('sidebar');
  await sidebar.getByText('监管审核', { exact: true }).click();
  await sidebar.getByText('注册审核', { exact: true }).click();
  await expect(page).toHaveURL(/\/audit\/project$/);
  const pane = page.locator('[data-testid=page-pane][data-path="/audit/project"]');
  await expect(pane.getByTestId('audit-page')).toBeVisible();
  await shot(page, testInfo, '01-audit-list');

  await pane.getByTestId('audit-create-account').click();
  await page.getByTestId('create-submit').click();
  await expect(page.getByText('请填写姓名')).toBeVisible();
  await page.getByTestId('create-username').fill('site_e2e');
  await page.getByTestId('create-name').fill('赵工');
  await page.getByTestId('create-projectname').fill('郑州市惠济区演示项目');
  await page.getByTestId('create-submit').click();
  const password = page.getByTestId('created-password');
  await expect(password).toBeVisible();
  await expect(password).not.toBeEmpty();
  await shot(page, testInfo, '02-account-created');
  await page.getByTestId('created-close').click();

  await pane.getByText('未提交', { exact: true }).click();
  await expect(pane.getByText('郑州市惠济区演示项目')).toBeVisible();
  await shot(page, testInfo, '03-draft-listed');
});
