/**
 * The demo builder changes its wage guarantee, adds a subcontractor, edits it, gives it a team, is told why the unit cannot be deleted
 * while the team refers to it, and lets the unit exit (its team with it). The refusal to delete a team with
 * workers is covered by the Rust tests: this branch has no worker registration yet.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test, loginAsDemo, OK, PDF, popconfirm, shot, toast, upload } from './support';

const UNIT = '河南锦绣装饰工程有限公司';
/** A valid GB 32100 code no demo company has. */
const UNIT_CODE = '91410105MA9F0K0Q1N';

/** Today in China, YYYY-MM-DD. */
function today(): string {
  const china = new Date(Date.now() + 8 * 3600 * 1000);
  return china.toISOString().slice(0, 10);
}

async function pickDate(input: Locator, date: string) {
  await input.click();
  await input.fill(date);
  await input.press('Enter');
}

/** Opens an antd Select and picks the option with this text (typed first: long lists are virtual). */
async function pick(page: Page, select: Locator, option: string) {
  await select.click();
  await page.keyboard.type(option);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}

test('the builder adds a subcontractor and a team, then the unit exits', async ({ page }, testInfo) => {
  // Two long forms on a shared 2-core machine: more than the default minute.
  test.setTimeout(180_000);
  await loginAsDemo(page);
  const sidebar = page.getByTestId('sidebar');
  await sidebar.getByText('项目管理', { exact: true }).click();

  // The builder's wage guarantee changes, with a reason; the change is recorded for the regulator.
  await sidebar.getByText('建设单位信息', { exact: true }).click();
  const info = page.locator('[data-testid=page-pane][data-path="/project/builderInfo"]');
  await expect(info.getByText('郑州市金水区城市建设投资有限公司')).toBeVisible();
  await info.getByTestId('guarantee-change').click();
  await page.getByTestId('guarantee-deposit').fill('180');
  await upload(page, 'guarantee-file', { ...PDF, name: '履约保函2027.pdf' });
  await page.getByTestId('guarantee-reason').fill('保函续期，金额调整');
  await page.getByTestId('guarantee-save').click();
  await expect(toast(page, '变更已提交，已通知监管部门')).toBeVisible();
  // The file shows by the name it was uploaded with, never by its stored name.
  await expect(info.getByTestId('guarantee-file-shown').getByRole('link')).toHaveText(/履约保函2027\.pdf/);
  const change = info.getByTestId('guarantee-changes').locator('tr').filter({ hasText: '保函续期，金额调整' });
  await expect(change).toContainText('180万元');
  await expect(change).toContainText('履约保函2027.pdf');
  await expect(change).toContainText('未阅');
  await shot(page, testInfo, '00-guarantee-changed');

  await sidebar.getByText('参建单位', { exact: true }).click();
  await expect(page).toHaveURL(/\/project\/contractorInfo$/);
  const list = page.locator('[data-testid=page-pane][data-path="/project/contractorInfo"]');
  await expect(list.getByText('河南中安消防设施工程有限公司')).toBeVisible();
  await shot(page, testInfo, '01-units');

  // Add: an unknown credit code leaves the company open to fill in.
  await list.getByTestId('unit-add').click();
  await expect(page).toHaveURL(/\/project\/newBulid$/);
  const add = page.locator('[data-testid=page-pane][data-path="/project/newBulid"]');
  await add.getByTestId('participant-save').click();
  await expect(add.locator('.ant-form-item-explain-error').filter({ hasText: '请选择分包类型' })).toBeVisible();
  await add.getByTestId('participant-code').fill(UNIT_CODE.toLowerCase());
  await add.getByTestId('participant-name').fill(UNIT);
  await add.getByTestId('participant-area').click();
  await page.locator('.ant-cascader-menu-item').filter({ hasText: '河南省' }).click();
  await page.locator('.ant-cascader-menu-item').filter({ hasText: '郑州市' }).click();
  await page.locator('.ant-cascader-menu-item').filter({ hasText: '金水区' }).click();
  await pickDate(add.getByTestId('participant-register-date'), '2015-06-01');
  await add.getByTestId('participant-registered-address').fill('河南省郑州市金水区农业路20号');
  await add.getByTestId('participant-office-address').fill('河南省郑州市金水区农业路20号');
  await add.getByTestId('participant-legal-person').fill('何锦绣');
  await add.getByTestId('participant-legal-phone').fill('13812345678');
  await add.getByTestId('participant-legal-id').fill('410102199003074319');
  await pick(page, add.getByTestId('participant-company-type'), '专业分包');
  await pick(page, add.getByTestId('participant-type'), '建筑装修装饰工程');
  await pickDate(add.getByTestId('participant-entry-date'), '2026-04-01');
  await add.getByTestId('participant-projectLeader').fill('何锦绣');
  await add.getByTestId('participant-projectLeaderPhone').fill('13812345678');
  await add.getByTestId('participant-projectLeaderIdNumber').fill('410102199003074319');
  await add.getByTestId('participant-laborLeader').fill('钱多多');
  await add.getByTestId('participant-laborLeaderPhone').fill('0371-5678901');
  await add.getByTestId('participant-laborLeaderIdNumber').fill('11010519491231002X');
  await add.getByTestId('participant-sitemanager').fill('阿依古丽·买买提');
  await add.getByTestId('participant-sitemanagerphone').fill('13600136000');
  await add.getByTestId('participant-sitemanagerIdNumber').fill('420802198511200620');
  await shot(page, testInfo, '02-new-unit');
  await add.getByTestId('participant-save').click();
  await expect(page).toHaveURL(/\/project\/contractorInfo$/);
  const row = list.locator('tr').filter({ hasText: UNIT });
  await expect(row).toBeVisible();
  await expect(row).toContainText('建筑装修装饰工程');
  await shot(page, testInfo, '03-unit-added');

  // Edit: the leader changes, the company stays.
  await row.getByRole('button', { name: /编\s*辑/ }).click();
  await expect(page).toHaveURL(/\/project\/editBuilds\?id=\d+$/);
  const edit = page.locator('[data-testid=page-pane][data-path="/project/editBuilds"]');
  await expect(edit.getByTestId('participant-company')).toContainText(UNIT_CODE);
  await edit.getByTestId('participant-projectLeader').fill('何新');
  await shot(page, testInfo, '04-edit-unit');
  await edit.getByTestId('participant-save').click();
  await expect(page).toHaveURL(/\/project\/contractorInfo$/);
  await expect(row).toContainText('何新');

  // A team under the new unit.
  await sidebar.getByText('班组管理', { exact: true }).click();
  await expect(page).toHaveURL(/\/project\/bzInfo$/);
  const teams = page.locator('[data-testid=page-pane][data-path="/project/bzInfo"]');
  await expect(teams.getByText('钢筋班')).toBeVisible();
  await teams.getByTestId('team-add').click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: '新增班组' });
  await pick(page, drawer.getByTestId('team-unit'), UNIT);
  await drawer.getByTestId('team-name').fill('吊顶班');
  await drawer.getByTestId('team-leader').fill('欧阳建');
  await drawer.getByTestId('team-phone').fill('13700137000');
  await drawer.getByTestId('team-id-number').fill('410102199003074327');
  await pick(page, drawer.getByTestId('team-work-type'), '装饰装修工');
  await pickDate(drawer.getByTestId('team-entry-date'), '2026-04-02');
  await shot(page, testInfo, '05-new-team');
  await drawer.getByTestId('team-save').click();
  const team = teams.locator('tr').filter({ hasText: '吊顶班' });
  await expect(team).toBeVisible();
  await expect(team).toContainText('装饰装修工');
  await shot(page, testInfo, '06-team-added');

  // The unit cannot go while its team refers to it; it can exit, its team with it.
  await sidebar.getByText('参建单位', { exact: true }).click();
  await row.getByRole('button', { name: /删\s*除/ }).click();
  await popconfirm(page).getByRole('button', { name: OK }).click();
  await expect(toast(page, `${UNIT}下还有1个班组，不能删除`)).toBeVisible();
  await shot(page, testInfo, '07-delete-refused');
  await row.getByRole('button', { name: /退\s*场/ }).click();
  await pickDate(page.getByTestId('date-dialog-date'), today());
  await page.getByTestId('date-dialog-ok').click();
  await expect(toast(page, '退场成功')).toBeVisible();
  await expect(row).toContainText('已退场');
  await expect(row.getByRole('button', { name: /重新进场/ })).toBeVisible();
  await shot(page, testInfo, '08-unit-exited');

  await sidebar.getByText('班组管理', { exact: true }).click();
  await expect(team).toContainText('已退场');
  await shot(page, testInfo, '09-team-exited');
});
