/**
 * The labour clerk registers an attendance terminal and sees its secret once; the terminal pushes signed punches
 * for two demo workers; the clerk sees the records, the terminal online, the monthly sheet with the day, and
 * corrects one day with a reason.
 */
import { expect, test, loginAsDemo, shot, toast } from './support'
import { chinaTime, demoIdNumber, heartbeat, pushPunches } from './device'

const WORKERS = [demoIdNumber(0), demoIdNumber(1)]

test('a terminal pushes punches that reach the records and the monthly sheet; a day is corrected', async ({ page, baseURL }, testInfo) => {
  await loginAsDemo(page)
  const serial = `E2E-${Date.now()}`

  await page.goto('/system/attendant')
  await expect(page.getByTestId('devices-attendant')).toBeVisible()
  await page.getByTestId('device-add').click()
  await page.getByTestId('device-serial').fill(serial)
  await page.getByTestId('device-name').fill('南门考勤机')
  await page.getByTestId('device-location').fill('项目南大门')
  await page.getByTestId('device-save').click()
  const secretValue = page.getByTestId('secret-value')
  await expect(secretValue).toBeVisible()
  const secret = ((await secretValue.textContent()) ?? '').trim()
  expect(secret).toMatch(/^[0-9a-f]{32}$/)
  await shot(page, testInfo, '01-secret-shown-once')
  await page.getByTestId('secret-done').click()
  await expect(page.getByText(secret)).toHaveCount(0)
  const row = page.getByTestId('device-table').locator('tr', { hasText: serial })
  await expect(row).toContainText('从未连接')
  await expect(row).toContainText('离线')

  // The terminal: in two hours ago, out ten minutes ago, for two workers; then the same batch again.
  const device = { serial, secret }
  const arrive = new Date(Date.now() - 2 * 3600_000)
  const leave = new Date(Date.now() - 10 * 60_000)
  const punches = WORKERS.flatMap((idNumber) => [
    { idNumber, time: chinaTime(arrive), direction: 'in' as const },
    { idNumber, time: chinaTime(leave), direction: 'out' as const },
  ])
  const signedAt = Math.floor(Date.now() / 1000)
  const pushed = await pushPunches(baseURL!, device, punches, signedAt)
  expect(pushed.code, JSON.stringify(pushed)).toBe(201)
  expect(pushed.data.inserted).toBe(4)
  // The same batch again, signed at another second, as a terminal resends it.
  const again = await pushPunches(baseURL!, device, punches, signedAt + 1)
  expect(again.data).toMatchObject({ inserted: 0, duplicates: 4 })
  expect((await heartbeat(baseURL!, device)).code).toBe(201)

  await page.reload()
  await expect(row).toContainText('在线')
  await expect(row).toContainText('4')
  await shot(page, testInfo, '02-terminal-online')

  // The records of the first worker, from the new terminal.
  await page.goto('/user/attendance')
  await page.getByTestId('attendance-filter-keyword').fill(WORKERS[0])
  await page.getByTestId('attendance-search').click()
  const records = page.getByTestId('attendance-table')
  await expect(records.locator('tr', { hasText: '南门考勤机' })).toHaveCount(2)
  await expect(records).toContainText(chinaTime(leave))
  await shot(page, testInfo, '03-records')

  // The monthly sheet of the month of the punch: the day attended, the day the shift began (the in-punch's,
  // which differs from the out-punch's shortly after midnight).
  const punchDay = chinaTime(arrive).slice(0, 10)
  const dayOfMonth = Number(punchDay.slice(8, 10))
  await page.getByTestId('attendance-sheet').click()
  await expect(page).toHaveURL(/\/project\/sheets$/)
  await page.getByTestId('sheet-keyword').fill(WORKERS[0])
  await page.getByTestId('sheet-search').click()
  const sheet = page.getByTestId('sheet-table')
  // The sheet is a virtual grid: rows and cells are divs.
  await expect(sheet.locator('.ant-table-row')).toHaveCount(1)
  const cell = sheet.locator(`[data-testid^="cell-"][data-testid$="-${dayOfMonth}"]`)
  await expect(cell).toHaveText('√')
  await shot(page, testInfo, '04-monthly-sheet')

  // Correct the day: first without a reason (refused by the form), then with one.
  await cell.click()
  await page.getByTestId('correct-save').click()
  await expect(page.getByText('请填写2-100个字的修正原因')).toBeVisible()
  await page.getByTestId('correct-reason').fill('当天下午早退离场，班组长确认按缺勤处理')
  await shot(page, testInfo, '05-correction')
  await page.getByTestId('correct-save').click()
  await expect(toast(page, '考勤已修正')).toBeVisible()
  await expect(cell).toHaveText('缺')
  await shot(page, testInfo, '06-corrected')

  // The correction is in the records with its reason.
  await page.goto('/user/attendance')
  await page.getByTestId('attendance-filter-source').click()
  await page.locator('.ant-select-item-option', { hasText: '手工修正' }).click()
  await page.getByTestId('attendance-search').click()
  await expect(page.getByTestId('attendance-table')).toContainText('班组长确认按缺勤处理')
  await shot(page, testInfo, '07-correction-record')
})
