/**
 * E-contracts: the clerk looks at the default template, generates a demo worker's labour contract from the
 * roster, prints it to PDF in the browser (A4, nothing but the contract), uploads the signed scan back, and
 * the roster shows the worker 已签.
 */
import { writeFileSync } from 'node:fs'
import { expect, test, loginAsDemo, modal, PDF, rowOf, shot, toast, toastsGone, upload } from './support'

test('a demo worker\'s contract is generated, printed to PDF, signed and shown 已签 on the roster', async ({ page }, testInfo) => {
  await loginAsDemo(page)
  await page.goto('/user/list')
  const roster = page.getByTestId('roster-table')

  // The templates, reached from the roster: the default construction labour contract with its placeholders.
  await page.getByTestId('roster-contract-templates').click()
  await expect(page).toHaveURL(/\/system\/contract$/)
  const templates = page.getByTestId('template-table')
  await expect(templates).toContainText('建筑施工劳动合同（默认范本）')
  await rowOf(templates, '默认范本').getByRole('button', { name: '查看' }).click()
  const editor = modal(page, '查看合同模板')
  await expect(editor.getByTestId('template-placeholders')).toContainText('{{工人姓名}}')
  await editor.getByTestId('template-preview').click()
  await expect(editor.getByTestId('template-preview-text')).toContainText('乙方（劳动者）：张建国')
  await expect(editor.getByTestId('template-preview-text')).not.toContainText('{{')
  await shot(page, testInfo, '01-default-template-preview')
  await editor.getByRole('button', { name: '关闭' }).click()

  // A worker without a contract, from the roster's 未签 filter.
  await page.goto('/user/list')
  await page.getByTestId('roster-filter-contract').click()
  await page.getByTitle('未签').click()
  await page.getByTestId('roster-search').click()
  const first = roster.locator('tbody tr.ant-table-row').first()
  await expect(first).toContainText('未签')
  const name = (await first.locator('td').first().innerText()).trim()
  await first.getByRole('button', { name: '合同' }).click()
  const dialog = page.getByTestId('contract-dialog')
  await expect(dialog).toContainText(name)
  await expect(dialog.getByTestId('contract-template')).toContainText('建筑施工劳动合同（默认范本）')
  await dialog.getByTestId('contract-generate').click()

  // The print page: the filled contract on an A4 sheet.
  await expect(page).toHaveURL(/\/system\/contractPrint\?id=\d+$/)
  await expect(dialog).toHaveCount(0)
  const sheet = page.getByTestId('contract-sheet')
  await expect(sheet).toContainText(`乙方（劳动者）：${name}`)
  await expect(sheet).toContainText('甲方（用人单位）：')
  await expect(sheet).toContainText('每月发薪日为')
  await expect(sheet).not.toContainText('{{')
  await toastsGone(page)
  await shot(page, testInfo, '02-print-page')

  // What the browser prints: only the contract (no menu, tabs or buttons), on A4 pages.
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByTestId('contract-print-copy')).toBeVisible()
  await expect(page.getByTestId('contract-print')).toBeHidden()
  await expect(page.locator('.ant-layout-sider, .ant-menu').first()).toBeHidden()
  await shot(page, testInfo, '03-print-media')
  const pdf = await page.pdf({ format: 'A4', printBackground: true })
  await page.emulateMedia({ media: 'screen' })
  const file = testInfo.outputPath('contract.pdf')
  writeFileSync(file, pdf)
  await testInfo.attach('contract.pdf', { path: file, contentType: 'application/pdf' })
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []
  expect(pages.length).toBeGreaterThanOrEqual(1)
  expect(pages.length).toBeLessThanOrEqual(4)

  // The signed scan goes back from the roster's 合同; the worker is then 已签.
  await page.goto('/user/list')
  await page.getByTestId('roster-filter-name').fill(name)
  await page.getByTestId('roster-search').click()
  const line = rowOf(roster, name)
  await expect(line).toHaveCount(1)
  await expect(line).toContainText('未签')
  await line.getByRole('button', { name: '合同' }).click()
  await expect(dialog.locator('tbody tr.ant-table-row')).toHaveCount(1)
  await expect(dialog).toContainText('待签')
  await dialog.getByRole('button', { name: '上传签字件' }).click()
  await upload(page, 'contract-scan', PDF)
  await dialog.getByTestId('contract-sign-confirm').click()
  await expect(toast(page, '已上传，合同已签').last()).toBeVisible()
  await expect(line).toContainText('已签')
  await expect(line).not.toContainText('未签')
  await shot(page, testInfo, '04-roster-signed')

  await line.getByRole('button', { name: '合同' }).click()
  await expect(dialog).toContainText('已签')
  await expect(dialog.getByRole('link', { name: PDF.name })).toHaveAttribute('href', /^\/uploads\//)
  await shot(page, testInfo, '05-contract-signed')
})
