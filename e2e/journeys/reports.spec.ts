/**
 * 统计报表 (issue 16): the clerk opens 用工结构, 考勤统计 and 工资统计, each with its charts beside its tables,
 * narrows one report to a unit, and downloads each export; the workbook's figures are those of the roster, the
 * attendance sheet and the special account's flows.
 */
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { builderCall, expect, fen, loginAsDemo, shot, test } from './support'
import { readXlsx } from './xlsx'

async function exported(page: Page): Promise<Record<string, string[][]>> {
  const downloading = page.waitForEvent('download')
  await page.getByTestId('report-export').click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/)
  return readXlsx(readFileSync(await download.path()))
}

/** A chart is drawn: ECharts put its canvas in the box. */
async function drawn(page: Page, testId: string) {
  await expect(page.getByTestId(testId).locator('canvas').first()).toBeVisible()
}

const sumColumn = (rows: string[][], column: number) => rows.slice(1).reduce((sum, row) => sum + Number(row[column] || 0), 0)

test('the clerk reads the reports, narrows one and checks the exports against the lists', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  await loginAsDemo(page)

  // 用工结构: on site as the roster counts, by unit, gender, age, province; the export holds the same tables.
  await page.goto('/report/people')
  const people = page.getByTestId('report-people')
  await expect(people.getByTestId('people-units-table')).toBeVisible()
  for (const chart of ['people-units-chart', 'people-genders-chart', 'people-ages-chart', 'people-provinces-chart', 'people-moves-chart']) {
    await drawn(page, chart)
  }
  const roster = await builderCall<{ total: number }>(page, 'GET', '/builder/user/v1/Worker/list', { status: '1', limit: '1' })
  await expect(page.getByTestId('people-on-site')).toContainText(String(roster.total))
  await shot(page, testInfo, '01-people')
  const workbook = await exported(page)
  for (const sheet of ['按参建单位', '按班组', '按工种', '按性别', '按年龄段', '按籍贯']) {
    expect(sumColumn(workbook[sheet], 1), sheet).toBe(roster.total)
  }

  // A filter change: one unit only, its count is the roster's for that unit.
  await page.getByTestId('report-unit').click()
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first()
  const unitName = (await option.textContent()) ?? ''
  await option.click()
  const options = await builderCall<{ units: { value: number; label: string }[] }>(page, 'GET', '/builder/user/v1/Worker/options', {})
  const unit = options.units.find((one) => one.label === unitName)!
  const narrowed = await builderCall<{ total: number }>(page, 'GET', '/builder/user/v1/Worker/list', {
    status: '1',
    unitId: String(unit.value),
    limit: '1',
  })
  await expect(page.getByTestId('people-on-site')).toContainText(String(narrowed.total))
  await expect(page.getByTestId('people-units-table').locator('tbody tr.ant-table-row')).toHaveCount(narrowed.total > 0 ? 1 : 0)
  await shot(page, testInfo, '02-people-one-unit')

  // 考勤统计: each day's attended workers are the attendance sheet's ✓ of that day.
  await page.goto('/report/attendance')
  await expect(page.getByTestId('attendance-days-table')).toBeVisible()
  await drawn(page, 'attendance-days-chart')
  await drawn(page, 'attendance-teams-chart')
  await shot(page, testInfo, '03-attendance')
  const attendance = await exported(page)
  const days = attendance['每日出勤'].slice(1)
  expect(days.length).toBeGreaterThan(0)
  const sheets = new Map<string, Map<string, number>>()
  for (const [day, , , attended] of days) {
    const month = day.slice(0, 7)
    if (!sheets.has(month)) {
      const sheet = await builderCall<{ list: { cells: { day: number; attended: boolean; outside: boolean }[] }[] }>(
        page,
        'GET',
        '/builder/attendance/v1/Sheet/month',
        { month, limit: '100' },
      )
      const counts = new Map<string, number>()
      for (const row of sheet.list) {
        for (const cell of row.cells) {
          if (!cell.attended || cell.outside) continue
          const key = `${month}-${String(cell.day).padStart(2, '0')}`
          counts.set(key, (counts.get(key) ?? 0) + 1)
        }
      }
      sheets.set(month, counts)
    }
    expect(Number(attended), day).toBe(sheets.get(month)!.get(day) ?? 0)
  }

  // 工资统计: paid per month is what the special account paid out to workers that month.
  await page.goto('/report/wage')
  await expect(page.getByTestId('wage-months-table')).toBeVisible()
  await drawn(page, 'wage-months-chart')
  await drawn(page, 'wage-units-chart')
  await shot(page, testInfo, '04-wage')
  const wages = await exported(page)
  for (const [month, , paid] of wages['月度应发实发'].slice(1)) {
    const [year, number] = month.split('-').map(Number)
    const last = new Date(year, number, 0).getDate()
    const flows = await builderCall<{ list: { source: string; amount: string }[]; total: number }>(
      page,
      'GET',
      '/builder/special/v1/Account/flows',
      { direction: 'out', start: `${month}-01`, end: `${month}-${last}`, limit: '100' },
    )
    expect(flows.total).toBeLessThanOrEqual(100)
    const paidOut = flows.list.filter((flow) => flow.source === 'payout').reduce((sum, flow) => sum + fen(flow.amount), 0)
    expect(Math.round(Number(paid) * 100), month).toBe(paidOut)
  }
})
