/**
 * A site clerk connects a ZKTeco face terminal and sees its roster commands and punches: the terminal knocks
 * unregistered and is listed on 考勤设备; the clerk adopts it; it handshakes, gets the site roster as commands
 * and confirms them; a worker exits and is deleted from it; it uploads a day of punches with a line whose PIN
 * is on no roster, which the clerk reads in 诊断 → 上传记录 and the punches in 考勤记录; 重新上传考勤 makes it
 * send everything again, nothing stored twice. The terminal (iclock-terminal.ts) talks to the server over
 * HTTP as a terminal on site would.
 */
import type { Locator, Page } from '@playwright/test'
import { expect, test, button, loginAsDemo, popconfirm, rowOf, shot, toast } from './support'
import { chinaTime } from './device'
import { CHECK_IN, CHECK_OUT, IclockTerminal } from './iclock-terminal'

const SERIAL = 'CQZ7231960042'
const NAME = '大门人脸机'
/** A PIN the project never gave a terminal. */
const STRANGER_PIN = '999999999'

/** The cell of `row` under the column titled `title` of `table` (an expandable table has an extra first column). */
async function cell(table: Locator, row: Locator, title: string): Promise<Locator> {
  const titles = (await table.locator('thead th').allTextContents()).map((text) => text.trim())
  const index = titles.indexOf(title)
  expect(index, `column ${title} in ${titles.join('|')}`).toBeGreaterThanOrEqual(0)
  return row.locator('td').nth(index)
}

async function expectCells(table: Locator, row: Locator, expected: Record<string, string>): Promise<void> {
  for (const [title, text] of Object.entries(expected)) {
    await expect(await cell(table, row, title)).toHaveText(text)
  }
}

/**
 * Two of the demo's workers (PIN, name; in the roster's order) that the demo's own terminal has no punches of
 * on `day`, so that the day holds just the face terminal's in and out (server/src/attendance/demo.rs: every
 * worker punches each day but Sundays, the `index`-th worker on site not when (day of month + index) % 13 is 0).
 */
function absentInTheDemo(onSite: [string, string][], day: string): [string, string][] {
  const ordered = [...onSite].sort((a, b) => Number(a[0]) - Number(b[0]))
  const sunday = new Date(`${day}T12:00:00Z`).getUTCDay() === 0
  const dayOfMonth = Number(day.slice(8, 10))
  return ordered.filter((_, index) => sunday || (dayOfMonth + index) % 13 === 0).slice(0, 2)
}

/** 考勤设备 → 诊断 of the terminal: the drawer, its data loaded. */
async function diagnose(page: Page): Promise<Locator> {
  await page.getByTestId(`device-diagnose-${SERIAL}`).click()
  const drawer = page.getByTestId('iclock-drawer')
  await expect(drawer.getByTestId('iclock-users')).toBeVisible()
  return drawer
}

/** 刷新 in the drawer, then the tab. */
async function refreshed(page: Page, drawer: Locator, tab: '命令' | '上传记录'): Promise<void> {
  await page.getByTestId('iclock-refresh').click()
  await drawer.getByRole('tab', { name: tab }).click()
}

test('a site clerk connects a ZKTeco face terminal and sees its roster commands and punches', async ({ page, baseURL }, testInfo) => {
  // Three pages, a drawer opened four times and a dozen terminal calls: about 30 s, twice that on a busy machine.
  test.setTimeout(120_000)
  const terminal = new IclockTerminal(baseURL!, SERIAL)

  // Pointed at the platform before anyone registered it: refused, and listed for the clerk.
  const knock = await terminal.handshake()
  expect(knock.status, knock.text).toBe(401)
  expect(knock.text).toContain('设备未登记')

  await loginAsDemo(page)
  await page.goto('/system/attendant')
  const strangers = page.getByTestId('iclock-strangers')
  await expect(strangers).toContainText(SERIAL)
  await expect(strangers).toContainText('2.4.1')
  await shot(page, testInfo, '01-stranger-knocking')
  await page.getByTestId(`iclock-adopt-${SERIAL}`).click()
  await expect(page.getByTestId('device-serial')).toHaveValue(SERIAL)
  await expect(page.getByTestId('device-protocol')).toContainText('ZKTeco PUSH')
  await page.getByTestId('device-name').fill(NAME)
  await page.getByTestId('device-location').fill('项目东大门')
  await page.getByTestId('device-save').click()
  const setup = page.getByTestId('iclock-setup')
  await expect(setup).toContainText(SERIAL)
  await expect(setup).toContainText(new URL(baseURL!).hostname)
  await shot(page, testInfo, '02-setup')
  await page.getByTestId('iclock-setup-done').click()
  await expect(setup).toHaveCount(0)
  const status = page.getByTestId(`device-status-${SERIAL}`)
  await expect(status).toHaveText('离线')

  // The terminal connects: it starts its log from the beginning, and is online.
  const handshake = await terminal.handshake()
  expect(handshake.status, handshake.text).toBe(200)
  expect(terminal.options.get('ATTLOGStamp')).toBe('0')
  await page.getByTestId('device-search').click()
  await expect(status).toHaveText('在线')
  await page.reload()
  await expect(status).toHaveText('在线')
  await expect(strangers).toHaveCount(0)

  // The site roster reaches it as commands, which it confirms.
  const roster = await terminal.poll()
  expect(roster.length).toBeGreaterThanOrEqual(20)
  expect(roster.every(({ command }) => command.startsWith('DATA UPDATE USERINFO PIN='))).toBe(true)
  expect(terminal.people.size).toBe(roster.length)
  expect(await terminal.poll(), 'nothing new').toEqual([])

  const drawer = await diagnose(page)
  await expect(page.getByText(`设备诊断：${NAME}（${SERIAL}）`)).toBeVisible()
  await expect(drawer.getByTestId('iclock-users')).toHaveText(String(roster.length))
  const commands = drawer.getByTestId('iclock-commands')
  // The table's test id is on the table itself; its pagination is beside it.
  await expect(drawer.getByText(`共 ${roster.length} 条`)).toBeVisible()
  // Newest first: the last command received is on the first page.
  const [leaverPin, leaverName] = [...terminal.people.entries()].at(-1)!
  await expect(rowOf(commands, `下发人员 ${leaverName}（工号 ${leaverPin}）`)).toContainText('已执行')
  await expect(commands.locator('tbody tr.ant-table-row').filter({ hasNotText: '已执行' })).toHaveCount(0)
  await shot(page, testInfo, '03-roster-commands')

  // The worker exits on 花名册: the terminal is told to delete them.
  await page.keyboard.press('Escape')
  await page.goto('/user/list')
  await page.getByTestId('roster-filter-name').fill(leaverName)
  await page.getByTestId('roster-search').click()
  const line = page.getByTestId('roster-table').locator('tr').filter({ hasText: leaverName }).filter({ hasText: '在场' })
  await line.getByRole('button', { name: /退\s*场/ }).click()
  await page.getByTestId('move-submit').click()
  await expect(toast(page, '已退场')).toBeVisible()
  expect(await terminal.poll()).toEqual([expect.objectContaining({ command: `DATA DELETE USERINFO PIN=${leaverPin}` })])
  expect(terminal.people.has(leaverPin)).toBe(false)

  await page.goto('/system/attendant')
  await diagnose(page)
  await expect(drawer.getByTestId('iclock-users')).toHaveText(String(roster.length - 1))
  await expect(rowOf(commands, `删除人员 ${leaverName}（工号 ${leaverPin}，已退场）`)).toContainText('已执行')

  // Yesterday (China time) in and out for two workers, and a PIN the project never gave it.
  const day = chinaTime(new Date(Date.now() - 86_400_000)).slice(0, 10)
  const onSite = roster.map(({ command }) => /PIN=(\d+)\tName=([^\t]*)/.exec(command)!.slice(1, 3) as [string, string])
  const [first, second] = absentInTheDemo(onSite, day)
  expect(second, 'two workers without demo punches that day').toBeDefined()
  for (const [pin] of [first, second]) {
    terminal.punch(pin, `${day} 07:31:00`, CHECK_IN)
    terminal.punch(pin, `${day} 17:02:00`, CHECK_OUT)
  }
  terminal.punch(STRANGER_PIN, `${day} 07:40:00`, CHECK_IN)
  expect((await terminal.upload())?.text).toBe('OK: 5')

  await refreshed(page, drawer, '上传记录')
  const uploads = drawer.getByTestId('iclock-uploads')
  const uploadRows = uploads.locator('tbody tr.ant-table-row')
  await expect(uploadRows).toHaveCount(1)
  await expectCells(uploads, uploadRows.first(), { 类型: '考勤记录', 行数: '5', 保存: '4', 重复: '0', 失败: '1' })
  await uploadRows.first().locator('.ant-table-row-expand-icon').click()
  const failures = drawer.getByTestId('iclock-failures')
  await expect(failures).toContainText('第5行')
  await expect(failures).toContainText(STRANGER_PIN)
  await expect(failures).toContainText('工号不在本项目花名册中')
  await expect(drawer.getByTestId('iclock-raw')).toContainText(`${first[0]}\t${day} 07:31:00`)
  await shot(page, testInfo, '04-upload-with-a-failed-line')

  // The punches are in 考勤记录, from the terminal.
  await page.goto('/user/attendance')
  const records = page.getByTestId('attendance-table')
  for (const [, name] of [first, second]) {
    await page.getByTestId('attendance-filter-keyword').fill(name)
    await page.getByTestId('attendance-search').click()
    const fromTerminal = records.locator('tbody tr').filter({ hasText: name }).filter({ hasText: NAME })
    await expect(fromTerminal).toHaveCount(2)
    await expectCells(records, fromTerminal.filter({ hasText: `${day} 07:31:00` }), { 类型: '进', 所属班次: day })
    await expectCells(records, fromTerminal.filter({ hasText: `${day} 17:02:00` }), { 类型: '出', 所属班次: day })
    // The day's only punches: they pair into the shift (no 未配对).
    await expect(records.locator('tbody tr').filter({ hasText: name }).filter({ hasText: `${day} ` })).toHaveCount(2)
  }
  await shot(page, testInfo, '05-records')

  // 重新上传考勤: the terminal is told to handshake, starts again from 0 and sends its whole log; nothing twice.
  await page.goto('/system/attendant')
  await diagnose(page)
  await page.getByTestId('iclock-reupload').click()
  await button(popconfirm(page), '确定').click()
  await expect(toast(page, '已通知设备重新上传')).toBeVisible()
  expect(await terminal.poll()).toEqual([expect.objectContaining({ command: 'CHECK' })])
  expect(terminal.options.get('ATTLOGStamp'), 'the handshake after CHECK').toBe('0')
  expect(terminal.uploaded).toBe(5)

  await refreshed(page, drawer, '命令')
  await expect(rowOf(commands, '重新上传全部记录')).toContainText('已执行')
  await drawer.getByRole('tab', { name: '上传记录' }).click()
  await expect(uploadRows).toHaveCount(2)
  await expectCells(uploads, uploadRows.first(), { 行数: '5', 保存: '0', 重复: '4', 失败: '1' })
  await expectCells(uploads, uploadRows.nth(1), { 行数: '5', 保存: '4', 重复: '0', 失败: '1' })
  await shot(page, testInfo, '06-reuploaded')
})
