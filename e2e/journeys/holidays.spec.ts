/**
 * The regulator enters next year's first holiday in 节假日设置 and sees it in the grid and the table; the
 * project's 考勤表 marks the arrangement on its day heads.
 */
import { expect, test, ADMIN, login, loginAsDemo, shot, toast } from './support';

test('the regulator adds a statutory holiday for the coming year', async ({ page }, testInfo) => {
  await login(page, ADMIN);
  const sidebar = page.getByTestId('sidebar');
  await sidebar.getByText('监管设置', { exact: true }).click();
  await sidebar.getByText('节假日设置', { exact: true }).click();
  await expect(page).toHaveURL(/\/system\/holidays$/);
  const pane = page.locator('[data-testid=page-pane][data-path="/system/holidays"]');
  await expect(pane.getByTestId('holidays-page')).toBeVisible();

  // The seeded arrangement: National Day 2025.
  await pane.getByTestId('holidays-year').click();
  await page.keyboard.type('2025');
  await page.keyboard.press('Enter');
  await expect(pane.getByTestId('calendar-day-2025-10-01')).toHaveAttribute('data-tint', 'statutory');
  await expect(pane.getByTestId('calendar-day-2025-10-11')).toHaveAttribute('data-tint', 'workday');
  await expect(pane.getByTestId('calendar-month-2025-10')).toContainText('工作日 18 天，法定 4 天');
  await shot(page, testInfo, '01-year-2025');

  await pane.getByTestId('holidays-year').click();
  await page.keyboard.type('2027');
  await page.keyboard.press('Enter');
  await expect(pane.getByText('2027年暂无节假日安排')).toBeVisible();
  await pane.getByTestId('calendar-day-2027-01-01').click();
  await page.getByTestId('holiday-submit').click();
  await expect(page.getByText('请选择类型：法定节假日、调休放假或调休上班')).toBeVisible();
  await page.getByLabel('法定节假日').check();
  await page.getByTestId('holiday-name').fill('元旦');
  await page.getByTestId('holiday-submit').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(pane.getByTestId('calendar-day-2027-01-01')).toHaveAttribute('data-tint', 'statutory');
  const table = pane.getByTestId('holidays-table');
  await expect(table.getByText('2027-01-01')).toBeVisible();
  await expect(table.getByText('监管部门')).toBeVisible();
  await shot(page, testInfo, '02-year-2027-added');
  await table.scrollIntoViewIfNeeded();
  await shot(page, testInfo, '03-special-days-table');
});

test('the monthly attendance sheet marks National Day 2025 on its day heads', async ({ page }, testInfo) => {
  await loginAsDemo(page);
  await page.goto('/project/sheets?month=2025-10');
  const sheet = page.getByTestId('sheet-table');
  await expect(sheet.getByTestId('sheet-head-1').first()).toHaveText('1节');
  await expect(sheet.getByTestId('sheet-head-4').first()).toHaveText('4休');
  await expect(sheet.getByTestId('sheet-head-11').first()).toHaveText('11班');
  await expect(page.getByTestId('sheets-page')).toContainText('本月工作日 18 天，法定节假日 4 天');
  await shot(page, testInfo, '01-sheet-2025-10');
});
