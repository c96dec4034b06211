/**
 * A new worker is paid exactly what they earned, into their own card: the clerk registers 郑准发 with a
 * mistyped UnionPay card (asked, confirmed), corrects the card from the roster, transfers him to another team,
 * is refused a day before his entry (greyed on 考勤表 and refused by the server) and marks a day inside his
 * employment 补 with a reason, builds and confirms the new team's wage sheet (the confirmation shows the
 * workers and the total of the sheet's lines) and submits the order (the confirmation shows the special
 * account's balance after).
 */
import type { Locator, Page } from '@playwright/test'
import { expect, test, confirmDialog, checkDigit, choose, cookieValue, fen, grouped, loginAsDemo, luhnOk, masked, mistyped, shot, toast, modal, button, rowOf, pickOption } from './support'
import { idNumber } from './xlsx'

// The month worked: this month in China time, from its 2nd day (entry) and 3rd (transfer, the day marked 补).
// On the 1st or 2nd of a month those days have not come yet, so the previous month is used instead.
const CHINA_NOW = new Date(Date.now() + 8 * 3600_000)
const EARLY = CHINA_NOW.getUTCDate() < 3
const MONTH_START = new Date(Date.UTC(CHINA_NOW.getUTCFullYear(), CHINA_NOW.getUTCMonth() - (EARLY ? 1 : 0), 1))
const MONTH = MONTH_START.toISOString().slice(0, 7)
const date = (day: number) => `${MONTH}-${String(day).padStart(2, '0')}`
const ENTRY_DAY = 2
const BEFORE_ENTRY_DAY = 1
const TRANSFER_DAY = 3

const NAME = '郑准发'
/** Used by no other journey; the 17th digit is odd (a man). */
const ID_NUMBER = idNumber('410181', '19870615', 357)
const PHONE = '13800007701'
const UNIT = '河南省第一建筑工程集团有限责任公司'
const FIRST_TEAM = '木工班'
const TEAM = '混凝土班'
const DAILY_WAGE = '350'
/** The ICBC card as written on the form: the last digit mistyped. */
const MISTYPED_CARD = mistyped('622202100277700')
/** The card as it really reads: a China Construction Bank card. */
const CARD = '621700001288812345' + checkDigit('621700001288812345')
const REASON = '忘带身份证未刷卡，班组长确认当天出勤'

/** The shown page of the keep-alive outlet. */
const pane = (page: Page): Locator => page.locator('[data-testid="page-pane"]:not([hidden])')

/** Replaces the value of a date or month picker. */
async function pick(picker: Locator, value: string) {
  await picker.click()
  await picker.press('ControlOrMeta+a')
  await picker.pressSequentially(value)
  await picker.press('Enter')
  await expect(picker).toHaveValue(value)
}

test('a new worker is paid exactly what they earned, into their own card', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  expect(luhnOk(MISTYPED_CARD)).toBe(false)
  expect(luhnOk(CARD)).toBe(true)
  await loginAsDemo(page)

  // ---- 1. 进场登记 with a mistyped card: asked, confirmed, registered; the link opens the worker. ----
  await page.goto('/user/register')
  await expect(page.getByTestId('register-page')).toBeVisible()
  await page.getByTestId('register-name').fill(NAME)
  await page.getByTestId('register-idNumber').fill(ID_NUMBER)
  await page.getByTestId('register-phone').fill(PHONE)
  await page.getByTestId('register-wageCardNumber').fill(MISTYPED_CARD)
  await choose(page, '开户银行', '中国工商银行')
  await choose(page, '所属单位', UNIT)
  await choose(page, '班组', FIRST_TEAM)
  await pick(page.getByTestId('register-entryDate'), date(ENTRY_DAY))
  await page.getByTestId('register-wage').fill(DAILY_WAGE)
  await shot(page, testInfo, '01-register-form')
  await page.getByTestId('register-submit').click()
  const askCard = confirmDialog(page)
  await expect(askCard).toContainText('工资卡号校验未通过')
  await expect(askCard).toContainText('工资卡号校验位错误')
  await page.waitForTimeout(400) // the confirm's zoom-in
  await shot(page, testInfo, '02-register-card-asks')
  await page.getByTestId('register-card-confirm').click()
  await expect(toast(page, '登记成功')).toBeVisible()
  const done = page.getByTestId('register-done')
  await expect(done).toBeInViewport()
  await expect(done).toContainText(`${NAME} 登记成功`)
  await shot(page, testInfo, '03-registered')
  await page.getByTestId('register-done-link').click()
  await expect(page).toHaveURL(/\/user\/list\?worker=\d+$/)
  const detail = page.getByTestId('worker-detail')
  await expect(detail).toBeVisible()
  await expect(detail).toContainText(ID_NUMBER)
  await expect(page.getByTestId('worker-card')).toContainText(`${MISTYPED_CARD}（中国工商银行）`)
  await expect(page.getByTestId('worker-card')).toContainText('校验位未通过')
  await shot(page, testInfo, '04-roster-detail')

  // ---- 2. The card corrected from the roster; 变更记录 shows before → after. ----
  await page.getByTestId('worker-edit').click()
  const edit = page.locator('.ant-modal').filter({ hasText: `修改：${NAME}` })
  await expect(page.getByTestId('edit-wageCardNumber')).toHaveValue(MISTYPED_CARD)
  await expect(edit).toContainText('该银联卡号末位校验不通过')
  await page.getByTestId('edit-wageCardNumber').fill(CARD)
  await expect(edit).toContainText('银联卡（62开头16-19位）会核对末位校验位')
  await pickOption(page, edit.locator('.ant-form-item').filter({ hasText: '开户银行' }).locator('.ant-select'), '中国建设银行')
  await shot(page, testInfo, '05-card-correction')
  await page.getByTestId('edit-submit').click()
  await expect(toast(page, '已保存')).toBeVisible()
  await expect(page.getByTestId('worker-card')).toHaveText(`${CARD}（中国建设银行）`)
  await page.getByRole('tab', { name: '变更记录' }).click()
  const changes = page.getByTestId('worker-changes')
  const cardChange = changes.locator('tbody tr').filter({ hasText: CARD.slice(-4) }).first()
  await expect(cardChange).toContainText('→')
  await expect(cardChange).toContainText(MISTYPED_CARD.slice(-4))
  await shot(page, testInfo, '06-card-change-history')

  // ---- 3. Transferred to 混凝土班 from the 3rd: a new history line. ----
  await page.getByTestId('worker-transfer').click()
  const transfer = page.locator('.ant-modal').filter({ hasText: `调动：` })
  await pick(page.getByTestId('transfer-date'), date(TRANSFER_DAY))
  await pickOption(page, transfer.locator('.ant-form-item').filter({ hasText: '班组' }).locator('.ant-select').first(), TEAM)
  await shot(page, testInfo, '07-transfer')
  await page.getByTestId('transfer-submit').click()
  await expect(toast(page, '已调动')).toBeVisible()
  await page.getByRole('tab', { name: '人员信息' }).click()
  const history = page.getByTestId('worker-history')
  await expect(history.locator('tbody tr.ant-table-row')).toHaveCount(2)
  await expect(rowOf(history, TEAM)).toContainText(date(TRANSFER_DAY))
  await expect(rowOf(history, FIRST_TEAM)).toContainText('调出')
  await expect(rowOf(history, FIRST_TEAM)).toContainText(date(ENTRY_DAY))
  await shot(page, testInfo, '08-transferred')
  await page.keyboard.press('Escape')

  // ---- 4. 考勤表: the day before entry is greyed and the server refuses it; a day inside is marked 补. ----
  await page.goto(`/project/sheets?month=${MONTH}&keyword=${ID_NUMBER}`)
  const sheet = page.getByTestId('sheet-table')
  await expect(page.getByTestId('sheets-page')).toContainText(`${MONTH} 月度考勤表`)
  await expect(sheet.locator('.ant-table-row')).toHaveCount(1)
  const cell = (day: number) => sheet.locator(`[data-testid^="cell-"][data-testid$="-${day}"]`)
  const before = cell(BEFORE_ENTRY_DAY)
  await expect(before).toHaveAttribute('data-off-site', '1')
  await expect(before).toHaveAttribute('title', new RegExp(`^${date(BEFORE_ENTRY_DAY)} 不在在场期间.*不能补记$`))
  await before.hover()
  await expect(before.locator('..')).toHaveCSS('cursor', 'not-allowed')
  await before.click()
  await expect(page.getByTestId('correct-form')).toHaveCount(0)
  const workerId = (await before.getAttribute('data-testid'))!.split('-')[1]
  const token = (await cookieValue(page, 'Admin-Token')) ?? ''
  const refused = await page.request.post('/builder/attendance/v1/Sheet/correct', {
    headers: { 'X-Token': token },
    form: { workerId, day: date(BEFORE_ENTRY_DAY), attended: '1', reason: REASON },
  })
  const answer = (await refused.json()) as { code: number; message: string }
  expect(answer.code).toBe(401)
  expect(answer.message).toBe(
    `${date(BEFORE_ENTRY_DAY)} 不在该工人的在场期间（${date(ENTRY_DAY)} 至 ${date(TRANSFER_DAY - 1)}、进场 ${date(TRANSFER_DAY)} 起），不能补记出勤`,
  )
  await expect(before).toHaveText('')
  await shot(page, testInfo, '09-sheet-before-entry-greyed')

  await cell(TRANSFER_DAY).click()
  const correct = page.getByTestId('correct-form')
  await expect(correct).toContainText(`${NAME}`)
  await expect(correct).toContainText(`${date(TRANSFER_DAY)}，当前：无考勤记录`)
  await page.getByTestId('correct-reason').fill(REASON)
  await shot(page, testInfo, '10-sheet-correct-inside')
  await page.getByTestId('correct-save').click()
  await expect(correct).toHaveCount(0)
  await expect(cell(TRANSFER_DAY)).toHaveText('补')
  await expect(sheet.locator('.ant-table-row').locator('.ant-table-cell').nth(-2)).toHaveText('1')
  await shot(page, testInfo, '11-sheet-corrected')

  // ---- 5. 工资核算: the team's sheet for the month, checked line by line, confirmed. ----
  await page.goto('/project/accounting')
  const accounting = pane(page)
  await button(accounting, '新建工资表').click()
  const create = modal(page, '新建工资表')
  await pick(create.getByTestId('sheet-month'), MONTH)
  await pickOption(page, create.locator('.ant-form-item').filter({ hasText: '参建单位' }).locator('.ant-select'), UNIT)
  await pickOption(page, create.locator('.ant-form-item').filter({ hasText: '班组' }).locator('.ant-select'), TEAM)
  await button(create, '生成').click()
  await expect(toast(page, '工资表已生成')).toBeVisible()
  const drawer = modal(page, `${MONTH} 工资表 · ${UNIT} · ${TEAM}`)
  await expect(drawer).toBeVisible()
  const lines = drawer.locator('.ant-table')
  // Paid one day at his wage, the day marked 补; not the day before his entry.
  const ours = rowOf(lines, NAME)
  await expect(ours.locator('td').nth(2)).toHaveText('1')
  await expect(ours.locator('td').nth(5)).toHaveText(`${DAILY_WAGE}.00/日`)
  await expect(ours.locator('td').nth(9)).toHaveText(`${DAILY_WAGE}.00`)
  await expect(ours.locator('td').nth(11)).toHaveText(`${masked(CARD)}中国建设银行`)
  const rows = await lines.locator('tbody tr.ant-table-row').all()
  let total = 0
  for (const row of rows) total += fen(await row.locator('td').nth(9).innerText())
  await expect(drawer.getByTestId('sheet-totals')).toContainText(`${rows.length} 人`)
  await expect(drawer.getByTestId('sheet-totals')).toContainText(`实发 ${grouped(total)} 元`)
  await shot(page, testInfo, '12-wage-sheet')
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()

  const sheetRow = rowOf(accounting.locator('.ant-table'), TEAM).filter({ hasText: MONTH })
  await expect(sheetRow).toHaveCount(1)
  await button(sheetRow, '确认').click()
  const askSheet = page.getByTestId('pay-summary')
  await expect(askSheet.locator('.ant-descriptions-row').filter({ hasText: '发放人数' })).toContainText(`${rows.length} 人`)
  await expect(askSheet.locator('.ant-descriptions-row').filter({ hasText: '实发合计' })).toContainText(`¥${grouped(total)}`)
  await page.waitForTimeout(400) // the confirm's zoom-in
  await shot(page, testInfo, '13-sheet-confirm-asks')
  await button(confirmDialog(page), '确认').click()
  await expect(toast(page, '操作成功!')).toBeVisible()
  await expect(sheetRow).toContainText('已确认')

  // ---- 6. 提交审核: the confirmation shows the balance after; the order awaits approval. ----
  await page.goto('/special/information')
  const balanceText = await page.getByTestId('information-balance').locator('.ant-statistic-content').innerText()
  const balance = fen(balanceText)
  await shot(page, testInfo, '14-balance')
  await page.goto('/project/issue')
  const issue = pane(page)
  await pick(issue.getByTestId('issue-month'), MONTH)
  await expect(issue.getByTestId('issue-balance')).toHaveText(`${grouped(balance)} 元`)
  const issueRow = rowOf(issue.locator('.ant-table'), TEAM)
  await expect(issueRow).toContainText(grouped(total))
  await issueRow.locator('input[type=checkbox]').check()
  await expect(issue.getByTestId('issue-total')).toHaveText(grouped(total))
  await issue.locator('textarea').fill(`${MONTH} ${TEAM}工资`)
  await button(issue, '提交审核').click()
  await expect(page.getByTestId('pay-summary')).toContainText(`¥${grouped(total)}`)
  await expect(page.getByTestId('pay-balance-after')).toHaveText(`¥${grouped(balance - total)}`)
  await page.waitForTimeout(400) // the confirm's zoom-in
  await shot(page, testInfo, '15-order-confirm-asks')
  await button(confirmDialog(page), '提交审核').click()
  await expect(toast(page, '工资单已提交，等待财务审核')).toBeVisible()
  await expect(page).toHaveURL(/\/special\/orderDetail\?id=\d+$/)
  const order = pane(page)
  await expect(order.getByTestId('order-total')).toHaveText(grouped(total))
  await expect(order).toContainText('待审核')
  await expect(rowOf(order.getByTestId('order-payouts').locator('.ant-table'), NAME)).toContainText(`${DAILY_WAGE}.00`)
  await shot(page, testInfo, '16-order-awaiting-approval')
})
