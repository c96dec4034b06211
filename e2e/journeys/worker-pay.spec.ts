/**
 * The worker's own pages (issue 31), the phone parts at 375 × 812: 吴确认 works the previous month in 确认甲班,
 * then in 确认乙班 from mid-month. The clerk builds and confirms both teams' wage sheets; the worker logs in at
 * /w/login with his ID number and the SMS code, reads his attendance and his pay slips, confirms 甲班's line and
 * disputes 乙班's (出勤天数不对); the clerk answers the dispute on the sheet and submits both sheets; the approver
 * sees the workers' confirmations on the order's basis and approves; the worker sees 已发放 with the bank's
 * reference. Screenshots of the phone pages go to e2e/test-results/phone/worker-*.png.
 */
import path from 'node:path'
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test'
import { expect, test, PHONE_SHOTS, phoneShot, FINANCE, builderCall, button, checkDigit, chooseIdNumberCheck, confirmDialog, fen, grouped, login, loginAsDemo, modal, pickMonth, pickOption, rowOf, smsCode, toast, toastsGone } from './support'
import { DEMO_TERMINAL, pushPunches, type Punch } from './device'
import { idNumber } from './xlsx'
import { YEAR, MONTH, date, WEEKDAYS } from './lastMonth'

/** He works in 乙班 from this day on. */
const TRANSFER_DAY = WEEKDAYS.find((day) => day >= 16)!

const CONTRACTOR = '河南省第一建筑工程集团有限责任公司'
const TEAM_A = '确认甲班'
const TEAM_B = '确认乙班'
const WORKER = { name: '吴确认', idNumber: idNumber('410181', '19900214', 735), phone: '13800007931' }
const CARD = '62170000129990031' + checkDigit('62170000129990031')
const FINANCE_ID_NUMBER = '410105198805123025'
const DISPUTE_TEXT = '月底两天在乙班加班出勤，工资表没有计入'
const ANSWER = '已核对考勤机记录，月底两天未打卡；如有班组长证明请补交，下月补发'

/** The shown page of the console's keep-alive outlet. */
const pane = (page: Page): Locator => page.locator('[data-testid="page-pane"]:not([hidden])')

async function consoleLogout(page: Page) {
  await page.context().clearCookies()
  await page.evaluate(() => localStorage.clear())
  await page.goto('/login')
}

/** A phone: its own browser context (cookies apart from the console's), 375 × 812, touch. */
async function phone(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, locale: 'zh-CN' })
}


/** 工资核算 → 新建工资表 for a team of the contractor in the month; closes the drawer that opens. */
async function createSheet(page: Page, team: string) {
  await page.goto('/project/accounting')
  await button(pane(page), '新建工资表').click()
  const create = modal(page, '新建工资表')
  await pickMonth(create.getByTestId('sheet-month'), MONTH)
  await pickOption(page, create.locator('.ant-form-item').filter({ hasText: '参建单位' }).locator('.ant-select'), CONTRACTOR)
  await pickOption(page, create.locator('.ant-form-item').filter({ hasText: '班组' }).locator('.ant-select'), team)
  await button(create, '生成').click()
  await expect(toast(page, '工资表已生成')).toBeVisible()
  const drawer = modal(page, `${MONTH} 工资表 · ${CONTRACTOR} · ${team}`)
  await expect(drawer.locator('tbody tr.ant-table-row')).toHaveCount(1)
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
}

const sheetRow = (page: Page, team: string) => rowOf(pane(page).locator('.ant-table').first(), team).filter({ hasText: MONTH })

test('the worker reads, confirms and disputes his pay on his phone; the clerk answers; the approver sees it; he sees it paid', async ({ page, browser, baseURL, server }) => {
  test.setTimeout(300_000)
  await loginAsDemo(page)

  // ---- 0. The journey's own teams and worker, through the API; his month's punches through the device API. ----
  const options = await builderCall<{ units: { id: number; name: string }[] }>(page, 'GET', '/builder/wage/v1/Sheet/options', {})
  const unitId = String(options.units.find((unit) => unit.name === CONTRACTOR)!.id)
  for (const name of [TEAM_A, TEAM_B]) {
    await builderCall(page, 'POST', '/builder/team/v1/Team/ajax_save', {
      unit_id: unitId, name, leader_name: '郑伟', leader_phone: '13937112345', leader_id_number: '411721198305306611', work_type: '3', entry_date: date(1),
    })
  }
  const teams = await builderCall<{ teams: { value: number; label: string }[] }>(page, 'GET', '/builder/user/v1/Worker/options', {})
  const teamId = (name: string) => String(teams.teams.find((team) => team.label === name)!.value)
  await builderCall(page, 'POST', '/builder/user/v1/Worker/register', {
    name: WORKER.name, idNumber: WORKER.idNumber, ethnicity: '汉', address: '河南省郑州市金水区文化路1号', issuingAuthority: '郑州市公安局金水分局',
    validFrom: '2016-05-01', validTo: '长期', phone: WORKER.phone, wageCardNumber: CARD, wageCardBank: '105', unitId,
    teamId: teamId(TEAM_A), workType: '3', wageKind: 'day', wage: '350', contractSigned: '1', contractStart: date(1),
    contractEnd: `${YEAR + 1}-12-31`, entryDate: date(1),
  })
  const roster = await builderCall<{ list: { id: number }[] }>(page, 'GET', '/builder/user/v1/Worker/list', { idNumber: WORKER.idNumber, page: '1', limit: '10' })
  await builderCall(page, 'POST', '/builder/user/v1/Worker/transfer', {
    id: String(roster.list[0].id), date: date(TRANSFER_DAY), unitId, teamId: teamId(TEAM_B), workType: '3',
  })
  const punches: Punch[] = WEEKDAYS.flatMap((day) => [
    { idNumber: WORKER.idNumber, time: `${date(day)} 07:58:00`, direction: 'in' as const },
    { idNumber: WORKER.idNumber, time: `${date(day)} 17:31:00`, direction: 'out' as const },
  ])
  const pushed = await pushPunches(baseURL!, DEMO_TERMINAL, punches)
  expect(pushed.code, JSON.stringify(pushed)).toBe(201)

  // ---- 1. The clerk builds both teams' sheets and confirms them: the worker is asked to confirm each line. ----
  for (const team of [TEAM_A, TEAM_B]) await createSheet(page, team)
  await page.goto('/project/accounting')
  for (const team of [TEAM_A, TEAM_B]) {
    const row = sheetRow(page, team)
    await button(row, '确认').click()
    await expect(page.getByTestId('pay-summary')).toBeVisible()
    await button(confirmDialog(page), '确认').click()
    await expect(row).toContainText('已确认')
  }
  const sheets = await builderCall<{ list: { id: number; teamName: string }[] }>(page, 'GET', '/builder/wage/v1/Sheet/list', { month: MONTH, limit: '100' })
  const lineOf = async (team: string) => {
    const sheetId = sheets.list.find((sheet) => sheet.teamName === team)!.id
    const detail = await builderCall<{ lines: { list: { id: number; net: string; days: number }[] } }>(page, 'GET', '/builder/wage/v1/Sheet/detail', {
      id: String(sheetId), limit: '100',
    })
    return detail.lines.list[0]
  }
  const lineA = await lineOf(TEAM_A)
  const lineB = await lineOf(TEAM_B)

  // ---- 2. The worker, on his phone: a page of his without a session goes to /w/login, which keeps it. ----
  const worker = await phone(browser, baseURL!)
  const mobile = await worker.newPage()
  await mobile.goto('/w/wages')
  await expect(mobile).toHaveURL(/\/w\/login\?redirect=%2Fw%2Fwages$/)
  await expect(mobile.getByTestId('worker-login')).toBeVisible()
  await expect(mobile.locator('.ant-layout-sider, [data-testid="sidebar"]')).toHaveCount(0)
  await mobile.getByTestId('worker-id-number').fill(WORKER.idNumber)
  await mobile.getByTestId('worker-send-code').click()
  await expect(mobile.getByTestId('worker-login-note')).toHaveText('如该身份证号已登记，验证码已发送至登记手机')
  await expect(mobile.getByTestId('worker-send-code')).toContainText('秒后重发')
  const code = smsCode(server, WORKER.phone)
  expect(code).toMatch(/^\d{6}$/)
  await mobile.getByTestId('worker-code').fill(code)
  await phoneShot(mobile, 'worker-login')
  await mobile.getByTestId('worker-login-submit').click()
  await expect(mobile).toHaveURL(/\/w\/wages$/)

  // His wage lines: both months' lines wait for him.
  const entryA = mobile.getByTestId(`my-wage-${lineA.id}`)
  const entryB = mobile.getByTestId(`my-wage-${lineB.id}`)
  await expect(entryA.getByTestId('my-wage-state')).toHaveText('待确认')
  await expect(entryB.getByTestId('my-wage-state')).toHaveText('待确认')
  await expect(entryA.getByTestId('my-wage-net')).toHaveText(`¥${grouped(fen(lineA.net))}`)
  await expect(mobile.getByTestId('my-wages-to-confirm')).toContainText('等待您确认')
  await phoneShot(mobile, 'worker-wages')

  // His home: name, the project, team, work type, entry and the wage standard.
  await mobile.getByTestId('worker-tab-home').click()
  await expect(mobile.getByTestId('my-name')).toHaveText(WORKER.name)
  await expect(mobile.getByTestId('my-home')).toContainText(TEAM_B)
  await expect(mobile.getByTestId('my-home')).toContainText(date(1))
  await expect(mobile.getByTestId('my-project-rate').first()).toHaveText('¥350.00/日')
  await phoneShot(mobile, 'worker-home')

  // ---- 3. His attendance: the month's worked days, a day's punch times. ----
  await mobile.goto(`/w/attendance?month=${MONTH}`)
  await expect(mobile.getByTestId('my-attendance-counts')).toContainText(`出勤 ${WEEKDAYS.length} 天`)
  const worked = mobile.getByTestId(`my-day-${date(WEEKDAYS[0])}`)
  await expect(worked).toHaveAttribute('data-status', 'attended')
  await worked.click()
  await expect(mobile.getByTestId('my-day-punches')).toHaveText('打卡时间：07:58、17:31')
  await phoneShot(mobile, 'worker-attendance')

  // ---- 4. 甲班's pay slip: confirmed. ----
  await mobile.goto(`/w/wages/${lineA.id}`)
  const slip = mobile.getByTestId('pay-slip')
  await expect(slip.getByTestId('pay-slip-net')).toHaveText(`¥${grouped(fen(lineA.net))}`)
  await expect(slip.getByTestId('pay-slip-days')).toHaveText(`${lineA.days} 天`)
  await expect(slip.getByTestId('pay-slip-dates').locator('tbody tr')).toHaveCount(lineA.days)
  await phoneShot(mobile, 'worker-payslip')
  await mobile.getByTestId('pay-slip-confirm').click()
  await button(confirmDialog(mobile), '确认无误').click()
  await expect(slip.getByTestId('pay-slip-state')).toHaveText('已确认')
  await expect(slip.getByTestId('pay-slip-confirm')).toHaveCount(0)

  // ---- 5. 乙班's: disputed, the days are wrong. ----
  await mobile.goto(`/w/wages/${lineB.id}`)
  await mobile.getByTestId('pay-slip-dispute').click()
  const dispute = mobile.getByTestId('dispute-form')
  await expect(dispute.getByTestId('dispute-reason-not_received')).toHaveCount(0)
  await dispute.getByTestId('dispute-reason-days').click()
  await dispute.getByTestId('dispute-text').fill(DISPUTE_TEXT)
  await phoneShot(mobile, 'worker-dispute')
  await dispute.getByTestId('dispute-submit').click()
  await expect(slip.getByTestId('pay-slip-state')).toHaveText('有异议')
  await expect(slip.getByTestId('pay-slip-dispute-reason')).toHaveText('出勤天数不对')
  await expect(slip.getByTestId('pay-slip-confirmation')).toContainText(DISPUTE_TEXT)

  // ---- 6. The clerk sees both answers on the sheets and answers the dispute. ----
  await page.goto('/project/accounting')
  await button(sheetRow(page, TEAM_A), '查看').click()
  const drawerA = modal(page, `${MONTH} 工资表 · ${CONTRACTOR} · ${TEAM_A}`)
  await expect(rowOf(drawerA.locator('.ant-table'), WORKER.name).getByTestId('worker-confirmation')).toContainText('已确认')
  await page.keyboard.press('Escape')
  await expect(drawerA).toBeHidden()
  await button(sheetRow(page, TEAM_B), '查看').click()
  const drawerB = modal(page, `${MONTH} 工资表 · ${CONTRACTOR} · ${TEAM_B}`)
  const disputed = rowOf(drawerB.locator('.ant-table'), WORKER.name)
  await expect(disputed.getByTestId('worker-confirmation')).toContainText('有异议出勤天数不对')
  await expect(disputed.getByTestId('worker-confirmation')).toContainText('未答复')
  await disputed.getByTestId(`answer-dispute-${lineB.id}`).click()
  const answer = modal(page, `答复异议 · ${WORKER.name}`)
  await expect(answer.getByTestId('answer-dispute')).toContainText(DISPUTE_TEXT)
  await answer.getByTestId('answer-text').fill(ANSWER)
  await answer.getByTestId('answer-submit').click()
  await expect(toast(page, '已答复')).toBeVisible()
  await expect(answer).toBeHidden()
  await expect(disputed.getByTestId('worker-confirmation-answer')).toContainText(ANSWER)
  await toastsGone(page)
  await page.screenshot({ path: path.join(PHONE_SHOTS, 'worker-clerk-sheet-answered.png'), animations: 'disabled' })
  await page.keyboard.press('Escape')
  await expect(drawerB).toBeHidden()

  // The worker reads the answer on his pay slip.
  await mobile.reload()
  await expect(mobile.getByTestId('pay-slip-answer')).toContainText(ANSWER)
  await phoneShot(mobile, 'worker-dispute-answered')

  // ---- 7. Both sheets submitted as one order. ----
  const total = fen(lineA.net) + fen(lineB.net)
  await page.goto('/project/issue')
  const issue = pane(page)
  await pickMonth(issue.getByTestId('issue-month'), MONTH)
  for (const team of [TEAM_A, TEAM_B]) await rowOf(issue.locator('.ant-table'), team).locator('input[type=checkbox]').check()
  await expect(issue.getByTestId('issue-total')).toHaveText(grouped(total))
  await issue.locator('textarea').fill(`${MONTH} 确认甲班、乙班工资`)
  await button(issue, '提交审核').click()
  await button(confirmDialog(page), '提交审核').click()
  await expect(toast(page, '工资单已提交，等待财务审核')).toBeVisible()
  await expect(pane(page).getByTestId('order-total')).toHaveText(grouped(total))
  const orderNo = ((await pane(page).locator('.ant-card-head-title').first().innerText()).match(/GZ\d{20,}/) ?? [''])[0]
  expect(orderNo).toMatch(/^GZ\d{20,}$/)

  // ---- 8. The approver sees the workers' answers on the basis, then approves. ----
  await consoleLogout(page)
  await login(page, FINANCE)
  await button(rowOf(pane(page).locator('.ant-table'), orderNo), '审核').click()
  const review = pane(page)
  await expect(review.getByTestId('order-total')).toHaveText(grouped(total))
  await expect(review.getByTestId('basis-confirmations')).toContainText('未确认 0 人')
  await expect(review.getByTestId('basis-confirmations')).toContainText('有异议 1 人')
  const basisLines = review.getByTestId('order-basis').locator('tbody tr.ant-table-row')
  await expect(basisLines.filter({ hasText: TEAM_A }).getByTestId('worker-confirmation')).toContainText('已确认')
  await expect(basisLines.filter({ hasText: TEAM_B }).getByTestId('worker-confirmation')).toContainText(ANSWER)
  await page.screenshot({ path: path.join(PHONE_SHOTS, 'worker-approver-basis.png'), animations: 'disabled' })
  await button(review, '审核通过').click()
  const verify = modal(page, '身份验证')
  await chooseIdNumberCheck(verify)
  await verify.getByTestId('verify-id').fill(FINANCE_ID_NUMBER)
  await button(verify, '验证').click()
  await expect(toast(page, `审核通过，已全部支付 ${grouped(total)} 元：${orderNo}`)).toBeVisible()

  // ---- 9. The worker sees 已发放 with the bank's reference. ----
  await mobile.goto('/w/wages')
  await expect(mobile.getByTestId(`my-wage-${lineA.id}`).getByTestId('my-wage-state')).toHaveText('已发放')
  await mobile.getByTestId(`my-wage-${lineA.id}`).click()
  await expect(mobile).toHaveURL(new RegExp(`/w/wages/${lineA.id}$`))
  await expect(slip.getByTestId('pay-slip-state')).toHaveText('已发放')
  await expect(slip.getByTestId('pay-slip-bank-ref')).not.toHaveText('')
  // Paid: only 未收到工资 is left to say.
  await expect(slip.getByTestId('pay-slip-dispute')).toHaveText('未收到工资')
  await phoneShot(mobile, 'worker-paid')
  await worker.close()
})
