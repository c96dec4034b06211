/**
 * Money in: the regulator records an owner's labour-cost transfer from 注册审核; the clerk sees the balance on
 * 专户信息, the flow on 专户流水 and exports it.
 */
import { expect, test, ADMIN, PROJECT_NAME, login, loginAsDemo, shot, toast } from './support';
import { readFileSync } from 'node:fs';

test('the regulator records a transfer and the clerk sees the balance and the flow', async ({ page }, testInfo) => {
  await login(page, ADMIN);
  await expect(page.getByTestId('workbench-welcome')).toBeVisible();
  await page.goto('/audit/project');
  await page.getByTestId('audit-status').getByText('已通过').click();
  const row = page.getByRole('row').filter({ hasText: PROJECT_NAME });
  await row.getByRole('button', { name: '录入人工费拨付' }).click();
  await page.getByTestId('transfer-amount').fill('300000.05');
  await page.getByTestId('transfer-payer').fill('郑州市金水区城市建设投资有限公司');
  await page.getByTestId('transfer-summary').fill('2026年人工费拨付（第三期）');
  await shot(page, testInfo, '01-record-transfer');
  await page.getByRole('button', { name: '确认录入' }).click();
  await expect(toast(page, '已录入 300000.05 元')).toBeVisible();
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');

  await loginAsDemo(page);
  await page.goto('/special/information');
  // The demo's two transfers (2,000,000 yuan) and this one.
  const balance = '2,300,000.05';
  await expect(page.getByTestId('information-balance').locator('.ant-statistic-content')).toHaveText(balance);
  await shot(page, testInfo, '02-information');
  await page.goto('/special/water');
  const table = page.getByTestId('water-table');
  await expect(table).toContainText('2026年人工费拨付（第三期）');
  await expect(table).toContainText('+300,000.05');
  await expect(table.locator('tbody tr.ant-table-row').first()).toContainText(balance);
  await shot(page, testInfo, '03-water');
  const downloading = page.waitForEvent('download');
  await page.getByTestId('water-export').click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe('专户流水.xlsx');
  // An .xlsx is a zip archive; its content is checked by the server's tests.
  expect(readFileSync(await file.path()).subarray(0, 2).toString()).toBe('PK');
});
