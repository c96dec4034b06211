/** Logging in: the two tabs, where each kind of account lands, and the refusals the login page shows. */
import {
  expect,
  test,
  ADMIN,
  DEMO,
  FINANCE,
  NEWSITE,
  PROJECT_NAME,
  SITE_TITLE,
  SITE_TITLE_ALL,
  builderCall,
  cookieValue,
  login,
  shot,
  submitLogin,
  toast,
} from './support';

test('the login page offers the enterprise and finance tabs and asks for every field', async ({ page }, testInfo) => {
  await page.goto('/login');
  await expect(page.getByTestId('login-title')).toHaveText(SITE_TITLE_ALL);
  await expect(page.getByTestId('login-tab-builder')).toHaveText('企业登录');
  await expect(page.getByTestId('login-tab-finance')).toHaveText('财务登录');
  await expect(page.getByTestId('login-tab-builder')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('captcha-image').getByRole('img', { name: '验证码' })).toBeVisible();
  await expect(page).toHaveTitle(`登录 - ${SITE_TITLE}`);
  await shot(page, testInfo, '01-login-page');

  await page.getByTestId('login-submit').click();
  await expect(page.getByText('请输入账号')).toBeVisible();
  await expect(page.getByText('请输入密码')).toBeVisible();
  await expect(page.getByText('请输入验证码')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await shot(page, testInfo, '02-login-required-fields');

  // The chosen tab is remembered as the tab index ('2' finance, '1' enterprise).
  await page.getByTestId('login-tab-finance').click();
  await expect(page.getByTestId('login-tab-finance')).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('tabIndex'))).toBe('2');
  await page.reload();
  await expect(page.getByTestId('login-tab-finance')).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('login-tab-builder').click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('tabIndex'))).toBe('1');
});

test('an enterprise user of an approved project gets the shell on the workbench', async ({ page }, testInfo) => {
  await login(page, DEMO);
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByTestId('workbench-welcome')).toContainText('欢迎您，demo');
  await expect(page.getByTestId('workbench-welcome')).toContainText(PROJECT_NAME);
  await expect(page.getByTestId('workbench-welcome')).toContainText('审核通过');
  await expect(page.getByTestId('header-welcome')).toHaveText('欢迎您，demo');
  await expect(page.getByTestId('header-title')).toHaveText(SITE_TITLE);
  await expect(page.getByTestId('header-project')).toHaveText(PROJECT_NAME);
  // The bell counts what the inbox lists unread: the demo's messages and the warnings the engine raised at start.
  const unread = await builderCall<{ total: number }>(page, 'POST', '/builder/message/v1/Message/ajax_list', { read: '0' });
  expect(unread.total).toBeGreaterThan(0);
  await expect(page.getByTestId('header-message-count')).toHaveText(String(unread.total));
  await expect(page).toHaveTitle(`工作台 - ${SITE_TITLE}`);

  const sidebar = page.getByTestId('sidebar');
  for (const item of ['工作台', '项目管理', '实名制管理', '专户管理', '诚信管理', '附件凭证', '消息中心', '统计报表', '系统设置']) {
    await expect(sidebar.getByText(item, { exact: true })).toBeVisible();
  }
  // A parent with one visible child shows as that child: 欠薪线索 as 线索反馈管理.
  await expect(sidebar.getByText('线索反馈管理', { exact: true })).toBeVisible();
  await expect(sidebar.getByText('注册审核')).toHaveCount(0);
  await expect(sidebar.getByText('监管审核')).toHaveCount(0);
  await expect(page.getByTestId('tags-view-item')).toHaveCount(1);
  await expect(page.getByTestId('tags-view-item')).toHaveAttribute('data-path', '/index');

  await expect.poll(() => cookieValue(page, 'Admin-Token')).toMatch(/^[0-9a-f]{16,}$/);
  await expect.poll(() => cookieValue(page, 'Admin-Id')).toMatch(/^\d+$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('tabIndex'))).not.toBe('2');
  await shot(page, testInfo, '01-demo-workbench');

  // The header's dropdown: 工作台, 修改密码, 退出登录; no 帮助中心 since the site config has no help centre.
  await page.getByTestId('header-user-menu').click();
  await expect(page.getByTestId('user-menu-home')).toBeVisible();
  await expect(page.getByTestId('user-menu-password')).toBeVisible();
  await expect(page.getByTestId('user-menu-logout')).toBeVisible();
  await expect(page.getByTestId('user-menu-help')).toHaveCount(0);
  await shot(page, testInfo, '02-demo-user-menu');
});

test('an enterprise user whose project is not submitted gets the registration wizard', async ({ page }, testInfo) => {
  await login(page, NEWSITE);
  await expect(page.getByTestId('wizard')).toBeVisible();
  await expect(page.getByTestId('wizard')).toContainText('项目注册');
  await expect(page.getByTestId('wizard-logout')).toBeVisible();
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
  await expect(page.getByTestId('tags-view')).toHaveCount(0);
  await shot(page, testInfo, '01-newsite-wizard');

  // The wizard stays on a reload: it follows the server's audit status, not the page visited.
  await page.goto('/project/projectInfo');
  await expect(page.getByTestId('wizard')).toBeVisible();
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
});

test('the regulator (admin) sees his own menus and the project pages, plus the audit menu (监管审核 → 注册审核)', async ({ page }, testInfo) => {
  await login(page, ADMIN);
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByTestId('header-welcome')).toHaveText('欢迎您，admin');
  await expect(page.getByTestId('wizard')).toHaveCount(0);
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.getByText('项目管理', { exact: true })).toBeVisible();
  // The project's lead feedback is the clerk's.
  await expect(sidebar.getByText('线索反馈管理', { exact: true })).toHaveCount(0);
  // 监管审核 is always a group, even with its single child for now.
  await sidebar.getByText('监管审核', { exact: true }).click();
  await sidebar.getByText('注册审核', { exact: true }).click();
  await expect(page).toHaveURL(/\/audit\/project$/);
  const pane = page.locator('[data-testid=page-pane][data-path="/audit/project"]');
  await expect(pane.getByTestId('audit-page')).toBeVisible();
  await expect(page.locator('[data-testid=tags-view-item][data-path="/audit/project"]')).toHaveText('注册审核');
  await shot(page, testInfo, '01-admin-audit-menu');
});

test('a finance approver gets the finance shell on the approval orders', async ({ page }, testInfo) => {
  await login(page, FINANCE);
  await expect(page).toHaveURL(/\/order\/index$/);
  await expect(page.getByTestId('header-welcome')).toHaveText('欢迎您，finance');
  // The approver's bell counts its own messages (orders to approve): none yet.
  await expect(page.getByTestId('header-message-count')).toHaveText('0');
  await expect(page.locator('[data-testid=page-pane][data-path="/order/index"]')).toContainText('待审核工资单');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('tabIndex'))).toBe('2');

  const sidebar = page.getByTestId('sidebar');
  for (const item of ['审批工单', '审批历史', '操作记录', '个人中心']) {
    await expect(sidebar.getByText(item, { exact: true })).toBeVisible();
  }
  await expect(sidebar.getByText('项目管理')).toHaveCount(0);
  await expect(sidebar.getByText('工作台')).toHaveCount(0);
  // /order/index is the finance shell's fixed tab.
  const home = page.locator('[data-testid=tags-view-item][data-path="/order/index"]');
  await expect(home).toBeVisible();
  await expect(home.getByTestId('tags-view-close')).toHaveCount(0);
  await shot(page, testInfo, '01-finance-orders');

  await sidebar.getByText('个人中心', { exact: true }).click();
  await expect(page).toHaveURL(/\/personalCenter\/index$/);
  await expect(page.getByTestId('personal-info')).toContainText('finance');
  await expect(page.getByTestId('personal-info')).toContainText('王会计');
  await shot(page, testInfo, '02-finance-personal-centre');

  // The user menu's 工作台 leads back to the finance home.
  await page.getByTestId('header-user-menu').click();
  await page.getByTestId('user-menu-home').click();
  await expect(page).toHaveURL(/\/order\/index$/);
});

test('a wrong password shows the server message, without the tries left', async ({ page }, testInfo) => {
  // newsite takes the wrong password; its next right login (the wizard journey, or any rerun) clears the count.
  await submitLogin(page, { ...NEWSITE, password: 'Wrong@99999' });
  await expect(toast(page, '账号或密码错误')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  // The captcha is asked again after a refusal.
  await expect(page.getByTestId('login-captcha')).toHaveValue('');
  await shot(page, testInfo, '01-wrong-password');
  await expect.poll(() => cookieValue(page, 'Admin-Token')).toBeUndefined();

  // An account of the other side is sent to its own tab.
  await submitLogin(page, { ...FINANCE, side: 'builder' });
  await expect(toast(page, '该账号请从财务登录入口登录')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The right password still works (and clears newsite's failure count for later runs).
  await login(page, NEWSITE);
  await expect(page.getByTestId('wizard')).toBeVisible();
});
