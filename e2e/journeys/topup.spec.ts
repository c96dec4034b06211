/**
 * A backdated raise is paid in full, once (issue 28 items 3 and 5). 周补差 of the journey's own team worked three
 * days of the previous month at 300.00 a day, and that sheet was paid. The clerk raises his standard to 350.00
 * from the month's first day: the server says the three paid days will be topped up; 工资核查 lists them paid
 * below the standard in force; the next sheet of the team is a 补充工资表 with one 补差 line, "补差 3 天 × 50.00",
 * each day with its standards and the sheet that paid it first, and the sheet exports with its 计发日期. The clerk
 * confirms and submits it; the approver reads each line's dates in the basis and approves; nothing is left to
 * top up.
 */
import type { Locator, Page } from '@playwright/test'
import { expect, test, builderCall, button, checkDigit, chooseIdNumberCheck, confirmDialog, FINANCE, login, loginAsDemo, modal, pickMonth, pickOption, rowOf, shot, toast, toastsGone } from './support'
import { idNumber } from './xlsx'

const CHINA_NOW = new Date(Date.now() + 8 * 3600_000)
const YEAR = CHINA_NOW.getUTCMonth() === 0 ? CHINA_NOW.getUTCFullYear() - 1 : CHINA_NOW.getUTCFullYear()
const MONTH_NUMBER = CHINA_NOW.getUTCMonth() === 0 ? 12 : CHINA_NOW.getUTCMonth()
const MM = String(MONTH_NUMBER).padStart(2, '0')
const MONTH = `${YEAR}-${MM}`
const date = (day: number) => `${MONTH}-${String(day).padStart(2, '0')}`
/** The days worked and paid at 300.00: `MM-03~MM-05` as every view writes them. */
const DAYS = [3, 4, 5]
const DATES = `${MM}-03~${MM}-05`

const CONTRACTOR = '河南省第一建筑工程集团有限责任公司'
const TEAM = '补差班'
const WORKER = { name: '周补差', idNumber: idNumber('410181', '19820917', 611), phone: '13800007901' }
const CARD = '62170000129990009' + checkDigit('62170000129990009')
const FINANCE_ID_NUMBER = '410105198805123025'
const REASON = '忘带身份证未刷卡，班组长确认当天出勤'

/** The shown page of the keep-alive outlet. */
const pane = (page: Page): Locator => page.locator('[data-testid="page-pane"]:not([hidden])')

async function logout(page: Page) {
  await page.context().clearCookies()
  await page.evaluate(() => localStorage.clear())
  await page.goto('/login')
}

/** The approver's calls of the first order, as the finance shell makes them (its approval is not this journey's). */
async function approveByApi(page: Page, order: number) {
  const signedIn = await page.request.post('/finance/common/v1/Public/Financelogin', {
    form: { username: FINANCE.username, password: Buffer.from(FINANCE.password).toString('base64'), captcha: 'abcd' },
  })
  const token = ((await signedIn.json()) as { data: { phpsessid: string } }).data.phpsessid
  for (const [url, form] of [
    ['/finance/project/v1/orders/VerifyIdnumber', { id: String(order), idnumber: FINANCE_ID_NUMBER }],
    ['/finance/project/v1/orders/Orderaudit', { id: String(order), status: '1' }],
  ] as const) {
    const reply = (await (await page.request.post(url, { headers: { 'X-Token': token }, form })).json()) as { code: number; message: string }
    expect(reply.code, `${url}: ${reply.message}`).toBe(201)
  }
}

test('a backdated raise is topped up on a 补充工资表, approved with each line\'s dates, and paid once', async ({ page }, testInfo) => {
  test.setTimeout(240_000)
  await loginAsDemo(page)

  // ---- 0. The journey's own team and worker, three days of the previous month, their sheet paid. ----
  const options = await builderCall<{ units: { id: number; name: string }[] }>(page, 'GET', '/builder/wage/v1/Sheet/options', {})
  const unitId = String(options.units.find((unit) => unit.name === CONTRACTOR)!.id)
  await builderCall(page, 'POST', '/builder/team/v1/Team/ajax_save', {
    unit_id: unitId, name: TEAM, leader_name: '郑伟', leader_phone: '13937112345', leader_id_number: '411721198305306611', work_type: '3', entry_date: date(1),
  })
  const teams = await builderCall<{ teams: { value: number; label: string }[] }>(page, 'GET', '/builder/user/v1/Worker/options', {})
  const teamId = String(teams.teams.find((team) => team.label === TEAM)!.value)
  await builderCall(page, 'POST', '/builder/user/v1/Worker/register', {
    name: WORKER.name, idNumber: WORKER.idNumber, ethnicity: '汉', address: '河南省郑州市金水区文化路1号', issuingAuthority: '郑州市公安局金水分局',
    validFrom: '2016-05-01', validTo: '长期', phone: WORKER.phone, wageCardNumber: CARD, wageCardBank: '105', unitId,
    teamId, workType: '3', wageKind: 'day', wage: '300', contractSigned: '1', contractStart: date(1), contractEnd: `${YEAR + 1}-12-31`, entryDate: date(1),
  })
  const roster = await builderCall<{ list: { id: number; workerId: number }[] }>(page, 'GET', '/builder/user/v1/Worker/list', {
    idNumber: WORKER.idNumber, page: '1', limit: '10',
  })
  const { id: lineId, workerId } = roster.list[0]
  for (const day of DAYS) {
    await builderCall(page, 'POST', '/builder/attendance/v1/Sheet/correct', { workerId: String(workerId), day: date(day), attended: '1', reason: REASON })
  }
  const first = await builderCall<number>(page, 'POST', '/builder/wage/v1/Sheet/create', { month: MONTH, unitId, teamId })
  await builderCall(page, 'POST', '/builder/wage/v1/Sheet/confirm', { id: String(first) })
  const firstOrder = await builderCall<number>(page, 'POST', '/builder/wage/v1/Order/submit', { month: MONTH, sheetIds: String(first) })
  await approveByApi(page, firstOrder)

  // ---- 1. The raise from the month's first day: the server says the paid days will be topped up. ----
  await page.goto(`/user/list?worker=${lineId}`)
  await expect(page.getByTestId('worker-detail')).toContainText(WORKER.idNumber)
  await page.getByTestId('worker-wage').click()
  const dialog = modal(page, `调整工资标准：${WORKER.name}`)
  await expect(dialog.getByTestId('wage-current')).toHaveText('现行标准：300.00 元/日')
  await dialog.getByTestId('wage-amount').fill('350')
  await pickMonth(dialog.getByTestId('wage-effective'), date(1))
  await shot(page, testInfo, '01-raise-backdated')
  await dialog.getByTestId('wage-submit').click()
  await expect(toast(page, `已保存。已计发的3天（${DATES}）按新标准计算的差额，将在新建该月补充工资表时补发（补差）`)).toBeVisible()
  await expect(dialog).toBeHidden()
  await shot(page, testInfo, '02-raise-notice')

  // ---- 2. 工资核查 lists the days paid below the standard in force. ----
  await page.goto('/user/salaryCheck')
  // The month it proposes is the previous one, the month being paid.
  const check = pane(page)
  await pickOption(page, check.getByTestId('check-kind'), '已计发日低于现行工资标准')
  const below = rowOf(check.locator('.ant-table'), WORKER.name).filter({ hasText: '已计发日低于现行工资标准' })
  await expect(below).toContainText(`3天已计发的工资低于现行工资标准：${DATES}（300.00→350.00元/日），少计150.00元，请编制补充工资表补差`)
  await expect(below.getByTestId(`check-accounting-below_rate-${workerId}`)).toHaveText('编制补充工资表')
  await toastsGone(page)
  await shot(page, testInfo, '03-salary-check-below-rate')

  // ---- 3. The 补充工资表: one 补差 line, each day with its standards and the sheet that paid it first. ----
  await below.getByTestId(`check-accounting-below_rate-${workerId}`).click()
  await expect(page).toHaveURL(/\/project\/accounting$/)
  const accounting = pane(page)
  await button(accounting, '新建工资表').click()
  const create = modal(page, '新建工资表')
  await pickMonth(create.getByTestId('sheet-month'), MONTH)
  await pickOption(page, create.locator('.ant-form-item').filter({ hasText: '参建单位' }).locator('.ant-select'), CONTRACTOR)
  await pickOption(page, create.locator('.ant-form-item').filter({ hasText: '班组' }).locator('.ant-select'), TEAM)
  await button(create, '生成').click()
  await expect(toast(page, '补充工资表（第2张）已生成')).toBeVisible()
  const drawer = modal(page, `${MONTH} 补充工资表（第2张） · ${CONTRACTOR} · ${TEAM}`)
  const lines = drawer.locator('.ant-table')
  await expect(lines.locator('tbody tr.ant-table-row')).toHaveCount(1)
  const line = rowOf(lines, WORKER.name)
  await expect(line.locator('td').nth(2)).toHaveText('0')
  await expect(line.locator('td').nth(6)).toHaveText('150.00')
  await expect(line.getByTestId(/^paid-\d+-dates$/)).toHaveText('—')
  await expect(line.getByTestId(/^paid-\d+-topup$/)).toHaveText(`补差 ${DATES}（300.00→350.00元/日）`)
  await line.getByTestId(/^payable-/).hover()
  await expect(page.locator('.ant-popover:visible')).toContainText('补差 3 天 × 50.00元 = 150.00元')
  await page.mouse.move(0, 0)
  await line.getByTestId(/^paid-\d+-toggle$/).click()
  const days = drawer.getByTestId(/^paid-detail-\d+$/)
  for (const day of DAYS) await expect(days).toContainText(`${MM}-0${day} 补差 300.00→350.00元/日`)
  await expect(days.getByTestId(/-elsewhere$/)).toContainText(`${MONTH} 工资表 · ${TEAM}（编号${first}）（已发放）：${DATES}`)
  await toastsGone(page)
  await shot(page, testInfo, '04-supplementary-topup-line')
  const exported = page.waitForEvent('download')
  await drawer.getByTestId('sheet-export').click()
  expect((await exported).suggestedFilename()).toBe(`${MONTH} 补充工资表（第2张） ${CONTRACTOR} ${TEAM}.xlsx`)
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()

  // ---- 4. Confirmed and submitted. ----
  const sheetRow = rowOf(accounting.locator('.ant-table'), '补充工资表（第2张）').filter({ hasText: TEAM })
  await button(sheetRow, '确认').click()
  await expect(page.getByTestId('pay-summary')).toContainText('¥150.00')
  await button(confirmDialog(page), '确认').click()
  await expect(toast(page, '操作成功!').first()).toBeVisible()
  await expect(sheetRow).toContainText('已确认')
  await page.goto('/project/issue')
  const issue = pane(page)
  await pickMonth(issue.getByTestId('issue-month'), MONTH)
  await rowOf(issue.locator('.ant-table'), TEAM).locator('input[type=checkbox]').check()
  await expect(issue.getByTestId('issue-total')).toHaveText('150.00')
  await issue.locator('textarea').fill(`${MONTH} ${TEAM}补差`)
  await button(issue, '提交审核').click()
  await expect(page.getByTestId('pay-summary')).toContainText('¥150.00')
  await button(confirmDialog(page), '提交审核').click()
  await expect(toast(page, '工资单已提交，等待财务审核')).toBeVisible()
  await expect(page).toHaveURL(/\/special\/orderDetail\?id=\d+$/)
  await expect(pane(page).getByTestId('order-total')).toHaveText('150.00')
  const orderNo = ((await pane(page).locator('.ant-card-head-title').first().innerText()).match(/GZ\d{20,}/) ?? [''])[0]
  expect(orderNo).toMatch(/^GZ\d{20,}$/)

  // ---- 5. The approver reads the line's dates in the basis and approves. ----
  await logout(page)
  await login(page, FINANCE)
  await button(rowOf(pane(page).locator('.ant-table'), orderNo), '审核').click()
  const review = pane(page)
  await expect(review.getByTestId('order-total')).toHaveText('150.00')
  const basis = rowOf(review.getByTestId('order-basis').locator('.ant-table'), WORKER.name)
  await expect(basis.getByTestId(/^basis-paid-\d+-topup$/)).toHaveText(`补差 ${DATES}（300.00→350.00元/日）`)
  await basis.getByTestId(/^basis-paid-\d+-toggle$/).click()
  const opened = review.getByTestId(/^basis-paid-detail-\d+$/)
  await expect(opened).toContainText(`本行计发：无补差：${DATES}（300.00→350.00元/日）`)
  await expect(opened).toContainText(`本月其他工资表已计发：${MONTH} 工资表 · ${TEAM}（编号${first}）（已发放）：${DATES}`)
  await expect(page.locator('.ant-drawer-open')).toHaveCount(0)
  await opened.scrollIntoViewIfNeeded()
  await shot(page, testInfo, '05-approver-basis-dates')
  await button(review, '审核通过').click()
  const verify = modal(page, '身份验证')
  await chooseIdNumberCheck(verify)
  await verify.getByTestId('verify-id').fill(FINANCE_ID_NUMBER)
  await button(verify, '验证').click()
  await expect(toast(page, `审核通过，已全部支付 150.00 元：${orderNo}`)).toBeVisible()
  await shot(page, testInfo, '06-approved')

  // ---- 6. Made good: nothing is left to top up. ----
  await logout(page)
  await loginAsDemo(page)
  const again = await page.request.post('/builder/wage/v1/Sheet/create', {
    headers: { 'X-Token': (await page.context().cookies()).find((cookie) => cookie.name === 'Admin-Token')?.value ?? '' },
    form: { month: MONTH, unitId, teamId },
  })
  expect(((await again.json()) as { message: string }).message).toBe('该单位（班组）本月没有需要计发的出勤')
})
