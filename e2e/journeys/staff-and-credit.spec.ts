/**
 * Issue 4 items 1, 5, 8: the demo builder edits its approved project's information, prints the rights-protection
 * notice board, staffs a vacant key post (the warning goes away) and records an award and a punishment.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test, loginAsDemo, shot, toast, pickOption } from './support';

const pane = (page: Page, path: string): Locator => page.locator(`[data-testid=page-pane][data-path="${path}"]`);

async function openMenu(page: Page, group: string, item: string): Promise<void> {
  const sidebar = page.getByTestId('sidebar');
  const link = sidebar.getByText(item, { exact: true });
  if (!(await link.isVisible())) await sidebar.getByText(group, { exact: true }).click();
  await link.click();
}


async function pickDate(input: Locator, date: string): Promise<void> {
  await input.click();
  await input.fill(date);
  await input.press('Enter');
}

test('project information, notice board, key staff and credit records', async ({ page }, testInfo) => {
  await loginAsDemo(page);

  // 1. Project information: the approved fields are read-only, the description may change.
  await openMenu(page, '项目管理', '项目信息');
  const info = pane(page, '/project/projectInfo');
  await expect(info.getByTestId('project-info')).toBeVisible();
  await expect(info.getByTestId('project-name')).toBeDisabled();
  await expect(info.getByTestId('project-info-readonly')).toContainText('郑州市金水区人力资源和社会保障局');
  const description = info.locator('#ProjectDesc');
  await description.fill('安置房8栋，总建筑面积约12万平方米，配套幼儿园1所');
  await info.getByTestId('project-save').click();
  await expect(toast(page, '操作成功!')).toBeVisible();
  await shot(page, testInfo, '01-project-info-saved');

  // The notice board, as it prints.
  await info.getByTestId('open-notice-board').click();
  const board = page.getByTestId('notice-board');
  await expect(board).toContainText('郑州市金水区城市建设投资有限公司');
  await expect(board).toContainText('河南省第一建筑工程集团有限责任公司');
  await expect(board).toContainText('2100.00');
  await expect(board).toContainText('每月15日');
  await expect(board).toContainText('12333');
  await expect(page.getByTestId('notice-board-clerk')).toContainText('孙丽');
  await shot(page, testInfo, '02-notice-board');
  await page.emulateMedia({ media: 'print' });
  await shot(page, testInfo, '03-notice-board-print');
  await page.emulateMedia({ media: 'screen' });
  await page.locator('.ant-drawer-close').click();

  // 5. Key staff: the labour clerk leaves the list, the warning appears; a new clerk fills the post.
  await openMenu(page, '项目管理', '管理人员');
  const staff = pane(page, '/project/projectManagement');
  await expect(staff.getByText('陈国强')).toBeVisible();
  await expect(staff.getByTestId('key-posts-warning')).toHaveCount(0);
  const clerkRow = staff.locator('tr').filter({ hasText: '孙丽' });
  await clerkRow.getByRole('button', { name: /删\s*除/ }).click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: /删\s*除/ }).click();
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(staff.getByTestId('key-posts-warning')).toHaveText('关键岗位未配备：劳资专管员，配备后才能发放工资');
  await shot(page, testInfo, '04-key-post-vacant');

  await staff.getByTestId('staff-add').click();
  const form = pane(page, '/project/regist');
  await expect(form.getByTestId('staff-form-page')).toBeVisible();
  await form.getByTestId('staff-save').click();
  await expect(form.locator('#unit_id_help')).toHaveText('请选择所属单位');
  await pickOption(page, form.getByTestId('staff-unit'), '河南省第一建筑工程集团有限责任公司');
  await pickOption(page, form.getByTestId('staff-post'), '劳资专管员（关键岗位）');
  await form.getByTestId('staff-name').fill('王秀梅');
  await form.getByTestId('staff-phone').fill('13837100009');
  await form.getByTestId('staff-id-number').fill('410103199007161036');
  await expect(form.locator('#id_number_help')).toHaveText('请填写正确的身份证号码');
  await form.getByTestId('staff-id-number').fill('410103199007161037');
  await pickDate(form.getByTestId('staff-entry'), '2026-04-01');
  await shot(page, testInfo, '05-key-staff-form');
  await form.getByTestId('staff-save').click();
  await expect(toast(page, '保存成功').last()).toBeVisible();
  await expect(page).toHaveURL(/\/project\/projectManagement$/);
  await expect(staff.getByText('王秀梅')).toBeVisible();
  await expect(staff.getByTestId('key-posts-warning')).toHaveCount(0);
  await shot(page, testInfo, '06-key-posts-filled');

  // 8. Credit records: the project's award of the general contractor; the bureau's punishment is read-only to the
  // project; the project's own bad-behaviour record, revoked with a reason, stays listed.
  await openMenu(page, '诚信管理', '奖励记录');
  const awards = pane(page, '/faith/award');
  await expect(awards.getByText('郑州市金水区人力资源和社会保障局')).toBeVisible();
  await awards.getByTestId('credit-add').click();
  const dialog = page.locator('.ant-modal:visible');
  await dialog.getByTestId('credit-subject-type').getByText('参建单位').click();
  await pickOption(page, dialog.getByTestId('credit-unit'), '郑州市金水区城市建设投资有限公司');
  await pickDate(dialog.getByTestId('credit-date'), '2026-09-30');
  await dialog.getByTestId('credit-reason').fill('工程款按月足额拨付至农民工工资专用账户');
  await dialog.getByTestId('credit-issuer').fill('郑州市金水区住房和城乡建设局');
  await shot(page, testInfo, '07-award-form');
  await dialog.getByTestId('credit-save').click();
  await expect(toast(page, '保存成功').last()).toBeVisible();
  await expect(awards.getByText('工程款按月足额拨付至农民工工资专用账户')).toBeVisible();
  await shot(page, testInfo, '08-awards');

  await openMenu(page, '诚信管理', '处罚记录');
  const punishments = pane(page, '/faith/punishment');
  const bureau = punishments.locator('tr').filter({ hasText: '赵小虎' });
  await expect(bureau).toContainText('人社局');
  await expect(bureau).toContainText('4101**********5616');
  await expect(bureau.getByRole('button', { name: /撤\s*销/ })).toHaveCount(0);
  await expect(punishments.getByTestId('credit-add')).toHaveCount(0);

  await openMenu(page, '诚信管理', '不良行为记录');
  const bad = pane(page, '/faith/record');
  await bad.getByTestId('credit-add').click();
  const second = page.locator('.ant-modal:visible');
  await second.getByTestId('credit-name').fill('钱大勇');
  await second.getByTestId('credit-id-number').fill('410102197509153015');
  await pickDate(second.getByTestId('credit-date'), '2026-10-08');
  await second.getByTestId('credit-reason').fill('无证操作塔吊，经警告后仍不改正');
  await second.getByTestId('credit-issuer').fill('河南中原建工集团有限公司项目部');
  await second.getByTestId('credit-save').click();
  await expect(toast(page, '保存成功').last()).toBeVisible();
  const own = bad.locator('tr').filter({ hasText: '钱大勇' });
  await expect(own).toContainText('4101**********3015');
  await own.getByRole('button', { name: /查\s*看/ }).click();
  await expect(page.getByTestId('credit-detail')).toContainText('410102197509153015');
  await expect(page.getByTestId('credit-detail')).toContainText('无证操作塔吊');
  await page.keyboard.press('Escape');
  await own.getByRole('button', { name: /撤\s*销/ }).click();
  const revoke = page.locator('.ant-modal:visible');
  await revoke.getByTestId('credit-revoke-reason').fill('登记有误，经核实为他人');
  await revoke.getByTestId('credit-revoke-confirm').click();
  await expect(toast(page, '已撤销').last()).toBeVisible();
  await expect(own).toContainText('已撤销');
  await expect(own).toContainText('登记有误，经核实为他人');
  await shot(page, testInfo, '09-bad-record-revoked');
});
