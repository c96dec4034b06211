/**
 * Project export: the clerk files a month's vouchers, starts the project's export in 数据导出备份, watches it
 * finish, downloads the .zip, and the journey opens it (a small reader of the ZIP's central directory) and
 * counts its files against the roster and the vouchers.
 */
import { readFileSync } from 'node:fs'
import { inflateRawSync } from 'node:zlib'
import { expect, test, PDF, PNG, builderCall, loginAsDemo, shot, toast, upload } from './support'

/** The entries of a ZIP by name: the central directory at the end, each local header's data inflated. */
function unzip(zip: Buffer): Map<string, Buffer> {
  let end = zip.length - 22
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end -= 1
  if (end < 0) throw new Error('no ZIP end record')
  const count = zip.readUInt16LE(end + 10)
  let at = zip.readUInt32LE(end + 16)
  const entries = new Map<string, Buffer>()
  for (let i = 0; i < count; i += 1) {
    const method = zip.readUInt16LE(at + 10)
    let compressed = zip.readUInt32LE(at + 20)
    const nameLength = zip.readUInt16LE(at + 28)
    const extraLength = zip.readUInt16LE(at + 30)
    const commentLength = zip.readUInt16LE(at + 32)
    let local = zip.readUInt32LE(at + 42)
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8')
    // ZIP64 (the server marks entries large-file): the real sizes and offset are in the extra field.
    const extra = zip.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength)
    for (let e = 0; e + 4 <= extra.length; ) {
      const id = extra.readUInt16LE(e)
      const size = extra.readUInt16LE(e + 2)
      if (id === 0x0001) {
        let field = e + 4
        if (zip.readUInt32LE(at + 24) === 0xffffffff) field += 8
        if (compressed === 0xffffffff) {
          compressed = Number(extra.readBigUInt64LE(field))
          field += 8
        }
        if (local === 0xffffffff) local = Number(extra.readBigUInt64LE(field))
      }
      e += 4 + size
    }
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28)
    const data = zip.subarray(dataStart, dataStart + compressed)
    entries.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data))
    at += 46 + nameLength + extraLength + commentLength
  }
  return entries
}

/** The data rows of an .xlsx of one sheet. */
function rowsOf(workbook: Buffer): number {
  const sheet = unzip(workbook).get('xl/worksheets/sheet1.xml')?.toString('utf8') ?? ''
  return Math.max((sheet.match(/<row /g) ?? []).length - 1, 0)
}

test('the clerk exports the project and the zip holds the roster and every voucher', async ({ page }, testInfo) => {
  await loginAsDemo(page)
  // Last month's vouchers for the general contractor: a bank receipt and a signed wage sheet.
  await page.goto('/affix/affix')
  await page.getByTestId('affix-table').locator('tbody tr').first().getByRole('button', { name: /查看/ }).click()
  await upload(page, 'affix-upload-receipt', PNG)
  await page.getByTestId('affix-save-receipt').click()
  await expect(toast(page, '上传成功').last()).toBeVisible()
  await upload(page, 'affix-upload-wage_sheet', PDF)
  await page.getByTestId('affix-save-wage_sheet').click()
  await expect(page.getByTestId('affix-category-wage_sheet')).toContainText(PDF.name)

  // 数据导出备份 is on the 系统设置 menu.
  await page.getByRole('menuitem', { name: '系统设置' }).click()
  await page.getByRole('menuitem', { name: '数据导出备份' }).click()
  await expect(page).toHaveURL(/\/system\/digital$/)
  await expect(page.getByTestId('export-page')).toBeVisible()
  await page.getByTestId('export-start').click()
  await expect(toast(page, '导出任务已开始')).toBeVisible()
  const table = page.getByTestId('export-table')
  const row = table.locator('tbody tr.ant-table-row').first()
  // The progress bar while it runs (a small project may be done before the first look), then the download.
  await expect(row.locator('.ant-progress').or(row.getByRole('button', { name: /下\s*载/ }))).toBeVisible()
  await shot(page, testInfo, '01-export-started')
  await expect(row).toContainText('已完成', { timeout: 30_000 })
  await expect(row).toContainText('.zip')
  await shot(page, testInfo, '02-export-done')

  const download = page.waitForEvent('download')
  await row.getByRole('button', { name: /下\s*载/ }).click()
  const saved = await download
  expect(saved.suggestedFilename()).toMatch(/数据导出.*\.zip$/)
  const entries = unzip(readFileSync(await saved.path()))
  const names = [...entries.keys()]
  expect(names).toContain('README.txt')

  const roster = await builderCall<{ total: number }>(page, 'GET', '/builder/user/v1/Worker/list', { limit: '1' })
  expect(roster.total).toBeGreaterThan(0)
  expect(rowsOf(entries.get('花名册.xlsx')!)).toBe(roster.total)
  const flows = await builderCall<{ total: number }>(page, 'GET', '/builder/special/v1/Account/flows', { limit: '1' })
  expect(rowsOf(entries.get('专户流水.xlsx')!)).toBe(flows.total)
  expect(rowsOf(entries.get('支付凭证.xlsx')!)).toBe(2)
  const voucherFiles = names.filter((name) => name.startsWith('附件/支付凭证/'))
  expect(voucherFiles).toHaveLength(2)
  expect(entries.get(voucherFiles.find((name) => name.endsWith('.png'))!)!.subarray(1, 4).toString()).toBe('PNG')
  const manifest = entries.get('README.txt')!.toString('utf8')
  expect(manifest).toContain(`花名册.xlsx  —  花名册（含已退场人员），${roster.total} 行`)
  expect(manifest).toContain('支付凭证.xlsx  —  支付凭证，2 行')
})
