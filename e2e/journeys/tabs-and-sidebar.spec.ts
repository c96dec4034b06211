/** The shell's tab bar of visited pages (kept alive) and the collapsible, responsive sidebar. */
import type { Page } from '@playwright/test';
import { expect, test, cookieValue, loginAsDemo, shot } from './support';

const tab = (page: Page, path: string) => page.locator(`[data-testid=tags-view-item][data-path="${path}"]`);
const pane = (page: Page, path: string) => page.locator(`[data-testid=page-pane][data-path="${path}"]`);
const sidebarItem = (page: Page, text: string) => page.getByTestId('sidebar').getByText(text, { exact: true });

/** Opens a page through the sidebar: the parent menu first when it is closed. */
async function openFromSidebar(page: Page, parent: string, item: string, path: string) {
  if (!(await sidebarItem(page, item).isVisible())) await sidebarItem(page, parent).click();
  await sidebarItem(page, item).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(pane(page, path)).toBeVisible();
}

/** Right-clicks a tab and returns its context menu's entry (antd keeps menus of other tabs in the DOM, hidden). */
async function tabMenuEntry(page: Page, path: string, entry: 'refresh' | 'close' | 'close-others' | 'close-all') {
  // Wait for the menu opened before to finish closing, so that only one is on screen.
  await expect(page.locator('.ant-dropdown-menu').filter({ visible: true })).toHaveCount(0);
  await tab(page, path).click({ button: 'right' });
  const item = page.getByTestId(`tags-menu-${entry}`).filter({ visible: true });
  await expect(item).toBeVisible();
  return item;
}

async function tabPaths(page: Page): Promise<(string | null)[]> {
  return page.getByTestId('tags-view-item').evaluateAll((items) => items.map((item) => item.getAttribute('data-path')));
}

test('visited pages get tabs, stay alive while hidden, and close as asked', async ({ page }, testInfo) => {
  await loginAsDemo(page);
  // The workbench tab is fixed: no close button.
  await expect(tab(page, '/index')).toHaveText('工作台');
  await expect(tab(page, '/index').getByTestId('tags-view-close')).toHaveCount(0);

  await openFromSidebar(page, '项目管理', '项目信息', '/project/projectInfo');
  await openFromSidebar(page, '实名制管理', '花名册', '/user/list');
  await openFromSidebar(page, '系统设置', '修改密码', '/system/password');
  await expect.poll(() => tabPaths(page)).toEqual(['/index', '/project/projectInfo', '/user/list', '/system/password']);
  await expect(tab(page, '/system/password')).toHaveClass(/active/);

  // Keep-alive: what was typed on 修改密码 is still there after visiting another tab.
  const oldPassword = pane(page, '/system/password').getByTestId('old-password');
  await oldPassword.fill('kept-alive-1234');
  await tab(page, '/user/list').click();
  await expect(page).toHaveURL(/\/user\/list$/);
  await expect(pane(page, '/user/list')).toBeVisible();
  // The other visited pages stay mounted, hidden.
  await expect(pane(page, '/system/password')).toBeHidden();
  await expect(pane(page, '/system/password')).toHaveAttribute('hidden', '');
  await expect(pane(page, '/project/projectInfo')).toHaveCount(1);
  await expect(pane(page, '/index')).toHaveCount(1);
  await expect(page.getByTestId('page-pane')).toHaveCount(4);
  await shot(page, testInfo, '01-four-tabs');
  await tab(page, '/system/password').click();
  await expect(oldPassword).toHaveValue('kept-alive-1234');

  // 刷新 from the right-click menu mounts the page afresh.
  const refresh = await tabMenuEntry(page, '/system/password', 'refresh');
  await shot(page, testInfo, '02-tab-context-menu');
  await refresh.click();
  await expect(oldPassword).toHaveValue('');

  // × on the active tab closes it, unmounts its page and goes to the last tab left.
  await tab(page, '/system/password').getByTestId('tags-view-close').click();
  await expect(page).toHaveURL(/\/user\/list$/);
  await expect(tab(page, '/system/password')).toHaveCount(0);
  await expect(pane(page, '/system/password')).toHaveCount(0);

  // × on an inactive tab closes it and stays.
  await tab(page, '/project/projectInfo').getByTestId('tags-view-close').click();
  await expect(tab(page, '/project/projectInfo')).toHaveCount(0);
  await expect(page).toHaveURL(/\/user\/list$/);

  // 关闭其他 on an inactive tab: it and the workbench are left, and it becomes the page shown.
  await openFromSidebar(page, '项目管理', '项目信息', '/project/projectInfo');
  await openFromSidebar(page, '诚信管理', '奖励记录', '/faith/award');
  await expect.poll(() => tabPaths(page)).toEqual(['/index', '/user/list', '/project/projectInfo', '/faith/award']);
  await (await tabMenuEntry(page, '/project/projectInfo', 'close-others')).click();
  await expect(page).toHaveURL(/\/project\/projectInfo$/);
  await expect.poll(() => tabPaths(page)).toEqual(['/index', '/project/projectInfo']);
  await expect(pane(page, '/user/list')).toHaveCount(0);

  // The workbench tab's own menu cannot close it.
  const close = await tabMenuEntry(page, '/index', 'close');
  await expect(close.locator('xpath=ancestor::li[@role="menuitem"]')).toHaveAttribute('aria-disabled', 'true');
  await close.click({ force: true });
  await expect(tab(page, '/index')).toBeVisible();
  await page.keyboard.press('Escape');

  // 关闭所有 leaves only the workbench, and shows it.
  await openFromSidebar(page, '消息中心', '通知公告', '/message/announcement');
  await (await tabMenuEntry(page, '/message/announcement', 'close-all')).click();
  await expect(page).toHaveURL(/\/index$/);
  await expect.poll(() => tabPaths(page)).toEqual(['/index']);
  await expect(page.getByTestId('workbench-welcome')).toBeVisible();
  await shot(page, testInfo, '03-after-close-all');

  // The header's message bell opens 系统消息 in a new tab.
  await page.getByTestId('header-messages').click();
  await expect(page).toHaveURL(/\/message\/system$/);
  await expect(tab(page, '/message/system')).toHaveText('系统消息');
});

test('the sidebar folds, and the choice survives a reload in the sidebarStatus cookie', async ({ page }, testInfo) => {
  await loginAsDemo(page);
  const sider = page.locator('.app-sider');
  await expect(sider).not.toHaveClass(/ant-layout-sider-collapsed/);
  await expect(sidebarItem(page, '项目管理')).toBeVisible();

  await page.getByTestId('sidebar-toggle').click();
  await expect(sider).toHaveClass(/ant-layout-sider-collapsed/);
  await expect(page.getByTestId('sidebar-toggle')).toHaveAttribute('aria-label', '展开菜单');
  await expect.poll(() => cookieValue(page, 'sidebarStatus')).toBe('0');
  await shot(page, testInfo, '01-sidebar-collapsed');

  await page.reload();
  await expect(page.getByTestId('workbench-welcome')).toBeVisible();
  await expect(sider).toHaveClass(/ant-layout-sider-collapsed/);

  await page.getByTestId('sidebar-toggle').click();
  await expect(sider).not.toHaveClass(/ant-layout-sider-collapsed/);
  await expect.poll(() => cookieValue(page, 'sidebarStatus')).toBe('1');
  await page.reload();
  await expect(page.getByTestId('workbench-welcome')).toBeVisible();
  await expect(sider).not.toHaveClass(/ant-layout-sider-collapsed/);
  await expect(sidebarItem(page, '项目管理')).toBeVisible();
});

test('narrow screens collapse the sidebar, and phones get a drawer', async ({ page }, testInfo) => {
  await loginAsDemo(page);
  const sider = page.locator('.app-sider');
  await expect(sider).not.toHaveClass(/ant-layout-sider-collapsed/);

  // 1440 px or less: collapsed by the screen, not by the user (the cookie keeps the user's choice).
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(sider).toHaveClass(/ant-layout-sider-collapsed/);
  await expect.poll(() => cookieValue(page, 'sidebarStatus')).toBeUndefined();
  await shot(page, testInfo, '01-width-1440-collapsed');
  // The user may open it again on such a screen.
  await page.getByTestId('sidebar-toggle').click();
  await expect(sider).not.toHaveClass(/ant-layout-sider-collapsed/);

  // A fresh load at 1200 px starts collapsed too.
  await page.setViewportSize({ width: 1200, height: 800 });
  await page.reload();
  await expect(page.getByTestId('workbench-welcome')).toBeVisible();
  await expect(sider).toHaveClass(/ant-layout-sider-collapsed/);

  // Width − 3 under 1024: a phone (the exact breakpoints are unit-tested in web/src/utils/sidebar.test.ts).
  // No side column; the toggle opens a drawer, and navigating closes it.
  await page.setViewportSize({ width: 1000, height: 800 });
  await expect(sider).toHaveCount(0);
  await expect(page.getByTestId('sidebar')).toBeHidden();
  await page.getByTestId('sidebar-toggle').click();
  const drawer = page.locator('.sidebar-drawer');
  await expect(drawer.getByTestId('sidebar')).toBeVisible();
  await shot(page, testInfo, '02-mobile-drawer');
  await sidebarItem(page, '项目管理').click();
  await sidebarItem(page, '项目信息').click();
  await expect(page).toHaveURL(/\/project\/projectInfo$/);
  await expect(drawer.getByTestId('sidebar')).toBeHidden();
  await expect(pane(page, '/project/projectInfo')).toBeVisible();
  await shot(page, testInfo, '03-mobile-page');

  // Wider again: a desktop, with the side column collapsed (1100 ≤ 1440).
  await page.setViewportSize({ width: 1100, height: 800 });
  await expect(sider).toHaveCount(1);
  await expect(sider).toHaveClass(/ant-layout-sider-collapsed/);
});
