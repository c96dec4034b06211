/**
 * Paying by bank file (issue 32): the clerk switches the special account's 代发方式 to 文件 on 专户信息; two
 * workers of 钢筋班 carry mistyped UnionPay cards; the team's wage sheet of the previous month is built,
 * confirmed and submitted; the approver approves and the order waits 待银行发放. The clerk downloads its batch
 * file (checked line by line: the header, ten numbered lines, the summary naming the order), has the sandbox
 * bank answer it through the console, uploads the result file: eight lines paid, the two bad cards failed into
 * 异常处理 (the same file again changes nothing). The cards are corrected and re-issued; the approver approves the
 * re-issue, whose result file pays the rest. Last, 专户对账 with the sandbox bank's statement: 一致.
 */
import { readFileSync } from 'node:fs'
import type { Locator, Page, TestInfo } from '@playwright/test'
import { expect, test, FINANCE, builderCall, button, checkDigit, chooseIdNumberCheck, confirmDialog, fen, grouped, login, loginAsDemo, logout, masked, mistyped, modal, rowOf, shot, toast, toastsGone, yuan } from './support'
import { demoIdNumber } from './device'
import { MONTH } from './lastMonth'

const CONTRACTOR = '河南省第一建筑工程集团有限责任公司'
const TEAM = '钢筋班'
const TEAM_SIZE = 10
/** Demo workers of 钢筋班 (worker i is in team i % 3) given mistyped cards, and their right ones. */
const BAD_CARDS: [number, string, string][] = [
  [12, mistyped('622202100200000112'), '622202100266600112' + checkDigit('622202100266600112')],
  [21, mistyped('622848001234521'), '622848001277721' + checkDigit('622848001277721')],
]
const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴']
const GIVEN = ['建军', '海燕', '志强']
const demoName = (index: number) => SURNAMES[index % 10] + GIVEN[Math.floor(index / 10) % 3]
const FINANCE_ID_NUMBER = '410105198805123025'
const BATCH_HEADER = '序号|账号|户名|金额|开户行|备注'

/** The shown page of the keep-alive outlet. */
const pane = (page: Page): Locator => page.locator('[data-testid="page-pane"]:not([hidden])')

/** The order number in the order page's title. */
async function orderNoOf(page: Page): Promise<string> {
  const title = pane(page).locator('.ant-card-head-title').first()
  await expect(title).toHaveText(/GZ\d{20,}/)
  return ((await title.innerText()).match(/GZ\d{20,}/) ?? [''])[0]
}

/** The approver opens the order from his pending list, verifies with his ID number and approves: 待银行发放. */
async function approve(page: Page, orderNo: string, testInfo: TestInfo, picture: string) {
  await logout(page)
  await login(page, FINANCE)
  await button(rowOf(pane(page).locator('.ant-table'), orderNo), '审核').click()
  const review = pane(page)
  await button(review, '审核通过').click()
  const verify = modal(page, '身份验证')
  await chooseIdNumberCheck(verify)
  await verify.getByTestId('verify-id').fill(FINANCE_ID_NUMBER)
  await button(verify, '验证').click()
  await expect(toast(page, `审核通过，待银行发放：请项目下载代发文件提交银行：${orderNo}`)).toBeVisible()
  await expect(review).toContainText('待银行发放')
  await shot(page, testInfo, picture)
  await logout(page)
  await loginAsDemo(page)
}

/** Waits for the download a click starts and keeps it with the test's artifacts; answers its path. */
async function downloaded(page: Page, testInfo: TestInfo, start: () => Promise<void>, name: string): Promise<string> {
  const downloading = page.waitForEvent('download')
  await start()
  const file = await downloading
  expect(file.suggestedFilename()).toBe(name)
  const saved = testInfo.outputPath(name)
  await file.saveAs(saved)
  return saved
}

/** Picks a file through the console's upload button `testId` (the browser's file chooser). */
async function pickFile(page: Page, testId: string, file: string) {
  const choosing = page.waitForEvent('filechooser')
  await page.getByTestId(testId).click()
  await (await choosing).setFiles(file)
}

/**
 * On the order's page: the batch file downloaded and checked (header, `lines` numbered lines, the summary naming
 * the order), the sandbox bank's result file made of it through the console, and that result uploaded.
 */
async function payByFile(page: Page, testInfo: TestInfo, orderNo: string, lines: number, outcome: string) {
  const section = pane(page).getByTestId('batch-files')
  await expect(section.getByTestId('batch-hint')).toBeVisible()
  await expect(section.getByTestId('batch-format')).toContainText('通用格式（文本，竖线分隔，UTF-8）')
  const batch = await downloaded(page, testInfo, () => section.getByTestId('batch-download').click(), `${orderNo}_代发.txt`)
  const text = readFileSync(batch, 'utf8').split(/\r?\n/).filter(Boolean)
  expect(text[0]).toBe(BATCH_HEADER)
  const rows = text.slice(1, -1).map((line) => line.split('|'))
  expect(rows.map((row) => row[0])).toEqual(Array.from({ length: lines }, (_, index) => String(index + 1)))
  for (const row of rows) {
    expect(row).toHaveLength(6)
    expect(row[5]).toBe(`${MONTH.slice(0, 4)}年${Number(MONTH.slice(5))}月工资`)
  }
  // The summary names the order, counts the lines and totals them; the total is the order's.
  const total = rows.reduce((sum, row) => sum + fen(row[3]), 0)
  expect(text.at(-1)!.split('|').slice(0, 4)).toEqual(['汇总', orderNo, String(lines), yuan(total)])
  await expect(pane(page).getByTestId('order-total')).toHaveText(grouped(total))

  const result = await downloaded(page, testInfo, () => pickFile(page, 'batch-sandbox', batch), `${orderNo}_回盘.txt`)
  await expect(toast(page, '沙箱银行已生成回盘文件，请上传该回盘文件')).toBeVisible()
  await pickFile(page, 'batch-result-upload', result)
  await expect(section.getByTestId('batch-outcome')).toHaveText(outcome)
  return result
}

test('a month paid by bank file: batch file, sandbox result, failures re-issued, statement reconciled', async ({ page }, testInfo) => {
  test.setTimeout(300_000)
  await loginAsDemo(page)

  // ---- 1. 代发方式 → 文件 on 专户信息. ----
  await page.goto('/special/information')
  const modes = page.getByTestId('information-payout-mode')
  await expect(modes.getByRole('radio', { name: '接口' })).toBeChecked()
  await expect(page.getByTestId('information-reconciliation')).toHaveText('未上传对账单')
  await modes.getByText('文件', { exact: true }).click()
  const ask = confirmDialog(page)
  await expect(ask).toContainText('将代发方式改为“文件”？')
  await button(ask, '确定').click()
  await expect(toast(page, '代发方式已保存')).toBeVisible()
  await expect(modes.getByRole('radio', { name: '文件' })).toBeChecked()
  await expect(page.getByTestId('information-page')).toContainText('下载代发文件提交银行，再上传银行回盘文件登记结果')
  await toastsGone(page)
  await shot(page, testInfo, '01-payout-mode-file')

  // ---- 2. Two mistyped cards on the team; its sheet of the previous month built, confirmed and submitted. ----
  for (const [index, card] of BAD_CARDS) {
    const roster = await builderCall<{ list: { workerId: number }[] }>(page, 'GET', '/builder/user/v1/Worker/list', {
      idNumber: demoIdNumber(index), page: '1', limit: '10',
    })
    await builderCall(page, 'POST', '/builder/wage/v1/Abnormal/card', { workerId: String(roster.list[0].workerId), card, bank: '102', confirmed: '1' })
  }
  const options = await builderCall<{ units: { id: number; name: string }[] }>(page, 'GET', '/builder/wage/v1/Sheet/options', {})
  const unitId = String(options.units.find((unit) => unit.name === CONTRACTOR)!.id)
  const teams = await builderCall<{ teams: { value: number; label: string }[] }>(page, 'GET', '/builder/user/v1/Worker/options', {})
  const teamId = String(teams.teams.find((team) => team.label === TEAM)!.value)
  const sheet = await builderCall<number>(page, 'POST', '/builder/wage/v1/Sheet/create', { month: MONTH, unitId, teamId })
  await builderCall(page, 'POST', '/builder/wage/v1/Sheet/confirm', { id: String(sheet) })
  const firstId = await builderCall<number>(page, 'POST', '/builder/wage/v1/Order/submit', { month: MONTH, sheetIds: String(sheet), remark: `${MONTH} ${TEAM}工资（文件代发）` })
  await page.goto(`/special/orderDetail?id=${firstId}`)
  await expect(pane(page)).toContainText('待审核')
  const orderNo = await orderNoOf(page)
  await expect(pane(page).getByTestId('batch-files')).toHaveCount(0)

  // ---- 3. The approver approves: the order waits for the bank. ----
  await approve(page, orderNo, testInfo, '02-approved-waits-for-bank')

  // ---- 4. The clerk: batch file, the sandbox bank's result, uploaded: 8 paid, 2 failed. ----
  await page.goto(`/special/orderDetail?id=${firstId}`)
  const order = pane(page)
  await expect(order).toContainText('待银行发放')
  await shot(page, testInfo, '03-order-batch-files')
  const result = await payByFile(page, testInfo, orderNo, TEAM_SIZE, '回盘文件已处理：发放成功 8 笔，发放失败 2 笔（已转异常处理）')
  await expect(order).toContainText('部分发放')
  const payouts = order.getByTestId('order-payouts').locator('.ant-table')
  await expect(payouts.locator('tbody tr.ant-table-row').filter({ hasText: '已支付' })).toHaveCount(TEAM_SIZE - 2)
  for (const [index] of BAD_CARDS) await expect(rowOf(payouts, demoName(index))).toContainText('收款卡号无效：卡号校验位错误')
  await toastsGone(page)
  await shot(page, testInfo, '04-result-uploaded-partly-failed')
  // The same result file again changes nothing.
  await pickFile(page, 'batch-result-upload', result)
  await expect(order.getByTestId('batch-outcome')).toHaveText(`该回盘文件已处理过，未作任何更改：与已记录一致 ${TEAM_SIZE} 笔`)

  // ---- 5. 异常处理: the cards corrected, the two lines re-issued. ----
  await button(order, '异常处理').click()
  await expect(page).toHaveURL(/\/special\/abnormal$/)
  const abnormal = pane(page)
  const failed = abnormal.locator('.ant-table')
  await expect(failed.locator('tbody tr.ant-table-row')).toHaveCount(BAD_CARDS.length)
  await shot(page, testInfo, '05-abnormal')
  for (const [index, , good] of BAD_CARDS) {
    await button(rowOf(failed, demoName(index)), '修改工资卡').click()
    const dialog = modal(page, `修改工资卡 · ${demoName(index)}`)
    await dialog.getByTestId('card-input').fill(good)
    await expect(dialog).toContainText('中国工商银行')
    await button(dialog, '保存').click()
    await expect(dialog).toBeHidden()
    await expect(rowOf(failed, demoName(index))).toContainText(masked(good))
    await rowOf(failed, demoName(index)).locator('input[type=checkbox]').check()
  }
  await button(abnormal, '重新发放').click()
  await button(confirmDialog(page), '重新发放').click()
  await expect(toast(page, '已重新提交审核')).toBeVisible()
  await expect(page).toHaveURL(/\/special\/orderDetail\?id=\d+$/)
  const secondId = new URL(page.url()).searchParams.get('id')!
  const secondNo = await orderNoOf(page)
  expect(secondNo).not.toBe(orderNo)

  // ---- 6. The re-issue approved, its result file uploaded: both paid, 异常处理 empty. ----
  await approve(page, secondNo, testInfo, '06-reissue-approved')
  await page.goto(`/special/orderDetail?id=${secondId}`)
  await expect(pane(page)).toContainText('待银行发放')
  await payByFile(page, testInfo, secondNo, BAD_CARDS.length, `回盘文件已处理：发放成功 ${BAD_CARDS.length} 笔`)
  await expect(pane(page)).toContainText('已支付')
  for (const [index, , good] of BAD_CARDS) await expect(rowOf(pane(page).getByTestId('order-payouts').locator('.ant-table'), demoName(index))).toContainText(masked(good))
  await toastsGone(page)
  await shot(page, testInfo, '07-reissue-paid')
  await page.goto('/special/abnormal')
  await expect(pane(page)).toContainText('没有待处理的支付失败明细')
  await page.goto('/special/orderManagement')
  // The first order's failed lines are re-issued and paid: it is 已支付 too (the re-issue's row names it as well).
  await expect(pane(page).locator(`tbody tr[data-row-key="${firstId}"]`)).toContainText(`${orderNo}${MONTH}`)
  await expect(pane(page).locator(`tbody tr[data-row-key="${firstId}"]`)).toContainText('已支付')

  // ---- 7. 专户对账: the sandbox bank's statement downloaded and uploaded; every line and balance agrees. ----
  await page.goto('/special/reconciliation')
  const recon = pane(page)
  await expect(recon.getByTestId('recon-lines')).toContainText('尚未上传银行对账单')
  const statement = await downloaded(page, testInfo, () => recon.getByTestId('statement-sandbox').click(), '专户对账单（沙箱银行）.csv')
  await pickFile(page, 'statement-upload', statement)
  await expect(toast(page, '对账单已导入：新增')).toBeVisible()
  await expect(recon.getByTestId('recon-state')).toHaveText('一致')
  const balance = (testId: string) => recon.getByTestId(testId).locator('.ant-statistic-content').innerText()
  expect(await balance('recon-bank-balance')).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/)
  expect(await balance('recon-bank-balance')).toBe(await balance('recon-our-balance'))
  await expect(recon.getByTestId('recon-view')).toContainText('仅银行有（0）')
  await expect(recon.getByTestId('recon-view')).toContainText('仅本系统有（0）')
  await expect(recon.getByTestId('recon-days').locator('tr.recon-differs')).toHaveCount(0)
  await toastsGone(page)
  await shot(page, testInfo, '08-reconciliation-matched')
  await page.goto('/special/information')
  await expect(page.getByTestId('information-reconciliation')).toHaveText('一致')
})
