/**
 * Money in: the regulator records an owner's labour-cost transfer from 注册审核; the clerk sees the balance on
 * 专户信息, the flow on 专户流水 and exports it.
 */
import { expect, test } from '@playwright/test';
import { ADMIN, PROJECT_NAME, login, loginAsDemo, shot, toast } from './support';
import { readFileSync } from 'node:fs';

test('the regulator records a transfer and the clerk sees the balance and the flow', async ({ page }, testInfo) => {
  await loginAsDemo(page);
  await page.goto('/special/information');
  const balanceText = page.getByTestId('information-balance');
  await expect(balanceText).toContainText(/\d/);
  const before = Number((await balanceText.locator('.ant-statistic-content').innerText()).replace(/[^\d.]/g, ''));
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');

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
  const expected = (before + 300000.05).toFixed(2);
  const grouped = Number(expected).toLocaleString('en-US', { minimumFractionDigits: 2 });
  await expect(page.getByTestId('information-balance')).toContainText(grouped);
  await shot(page, testInfo, '02-information');
  await page.goto('/special/water');
  const table = page.getByTestId('water-table');
  await expect(table).toContainText('2026年人工费拨付（第三期）');
  await expect(table).toContainText('+300,000.05');
  await expect(table.locator('tbody tr.ant-table-row').first()).toContainText(grouped);
  await shot(page, testInfo, '03-water');
  const downloading = page.waitForEvent('download');
  await page.getByTestId('water-export').click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe('专户流水.xlsx');
  // An .xlsx is a zip archive; its content is checked by the server's tests.
  expect(readFileSync(await file.path()).subarray(0, 2).toString()).toBe('PK');
});
