/** The navigation guard: the login wall, unknown paths, missing roles and the table's redirects. */
import { expect, test, ADMIN, FINANCE, SITE_TITLE, login, loginAsDemo, shot } from './support';

test('without a session every page leads to the login page', async ({ page }, testInfo) => {
  const paths = ['/', '/index', '/project/projectInfo', '/system/password', '/audit/project', '/no/such/page', '/401'];
  for (const path of paths) {
    await page.goto(path);
    await expect(page, `opening ${path}`).toHaveURL(/\/login$/);
    await expect(page.getByTestId('login-submit')).toBeVisible();
  }
  // /authredirect is open to everyone; without a session it ends on the login page too.
  await page.goto('/authredirect');
  await expect(page).toHaveURL(/\/login$/);
  await shot(page, testInfo, '01-redirected-to-login');
});

test('with a session: /login leads home, unknown paths to 404, forbidden ones to 401', async ({ page }, testInfo) => {
  await loginAsDemo(page);

  await page.goto('/login');
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByTestId('workbench-welcome')).toBeVisible();

  await page.goto('/');
  await expect(page).toHaveURL(/\/index$/);
  await page.goto('/authredirect');
  await expect(page).toHaveURL(/\/index$/);

  // A parent path follows the table's redirect to its first page.
  await page.goto('/project');
  await expect(page).toHaveURL(/\/project\/projectInfo$/);
  await expect(page.locator('[data-testid=page-pane][data-path="/project/projectInfo"]')).toContainText('项目信息');
  await expect(page).toHaveTitle(`项目信息 - ${SITE_TITLE}`);

  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
  await shot(page, testInfo, '01-not-found');
  await page.getByTestId('error-home').click();
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByTestId('workbench-welcome')).toBeVisible();

  // The audit screens are the regulator's: an enterprise user is refused without a way back.
  await page.goto('/audit/project');
  await expect(page).toHaveURL(/\/401\?noGoBack=true$/);
  await expect(page.getByText('没有权限')).toBeVisible();
  await expect(page.getByTestId('error-home')).toBeVisible();
  await expect(page.getByTestId('error-back')).toHaveCount(0);
  await shot(page, testInfo, '02-no-permission');
  await page.getByTestId('error-home').click();
  await expect(page).toHaveURL(/\/index$/);

  // Reached otherwise, the 401 page offers a way back.
  await page.goto('/401');
  await expect(page.getByTestId('error-back')).toBeVisible();
  await expect(page.getByTestId('error-home')).toBeVisible();
});

test('the admin role passes every check of the enterprise set', async ({ page }) => {
  await login(page, ADMIN);
  await expect(page).toHaveURL(/\/index$/);
  for (const path of ['/audit/project', '/project/projectInfo', '/user/list', '/system/password']) {
    await page.goto(path);
    await expect(page, `opening ${path}`).toHaveURL(new RegExp(`${path}$`));
    await expect(page.locator(`[data-testid=page-pane][data-path="${path}"]`)).toBeVisible();
  }
});

test('the finance set opens only the finance pages', async ({ page }) => {
  await login(page, FINANCE);
  await page.goto('/');
  await expect(page).toHaveURL(/\/order\/index$/);
  await page.goto('/history');
  await expect(page).toHaveURL(/\/history\/index$/);
  await expect(page.locator('[data-testid=page-pane][data-path="/history/index"]')).toContainText('审批历史');
  // An enterprise page is not the finance approver's: refused, as every failed role check.
  await page.goto('/project/projectInfo');
  await expect(page).toHaveURL(/\/401\?noGoBack=true$/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
});
