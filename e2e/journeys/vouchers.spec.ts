/** Vouchers: the clerk uploads last month's bank receipt and signed wage sheet for the general contractor. */
import { expect, test, PDF, PNG, loginAsDemo, shot, toast, upload } from './support';

test('the clerk uploads vouchers for a month and unit and previews them', async ({ page }, testInfo) => {
  await loginAsDemo(page);
  await page.goto('/affix/affix');
  const table = page.getByTestId('affix-table');
  // Vouchers are due for months that are over: the newest line is last month.
  const today = new Date(Date.now() + 8 * 3600_000);
  const month = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
  const first = table.locator('tbody tr').first();
  await expect(first).toContainText(month);
  await shot(page, testInfo, '01-affix-list');
  await first.getByRole('button', { name: /查看/ }).click();
  await expect(page).toHaveURL(new RegExp(`/affix/affixDetail/${month}/\\d+$`));
  await expect(page.getByTestId('affix-detail-page')).toContainText('缺凭证');

  await upload(page, 'affix-upload-receipt', PNG);
  await page.getByTestId('affix-save-receipt').click();
  await expect(toast(page, '上传成功').last()).toBeVisible();
  await upload(page, 'affix-upload-wage_sheet', PDF);
  await page.getByTestId('affix-save-wage_sheet').click();
  await expect(page.getByTestId('affix-category-wage_sheet')).toContainText(PDF.name);
  await expect(page.getByTestId('affix-detail-page')).toContainText('齐全');
  await shot(page, testInfo, '02-vouchers-filed');

  await page.getByTestId('affix-category-receipt').getByRole('button', { name: '预览' }).click();
  await expect(page.getByTestId('viewer-image')).toBeVisible();
  await page.getByTestId('viewer-next').click();
  await expect(toast(page, '已经是最后一张')).toBeVisible();
  await shot(page, testInfo, '03-viewer');
});
