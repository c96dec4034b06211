/**
 * A month paid exactly once (issue 11): two workers of the journey's own teams in the previous month — 钱夜班,
 * a day worker who does one night shift (20:00 → 06:00) and moves from 甲班 to 乙班 mid-month, and 孙月薪, on
 * a monthly wage all month. The clerk reads the 计薪规则, builds and confirms both teams' wage sheets (the
 * rule, the working days and each line's basis printed on them) and submits them; the approver opens the
 * order and approves it. Two days of 钱夜班 are added afterwards on 考勤表 (补): a new sheet of 乙班 is a
 * 补充工资表 holding only the days no sheet paid; one more day added meanwhile shows as a warning on the
 * draft, which is refreshed, confirmed, submitted and approved. A paid day set absent afterwards is asked
 * about (its pay would be taken back) and left. Every sheet's net total is its order's total and the special
 * account's flows, to the fen.
 */
import type { Locator, Page, TestInfo } from '@playwright/test'
import { expect, test, chooseIdNumberCheck, confirmDialog, FINANCE, builderCall, checkDigit, pickMonth, fen, grouped, login, loginAsDemo, shot, toast, modal, button, rowOf, toastsGone, pickOption } from './support'
import { DEMO_TERMINAL, pushPunches, type Punch } from './device'
import { idNumber } from './xlsx'
import { YEAR, MONTH, date, weekday, WEEKDAYS } from './lastMonth'

// ------------------------------------------------------------------------------------------------------------
// The month: the previous one in China time (the device API takes punches back to its 1st).

/** 钱夜班 works in 乙班 from this day on (the first weekday from the 16th). */
const TRANSFER_DAY = WEEKDAYS.find((day) => day >= 16)!
/** The first Friday from the 3rd: the night shift begins at 20:00 and ends at 06:00 on the Saturday. */
const NIGHT_DAY = WEEKDAYS.find((day) => day >= 3 && weekday(day) === 5)!
/** The month's last two weekdays: not punched, added on 考勤表 after the first sheets were paid. */
const LATE_DAY = WEEKDAYS[WEEKDAYS.length - 2]
const LAST_DAY = WEEKDAYS[WEEKDAYS.length - 1]
/** Day shifts of 钱夜班 (the night shift and the two late days aside). */
const DAY_SHIFTS = WEEKDAYS.filter((day) => day !== NIGHT_DAY && day !== LATE_DAY && day !== LAST_DAY)

// ------------------------------------------------------------------------------------------------------------
// The journey's own people and teams (no other journey uses them).

const CONTRACTOR = '河南省第一建筑工程集团有限责任公司'
const TEAM_A = '核算甲班'
const TEAM_B = '核算乙班'
const NIGHT = { name: '钱夜班', idNumber: idNumber('410181', '19880312', 463), phone: '13800007801', wageKind: 'day', wage: '400' }
const MONTHLY = { name: '孙月薪', idNumber: idNumber('410181', '19790521', 575), phone: '13800007802', wageKind: 'month', wage: '6000' }
const DAILY_FEN = 40_000
const MONTHLY_FEN = 600_000
const card = (body: string) => body + checkDigit(body)
const FINANCE_ID_NUMBER = '410105198805123025'
const REASON = '夜班交接漏刷卡，班组长确认当天出勤'

// ------------------------------------------------------------------------------------------------------------
// Helpers

/** The shown page of the keep-alive outlet. */
const pane = (page: Page): Locator => page.locator('[data-testid="page-pane"]:not([hidden])')

async function logout(page: Page) {
  await page.context().clearCookies()
  await page.evaluate(() => localStorage.clear())
  await page.goto('/login')
}



/** A line of the open wage sheet: days, holidays, overtime, standard, payable, deduction, take-back, net. */
async function lineOf(lines: Locator, name: string) {
  const cells = rowOf(lines, name).locator('td')
  return {
    days: Number(await cells.nth(2).innerText()),
    holidays: Number(await cells.nth(3).innerText()),
    overtime: Number(await cells.nth(4).innerText()),
    wage: await cells.nth(5).innerText(),
    payable: fen(await cells.nth(6).innerText()),
    deduction: fen(await cells.nth(7).innerText()),
    takeBack: fen(await cells.nth(8).innerText()),
    net: fen(await cells.nth(9).innerText()),
  }
}

/** 工资核算 → 新建工资表 for a team of the contractor in the month; the drawer that opens. */
async function createSheet(page: Page, team: string, toastText: string, title: string): Promise<Locator> {
  await page.goto('/project/accounting')
  const accounting = pane(page)
  await button(accounting, '新建工资表').click()
  const create = modal(page, '新建工资表')
  await pickMonth(create.getByTestId('sheet-month'), MONTH)
  await pickOption(page, create.locator('.ant-form-item').filter({ hasText: '参建单位' }).locator('.ant-select'), CONTRACTOR)
  await pickOption(page, create.locator('.ant-form-item').filter({ hasText: '班组' }).locator('.ant-select'), team)
  await button(create, '生成').click()
  await expect(toast(page, toastText)).toBeVisible()
  const drawer = modal(page, title)
  await expect(drawer).toBeVisible()
  return drawer
}

/** Confirms a sheet from the 工资核算 list (the confirmation shows its net total). */
async function confirmSheet(page: Page, row: Locator, net: number) {
  await button(row, '确认').click()
  await expect(page.getByTestId('pay-summary')).toContainText(`¥${grouped(net)}`)
  await button(confirmDialog(page), '确认').click()
  await expect(toast(page, '操作成功!').first()).toBeVisible()
  await expect(row).toContainText('已确认')
}

/** 工资发放: submits the confirmed sheets of these teams as one order; answers its number. */
async function submitOrder(page: Page, teams: string[], total: number, remark: string): Promise<string> {
  await page.goto('/project/issue')
  const issue = pane(page)
  await pickMonth(issue.getByTestId('issue-month'), MONTH)
  for (const team of teams) await rowOf(issue.locator('.ant-table'), team).locator('input[type=checkbox]').check()
  await expect(issue.getByTestId('issue-total')).toHaveText(grouped(total))
  await issue.locator('textarea').fill(remark)
  await button(issue, '提交审核').click()
  await expect(page.getByTestId('pay-summary')).toContainText(`¥${grouped(total)}`)
  await button(confirmDialog(page), '提交审核').click()
  await expect(toast(page, '工资单已提交，等待财务审核')).toBeVisible()
  await expect(page).toHaveURL(/\/special\/orderDetail\?id=\d+$/)
  await expect(pane(page).getByTestId('order-total')).toHaveText(grouped(total))
  const orderNo = ((await pane(page).locator('.ant-card-head-title').first().innerText()).match(/GZ\d{20,}/) ?? [''])[0]
  expect(orderNo).toMatch(/^GZ\d{20,}$/)
  return orderNo
}

/** The approver opens the order, checks its lines (one per sheet line) against the sheets' and approves it (ID number). */
async function approve(page: Page, orderNo: string, total: number, lines: [string, number][], picture: () => Promise<void>,
  flagged?: { name: string; label: string; testInfo: TestInfo }) {
  await logout(page)
  await login(page, FINANCE)
  await button(rowOf(pane(page).locator('.ant-table'), orderNo), '审核').click()
  const review = pane(page)
  await expect(review.getByTestId('order-total')).toHaveText(grouped(total))
  // The basis first: what 工资核查 finds on the order's lines, flagged before anything is approved.
  const banner = review.getByTestId('basis-banner')
  if (flagged) {
    await expect(banner).toContainText('1 条明细存在异常')
    const line = review.getByTestId('order-basis').locator('tbody tr.ant-table-row').filter({ hasText: flagged.name })
    await expect(line.getByTestId('basis-anomaly')).toHaveText(flagged.label)
    await line.click()
    await expect(page.locator('.ant-drawer:visible')).toContainText(flagged.name)
    await shot(page, flagged.testInfo, '04a-approver-line-attendance')
    await page.locator('.ant-drawer:visible .ant-drawer-close').click()
    await expect(page.locator('.ant-drawer-open')).toHaveCount(0)
  } else {
    await expect(banner).toContainText('工资核查未发现异常')
  }
  const rows = review.getByTestId('order-payouts').locator('tbody tr.ant-table-row')
  await expect(rows).toHaveCount(lines.length)
  const shown: [string, number][] = []
  for (const row of await rows.all()) shown.push([await row.locator('td').nth(0).innerText(), fen(await row.locator('td').nth(3).innerText())])
  const sorted = (list: [string, number][]) => [...list].sort((a, b) => a[0].localeCompare(b[0]) || a[1] - b[1])
  expect(sorted(shown)).toEqual(sorted(lines))
  expect(shown.reduce((sum, [, amount]) => sum + amount, 0)).toBe(total)
  await picture()
  await button(review, '审核通过').click()
  const verify = modal(page, '身份验证')
  await chooseIdNumberCheck(verify)
  await verify.getByTestId('verify-id').fill(FINANCE_ID_NUMBER)
  await button(verify, '验证').click()
  await expect(toast(page, `审核通过，已全部支付 ${grouped(total)} 元：${orderNo}`)).toBeVisible()
  await logout(page)
  await loginAsDemo(page)
}

/** 考勤表 of the month for one worker; the cell of a day. */
async function attendanceOf(page: Page, worker: { idNumber: string }) {
  await page.goto(`/project/sheets?month=${MONTH}&keyword=${worker.idNumber}`)
  const sheet = page.getByTestId('sheet-table')
  await expect(page.getByTestId('sheets-page')).toContainText(`${MONTH} 月度考勤表`)
  return (day: number) => sheet.locator(`[data-testid^="cell-"][data-testid$="-${day}"]`).first()
}

/** Marks a day 补 on 考勤表 with the reason. */
async function markAttended(page: Page, worker: { idNumber: string }, day: number) {
  const cell = await attendanceOf(page, worker)
  await cell(day).click()
  await expect(page.getByTestId('correct-form')).toContainText(`${date(day)}，当前：无考勤记录`)
  await page.getByTestId('correct-reason').fill(REASON)
  await page.getByTestId('correct-save').click()
  await expect(page.getByTestId('correct-form')).toHaveCount(0)
  await expect(cell(day)).toHaveText('补')
}

test('a month paid exactly once: night shift, transfer, a paid sheet, a supplementary sheet, sums to the fen', async ({ page, baseURL }, testInfo) => {
  test.setTimeout(240_000)
  await loginAsDemo(page)

  // ---- 0. The journey's own teams and workers, through the API; punches through the device API. ----
  const options = await builderCall<{ units: { id: number; name: string }[] }>(page, 'GET', '/builder/wage/v1/Sheet/options', {})
  const unitId = String(options.units.find((unit) => unit.name === CONTRACTOR)!.id)
  for (const name of [TEAM_A, TEAM_B]) {
    await builderCall(page, 'POST', '/builder/team/v1/Team/ajax_save', {
      unit_id: unitId, name, leader_name: '郑伟', leader_phone: '13937112345', leader_id_number: '411721198305306611', work_type: '3', entry_date: date(1),
    })
  }
  const teams = await builderCall<{ teams: { value: number; label: string; unitId: number }[] }>(page, 'GET', '/builder/user/v1/Worker/options', {})
  const teamId = (name: string) => String(teams.teams.find((team) => team.label === name)!.value)
  for (const [worker, cardBody] of [[NIGHT, '62170000129990001'], [MONTHLY, '62170000129990002']] as const) {
    await builderCall(page, 'POST', '/builder/user/v1/Worker/register', {
      name: worker.name, idNumber: worker.idNumber, ethnicity: '汉', address: '河南省郑州市金水区文化路1号', issuingAuthority: '郑州市公安局金水分局',
      validFrom: '2016-05-01', validTo: '长期', phone: worker.phone, wageCardNumber: card(cardBody), wageCardBank: '105', unitId,
      teamId: teamId(TEAM_A), workType: '3', wageKind: worker.wageKind, wage: worker.wage, contractSigned: '1', contractStart: date(1),
      contractEnd: `${YEAR + 1}-12-31`, entryDate: date(1),
    })
  }
  const roster = await builderCall<{ list: { id: number; workerId: number }[] }>(page, 'GET', '/builder/user/v1/Worker/list', {
    idNumber: NIGHT.idNumber, page: '1', limit: '10',
  })
  // The mid-month transfer: 甲班 until the day before, 乙班 from TRANSFER_DAY.
  await builderCall(page, 'POST', '/builder/user/v1/Worker/transfer', {
    id: String(roster.list[0].id), date: date(TRANSFER_DAY), unitId, teamId: teamId(TEAM_B), workType: '3',
  })
  const shift = (worker: { idNumber: string }, day: number): Punch[] => [
    { idNumber: worker.idNumber, time: `${date(day)} 08:00:00`, direction: 'in' },
    { idNumber: worker.idNumber, time: `${date(day)} 17:00:00`, direction: 'out' },
  ]
  const punches: Punch[] = [
    ...DAY_SHIFTS.flatMap((day) => shift(NIGHT, day)),
    { idNumber: NIGHT.idNumber, time: `${date(NIGHT_DAY)} 20:00:00`, direction: 'in' },
    { idNumber: NIGHT.idNumber, time: `${date(NIGHT_DAY + 1)} 06:00:00`, direction: 'out' },
    ...WEEKDAYS.flatMap((day) => shift(MONTHLY, day)),
  ]
  const pushed = await pushPunches(baseURL!, DEMO_TERMINAL, punches)
  expect(pushed.code, JSON.stringify(pushed)).toBe(201)
  expect(pushed.data).toMatchObject({ received: punches.length, inserted: punches.length, refused: 0 })

  // The sheets must pay what 考勤表 shows: the attended days before the transfer in 甲班, from it on in 乙班.
  // The night shift belongs to the day it began (issue 11 item 3): NIGHT_DAY is one attended day, the Saturday
  // morning none.
  const month = await builderCall<{ list: { cells: { day: number; attended: boolean }[] }[] }>(page, 'GET', '/builder/attendance/v1/Sheet/month', {
    month: MONTH, keyword: NIGHT.idNumber, page: '1', limit: '20',
  })
  const attended = month.list[0].cells.filter((cell) => cell.attended).map((cell) => cell.day)
  const nightDays = attended.filter((day) => day === NIGHT_DAY || day === NIGHT_DAY + 1)
  expect(nightDays).toEqual([NIGHT_DAY])
  for (const day of DAY_SHIFTS) expect(attended).toContain(day)
  await attendanceOf(page, NIGHT)
  await shot(page, testInfo, '01-attendance-night-shift')
  const daysInA = attended.filter((day) => day < TRANSFER_DAY).length
  const daysInB = attended.filter((day) => day >= TRANSFER_DAY).length

  // ---- 1. 计薪规则: the project's rule, and a trial by the same rule in the console. ----
  await page.goto('/project/accounting')
  await button(pane(page), '计薪规则').click()
  const rule = modal(page, '计薪规则')
  await expect(rule.getByRole('radio', { name: '月工资 ÷ 21.75 天 × 计薪天数（出勤工作日 + 法定节假日）' })).toBeChecked()
  await expect(rule.getByRole('radio', { name: '月工资 ÷ 当月工作日 × 出勤工作日' })).not.toBeChecked()
  await pickMonth(rule.getByTestId('trial-month'), MONTH)
  await rule.getByTestId('trial-rate').fill('6000')
  await expect(rule.getByTestId('trial-amount')).toHaveText('6000.00')
  await expect(rule.getByTestId('trial-basis')).toHaveText('全月出勤，按月工资6000.00元')
  // One working day missed: paid days = working days attended + statutory holidays, at 21.75 a month, on
  // China's calendar for the month (holidays and 调休 included).
  const calendar = await builderCall<{ days: { day: string; class: string }[] }>(page, 'GET', '/builder/calendar/v1/Calendar/month', { month: MONTH })
  const working = calendar.days.filter((day) => day.class === 'working').map((day) => day.day)
  const statutory = calendar.days.filter((day) => day.class === 'statutory').length
  await rule.getByTestId(`trial-day-${working[0]}`).click()
  const paidDays = working.length - 1 + statutory
  const trialFen = Math.floor((2 * MONTHLY_FEN * paidDays * 4 + 87) / (2 * 87))
  await expect(rule.getByTestId('trial-basis')).toHaveText(`6000.00元 ÷ 21.75 × ${paidDays}天 = ${(trialFen / 100).toFixed(2)}元`)
  await shot(page, testInfo, '02-payroll-rule-dialog')
  await rule.getByRole('button', { name: '关 闭' }).click()
  await expect(rule).toBeHidden()

  // ---- 2. 甲班's sheet: 钱夜班's days before the transfer and 孙月薪's month, with the rule printed. ----
  const sheetA = await createSheet(page, TEAM_A, '工资表已生成', `${MONTH} 工资表 · ${CONTRACTOR} · ${TEAM_A}`)
  await expect(sheetA.getByTestId('sheet-rule')).toContainText(`计薪规则：月工资 ÷ 21.75 天 × 计薪天数（出勤工作日 + 法定节假日） · 当月工作日 `)
  const linesA = sheetA.locator('.ant-table')
  await expect(linesA.locator('tbody tr.ant-table-row')).toHaveCount(2)
  const nightA = await lineOf(linesA, NIGHT.name)
  expect(nightA).toMatchObject({ days: daysInA, wage: '400.00/日', payable: daysInA * DAILY_FEN, takeBack: 0, net: daysInA * DAILY_FEN })
  const monthlyA = await lineOf(linesA, MONTHLY.name)
  expect(monthlyA.wage).toBe('6,000.00/月')
  expect(monthlyA.net).toBe(monthlyA.payable)
  expect(monthlyA.payable).toBeLessThanOrEqual(MONTHLY_FEN)
  await rowOf(linesA, MONTHLY.name).getByTestId(/^payable-/).hover()
  const basis = page.locator('.ant-popover:visible')
  await expect(basis).toContainText('计算依据')
  await expect(basis).toContainText(monthlyA.payable === MONTHLY_FEN ? '全月出勤，按月工资6000.00元' : '6000.00元 ÷ 21.75 × ')
  await toastsGone(page)
  await shot(page, testInfo, '03-sheet-view-with-basis')
  await page.mouse.move(0, 0)
  await expect(basis).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(sheetA).toBeHidden()
  // A bonus lifts 孙月薪's line over the monthly limit (reason given): the approver must see it flagged.
  const sheetsOfMonth = await builderCall<{ list: { id: number; teamName: string }[] }>(page, 'GET', '/builder/wage/v1/Sheet/list', { month: MONTH, limit: '100' })
  const sheetIdA = sheetsOfMonth.list.find((sheet) => sheet.teamName === TEAM_A)!.id
  const detailA = await builderCall<{ lines: { list: { id: number; name: string }[] } }>(page, 'GET', '/builder/wage/v1/Sheet/detail', { id: String(sheetIdA), limit: '100' })
  const monthlyLine = detailA.lines.list.find((line) => line.name === MONTHLY.name)!
  await builderCall(page, 'POST', '/builder/wage/v1/Sheet/saveLine', { id: String(monthlyLine.id), payable: '60000.00', deduction: '0', reason: '年终奖金' })
  monthlyA.payable = 6_000_000
  monthlyA.net = 6_000_000
  const totalA = nightA.net + monthlyA.net

  // ---- 3. 乙班's sheet: 钱夜班's days from the transfer on; both confirmed and submitted as one order. ----
  const sheetB = await createSheet(page, TEAM_B, '工资表已生成', `${MONTH} 工资表 · ${CONTRACTOR} · ${TEAM_B}`)
  const linesB = sheetB.locator('.ant-table')
  await expect(linesB.locator('tbody tr.ant-table-row')).toHaveCount(1)
  const nightB = await lineOf(linesB, NIGHT.name)
  expect(nightB).toMatchObject({ days: daysInB, payable: daysInB * DAILY_FEN, net: daysInB * DAILY_FEN })
  await page.keyboard.press('Escape')
  await expect(sheetB).toBeHidden()
  const list = pane(page).locator('.ant-table')
  const firstRow = (team: string) => rowOf(list, team).filter({ hasText: MONTH }).filter({ hasNotText: '补充工资表' })
  await confirmSheet(page, firstRow(TEAM_A), totalA)
  await confirmSheet(page, firstRow(TEAM_B), nightB.net)
  const firstTotal = totalA + nightB.net
  const firstOrder = await submitOrder(page, [TEAM_A, TEAM_B], firstTotal, `${MONTH} 核算甲班、乙班工资`)
  await approve(page, firstOrder, firstTotal, [[NIGHT.name, nightA.net], [NIGHT.name, nightB.net], [MONTHLY.name, monthlyA.net]],
    () => shot(page, testInfo, '04-approver-first-order'), { name: MONTHLY.name, label: '单月工资超过5万元', testInfo })

  // ---- 4. A day added after payment: the next sheet of 乙班 is a 补充工资表 with only that day. ----
  await markAttended(page, NIGHT, LATE_DAY)
  const supplement = await createSheet(page, TEAM_B, '补充工资表（第2张）已生成', `${MONTH} 补充工资表（第2张） · ${CONTRACTOR} · ${TEAM_B}`)
  const linesS = supplement.locator('.ant-table')
  await expect(linesS.locator('tbody tr.ant-table-row')).toHaveCount(1)
  expect(await lineOf(linesS, NIGHT.name)).toMatchObject({ days: 1, payable: DAILY_FEN, net: DAILY_FEN })
  await expect(supplement.getByTestId('stale-banner')).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(supplement).toBeHidden()

  // ---- 5. One more day added while the 补充工资表 is a draft: it warns, and is refreshed after asking. ----
  await markAttended(page, NIGHT, LAST_DAY)
  await page.goto('/project/accounting')
  const supplementRow = rowOf(pane(page).locator('.ant-table'), '补充工资表（第2张）').filter({ hasText: TEAM_B })
  await expect(supplementRow).toContainText('未确认')
  await button(supplementRow, '查看').click()
  const stale = modal(page, `${MONTH} 补充工资表（第2张） · ${CONTRACTOR} · ${TEAM_B}`)
  const banner = stale.getByTestId('stale-banner')
  await expect(banner).toContainText('1 名工人的出勤与工资表不一致')
  await expect(banner).toContainText(`${NIGHT.name}：表中1天 → 现在2天`)
  await toastsGone(page)
  await shot(page, testInfo, '05-stale-banner')
  await page.keyboard.press('Escape')
  await expect(stale).toBeHidden()
  // 确认 is refused while the draft is stale.
  await button(supplementRow, '确认').click()
  await button(confirmDialog(page), '确认').click()
  await expect(toast(page, '考勤已变化，请先刷新工资表再确认')).toBeVisible()
  await button(supplementRow, '查看').click()
  await stale.getByTestId('refresh-days').click()
  await button(confirmDialog(page), '刷新').click()
  await expect(toast(page, '已按考勤刷新')).toBeVisible()
  await expect(banner).toHaveCount(0)
  const refreshed = await lineOf(stale.locator('.ant-table'), NIGHT.name)
  expect(refreshed).toMatchObject({ days: 2, payable: 2 * DAILY_FEN, net: 2 * DAILY_FEN })
  await shot(page, testInfo, '06-supplementary-refreshed')
  await page.keyboard.press('Escape')
  await expect(stale).toBeHidden()
  await confirmSheet(page, supplementRow, refreshed.net)
  const secondOrder = await submitOrder(page, [TEAM_B], refreshed.net, `${MONTH} 核算乙班补充工资`)
  await approve(page, secondOrder, refreshed.net, [[NIGHT.name, refreshed.net]], () => shot(page, testInfo, '07-approver-supplementary-order'))

  // ---- 6. Every day paid once: the sheets are 已发放 and the special account's flows are the orders, to the fen. ----
  await page.goto('/project/accounting')
  const sheets = pane(page).locator('.ant-table')
  await expect(firstRow(TEAM_A)).toContainText('已发放')
  await expect(firstRow(TEAM_B)).toContainText('已发放')
  await expect(rowOf(sheets, '补充工资表（第2张）').filter({ hasText: TEAM_B })).toContainText('已发放')
  let sheetNets = 0
  for (const row of [firstRow(TEAM_A), firstRow(TEAM_B), rowOf(sheets, '补充工资表（第2张）').filter({ hasText: TEAM_B })]) {
    sheetNets += fen(await row.locator('td').nth(7).innerText())
  }
  expect(sheetNets).toBe(firstTotal + refreshed.net)
  expect(nightA.net + nightB.net + refreshed.net).toBe((daysInA + daysInB + 2) * DAILY_FEN)
  await shot(page, testInfo, '08-sheets-paid')

  // A paid day set absent on 考勤表: the server says the pay would be taken back on the next sheet, and asks;
  // 取消 changes nothing.
  const paidDay = DAY_SHIFTS[0]
  const cells = await attendanceOf(page, NIGHT)
  await cells(paidDay).click()
  await expect(page.getByTestId('correct-form')).toContainText(`${date(paidDay)}，当前：出勤`)
  await page.getByTestId('correct-reason').fill('误刷卡，当天未进场')
  await page.getByTestId('correct-save').click()
  const ask = confirmDialog(page)
  await expect(ask).toContainText(`${date(paidDay)} 已计入已确认的${MONTH} 工资表；确认后该日改为缺勤，该日工资400.00元将在该工人的下一张工资表中扣回`)
  await page.waitForTimeout(400) // the confirm's zoom-in
  await shot(page, testInfo, '09-paid-day-absent-asks')
  await button(ask, '取消').click()
  await expect(ask).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(cells(paidDay)).toHaveText('√')
  // Each paid day names the sheet that paid it (issue 28); confirmed, the day is absent on 考勤表 with its
  // take-back beside it, waiting for the worker's next sheet.
  await expect(cells(paidDay)).toHaveAttribute('title', new RegExp(`已计入 ${MONTH} ${TEAM_A} 工资表（#\\d+，已发放）`))
  await cells(paidDay).click()
  await page.getByTestId('correct-reason').fill('误刷卡，当天未进场')
  await page.getByTestId('correct-save').click()
  await button(confirmDialog(page), '确认扣回').click()
  await expect(toast(page, '已改为缺勤，该日工资将在该工人的下一张工资表中扣回')).toBeVisible()
  await expect(cells(paidDay)).toHaveText('缺')
  await expect(cells(paidDay)).toHaveAttribute('data-taken-back', '1')
  await expect(cells(paidDay)).toHaveAttribute('title', /后改为缺勤：该日工资 400\.00 元待在该工人的下一张工资表中扣回/)
  await expect(cells(DAY_SHIFTS[1])).toHaveAttribute('data-paid-by', /^\d+$/)
  await cells(paidDay).click()
  await expect(page.getByTestId('correct-form')).toContainText(`${date(paidDay)}，当前：缺勤（已手工修正）`)
  await expect(page.getByTestId('correct-paid')).toContainText(`已由 ${MONTH} ${TEAM_A} 工资表`)
  await shot(page, testInfo, '09-paid-and-taken-back-days')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('correct-form')).toHaveCount(0)
  await shot(page, testInfo, '09-attendance-grid-paid-green-taken-back-orange')

  await page.goto('/special/water')
  const flows = page.getByTestId('water-table').locator('tbody tr.ant-table-row')
  // One flow per sheet line: 钱夜班 on 甲班's and 乙班's sheets and 孙月薪 on the first order, 钱夜班 on the 补充工资表's.
  await expect(flows.filter({ hasText: firstOrder })).toHaveCount(3)
  await expect(flows.filter({ hasText: secondOrder })).toHaveCount(1)
  let flowSum = 0
  for (const orderNo of [firstOrder, secondOrder]) {
    for (const row of await flows.filter({ hasText: orderNo }).all()) flowSum -= fen(await row.locator('td').nth(2).innerText())
  }
  expect(flowSum).toBe(sheetNets)
  await shot(page, testInfo, '10-account-flows')
})
