/**
 * Messages (issue 15 item 1): a lead message waits for the clerk, so the arrears-lead popup greets the login and
 * 查看 opens the lead's report screen; the bell counts the demo's unread messages and opens 系统消息, where the
 * clerk filters by kind, opens a message (read from then on, the bell one lower), follows it to its screen and
 * marks the rest read. Then the clerk submits a wage order: the finance approver's bell counts it, and the
 * approver's inbox leads to the order to approve.
 */
import { execFileSync } from 'node:child_process'
import type { Page } from '@playwright/test'
import { expect, test, DEMO, FINANCE, builderCall, login, loginAsDemo, logout, shot, toast, pickOption } from './support'

const LEAD_CONTENT = '钢筋班工人王建军反映十月工资未按时发放'
const LEAD_ID = 31

const sql = (dir: string, statement: string) =>
  execFileSync('sqlite3', [`${dir}/e2e.db`, statement], { encoding: 'utf8' }).trim()

const bellCount = (page: Page) => page.getByTestId('header-message-count')

/** The previous month (China time), the month a clerk pays. */
function previousMonth(): string {
  const china = new Date(Date.now() + 8 * 3600_000)
  const year = china.getUTCMonth() === 0 ? china.getUTCFullYear() - 1 : china.getUTCFullYear()
  const month = china.getUTCMonth() === 0 ? 12 : china.getUTCMonth()
  return `${year}-${String(month).padStart(2, '0')}`
}

test('the clerk is greeted by the lead popup and reads the inbox from the bell', async ({ page, server }, testInfo) => {
  sql(
    server.dir,
    `INSERT INTO messages (project_id, kind, title, content, subject_id, created_at) ` +
      `VALUES (1, 'lead', '新的欠薪线索', '${LEAD_CONTENT}', ${LEAD_ID}, CAST(strftime('%s', 'now') AS INTEGER))`,
  )
  await loginAsDemo(page)
  const popup = page.getByTestId('lead-popup')
  await expect(popup.getByText(LEAD_CONTENT)).toBeVisible()
  await shot(page, testInfo, '01-lead-popup')
  // The bell counts what the inbox lists unread (the demo's messages and the engine's warnings at start).
  const unread = async () =>
    (await builderCall<{ total: number }>(page, 'POST', '/builder/message/v1/Message/ajax_list', { read: '0' })).total
  const before = await unread()
  await expect(bellCount(page)).toHaveText(String(before))
  await page.getByTestId(/^lead-popup-view-/).click()
  await expect(page).toHaveURL(new RegExp(`/remunerationClues/feedbackDetail\\?id=${LEAD_ID}$`))
  // The lead was read when opened.
  await expect(bellCount(page)).toHaveText(String(before - 1))
  await page.getByTestId('header-messages').click()
  await expect(page).toHaveURL(/\/message\/system$/)
  const table = page.getByTestId('message-table')
  await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible()
  await shot(page, testInfo, '02-inbox')

  await pickOption(page, page.getByTestId('message-filter-kind'), '发放失败')
  await page.getByTestId('message-search').click()
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1)
  await table.getByRole('button', { name: '查看' }).click()
  const detail = page.getByTestId('message-detail')
  await expect(detail).toContainText('请在工资发放异常处理中修改工资卡后重新发放')
  await expect(bellCount(page)).toHaveText(String(before - 2))
  await shot(page, testInfo, '03-message-detail')
  await page.getByTestId('message-detail-go').click()
  await expect(page).toHaveURL(/\/special\/abnormal$/)

  await page.getByTestId('header-messages').click()
  const rest = await unread()
  await page.getByTestId('message-read-all').click()
  await expect(toast(page, `已将 ${rest} 条消息标为已读`)).toBeVisible()
  await expect(bellCount(page)).toHaveText('0')
  await shot(page, testInfo, '04-all-read')
})

test('the approver is told of an order to approve', async ({ page, server }, testInfo) => {
  await login(page, DEMO)
  const unit = sql(server.dir, `SELECT id FROM project_units WHERE project_id = 1 AND role = 'contractor' ORDER BY id LIMIT 1`)
  const month = previousMonth()
  const sheet = await builderCall<number>(page, 'POST', '/builder/wage/v1/Sheet/create', { month, unitId: unit })
  await builderCall(page, 'POST', '/builder/wage/v1/Sheet/confirm', { id: String(sheet) })
  const order = await builderCall<number>(page, 'POST', '/builder/wage/v1/Order/submit', { month, sheetIds: String(sheet) })
  await logout(page)

  await login(page, FINANCE)
  await expect(bellCount(page)).toHaveText('1')
  await page.getByTestId('header-messages').click()
  await expect(page).toHaveURL(/\/message\/index$/)
  const row = page.getByTestId('message-table').locator('tbody tr.ant-table-row')
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('请审批')
  await shot(page, testInfo, '05-approver-inbox')
  await page.getByTestId(`message-go-${sql(server.dir, 'SELECT MAX(id) FROM messages')}`).click()
  await expect(page).toHaveURL(new RegExp(`/order/detail\\?id=${order}$`))
  await expect(bellCount(page)).toHaveText('1')
  await shot(page, testInfo, '06-order-to-approve')
})
