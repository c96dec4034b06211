/**
 * A site clerk reports the project to the national worker platform and sees the one record it refused: the
 * clerk completes one worker's ID data on 身份证补录 with a card whose validity has ended, saves the project's
 * platform account on 数据上报 (the endpoint left empty: the built-in sandbox platform), and 立即上报 sends the
 * project's records; the sandbox accepts all but that worker's 人员 record, which the clerk finds by filtering
 * 平台退回, with the platform's reason. A second 立即上报 finds nothing new and sends nothing twice
 * (docs/platform.md).
 */
import type { Locator, Page } from '@playwright/test'
import { expect, test, loginAsDemo, pickOption, PNG, rowOf, shot, toast, toastsGone, typeDate, upload } from './support'
import { chinaTime } from './device'

const APP_ID = 'wg-journey-app'
const APP_SECRET = 'journey-secret-0001-abcdef'

/** The cell of `row` under the column titled `title` of `table`. */
async function cell(table: Locator, row: Locator, title: string): Promise<Locator> {
  const titles = (await table.locator('thead th').allTextContents()).map((text) => text.trim())
  const index = titles.indexOf(title)
  expect(index, `column ${title} in ${titles.join('|')}`).toBeGreaterThanOrEqual(0)
  return row.locator('td').nth(index)
}

/** The value of the statistic titled `title` in 数据上报's counts row. */
const count = (page: Page, title: string): Locator =>
  page.getByTestId('platform-counts').locator('.ant-statistic').filter({ hasText: title }).locator('.ant-statistic-content-value')

const number = async (value: Locator): Promise<number> => Number((await value.innerText()).replace(/[,\s]/g, ''))

/** 立即上报's toast; its numbers: queued, sent, accepted, refused. */
const RUN = /新增 (\d+) 条，提交 (\d+) 条，成功 (\d+) 条，退回 (\d+) 条/

async function sendNow(page: Page): Promise<number[]> {
  const send = page.getByTestId('platform-send')
  await send.click()
  // The run sends every record the first time: give it longer than an ordinary answer.
  const notice = page.locator('.ant-message-notice').filter({ hasText: RUN }).last()
  await expect(notice).toBeVisible({ timeout: 30_000 })
  await expect(send).not.toHaveClass(/ant-btn-loading/)
  return RUN.exec(await notice.innerText())!.slice(1).map(Number)
}

test('a site clerk reports the project to the national worker platform and sees the one record it refused', async ({ page }, testInfo) => {
  // A supplement, a setting and two runs over every record of the demo project: twice the usual on a busy machine.
  test.setTimeout(120_000)
  // A ten-year card that ended on 1 May of last year (China time): expired whatever today is.
  const year = Number(chinaTime(new Date()).slice(0, 4))
  const validFrom = `${year - 11}-05-01`
  const validTo = `${year - 1}-05-01`

  await loginAsDemo(page)

  // 身份证补录: one of the workers registered without ID details gets them, with the expired card.
  await page.goto('/system/idmsg')
  const incomplete = page.getByTestId('idmsg-table')
  const first = incomplete.locator('tbody tr.ant-table-row').first()
  await expect(first).toBeVisible()
  const name = (await (await cell(incomplete, first, '姓名')).innerText()).trim()
  expect(name).not.toBe('')
  await first.getByRole('button', { name: '补录' }).click()
  await expect(page.getByRole('dialog')).toContainText(`补录身份证信息：${name}`)
  await page.getByTestId('idmsg-ethnicity').fill('汉')
  await page.getByTestId('idmsg-address').fill('河南省郑州市金水区花园路8号')
  await page.getByTestId('idmsg-issuingAuthority').fill('郑州市公安局金水分局')
  await typeDate(page, 'idmsg-validFrom', validFrom)
  await page.getByTestId('idmsg-validTo').fill(validTo)
  await upload(page, 'idmsg-photo', PNG)
  await shot(page, testInfo, '01-expired-card-supplemented')
  await page.getByTestId('idmsg-submit').click()
  await expect(toast(page, '身份证信息已补录')).toBeVisible()
  await expect(rowOf(incomplete, name)).toHaveCount(0)

  // 数据上报: the project's account on the platform, the endpoint left empty for the built-in sandbox.
  const sidebar = page.getByTestId('sidebar')
  if (!(await sidebar.getByText('数据上报', { exact: true }).isVisible())) await sidebar.getByText('系统设置', { exact: true }).click()
  await sidebar.getByText('数据上报', { exact: true }).click()
  await expect(page).toHaveURL(/\/system\/platform$/)
  const setting = page.getByTestId('platform-setting')
  await expect(page.getByTestId('platform-endpoint')).toHaveAttribute('placeholder', '内置沙箱平台')
  await expect(count(page, '待上报')).toHaveText('0')
  await page.getByTestId('platform-app-id').fill(APP_ID)
  await page.getByTestId('platform-secret').fill(APP_SECRET)
  await expect(page.getByTestId('platform-endpoint')).toHaveValue('')
  await expect(page.getByTestId('platform-enabled')).toHaveAttribute('aria-checked', 'true')
  await page.getByTestId('platform-save').click()
  await expect(toast(page, '保存成功')).toBeVisible()
  // The secret is write-only: the field is emptied and only said to be saved.
  await expect(page.getByTestId('platform-secret')).toHaveValue('')
  await expect(setting).toContainText('已保存，不再显示；留空则保持不变')
  await expect(setting).toContainText('最后保存')
  await expect(page.getByTestId('platform-app-id')).toHaveValue(APP_ID)
  await shot(page, testInfo, '02-setting-saved')

  // 立即上报: every record is queued and sent once; the sandbox refuses that one worker. (The scheduled feed runs
  // only at the top of each hour: it would have to fall in the second between saving and this click.)
  const [queued, sent, accepted, refused] = await sendNow(page)
  expect(refused, 'refused').toBe(1)
  expect(queued, 'queued').toBeGreaterThan(1)
  expect(sent, 'every record queued is sent').toBe(queued)
  expect(accepted + refused, 'and answered').toBe(sent)
  await expect(count(page, '平台退回')).toHaveText('1')
  await expect(count(page, '上报成功')).not.toHaveText('0')
  expect(await number(count(page, '上报成功'))).toBe(accepted)
  await expect(count(page, '待上报')).toHaveText('0')
  await expect(count(page, '已提交')).toHaveText('0')
  const table = page.getByTestId('platform-table')
  // The table's test id is on the table itself; its pagination is beside it.
  const records = page.getByTestId('platform-records')
  await expect(records.getByText(`共 ${queued} 条`)).toBeVisible()
  await shot(page, testInfo, '03-sent')
  await toastsGone(page)

  // 平台退回: exactly that worker's 人员 record, with the platform's reason.
  await pickOption(page, page.getByTestId('platform-filter-status'), '平台退回')
  await page.getByTestId('platform-search').click()
  const rows = table.locator('tbody tr.ant-table-row')
  await expect(rows).toHaveCount(1)
  await expect(records.getByText('共 1 条')).toBeVisible()
  const refusedRow = rows.first()
  await expect(await cell(table, refusedRow, '类别')).toHaveText('人员')
  await expect(await cell(table, refusedRow, '记录')).toHaveText(name)
  await expect(await cell(table, refusedRow, '状态')).toHaveText('平台退回')
  await expect(await cell(table, refusedRow, '平台结果')).toHaveText(`身份证已过期（有效期至${validTo}），请核实证件后重新上报`)
  await expect(await cell(table, refusedRow, '上报时间')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
  await shot(page, testInfo, '04-the-refused-record')

  // 人员 and 上报成功: the other workers went through.
  await pickOption(page, page.getByTestId('platform-filter-method'), '人员')
  await pickOption(page, page.getByTestId('platform-filter-status'), '上报成功')
  await page.getByTestId('platform-search').click()
  await expect(rows.first()).toBeVisible()
  await expect(rows.filter({ hasNotText: '上报成功' })).toHaveCount(0)
  await expect(rows.filter({ has: page.locator('td').getByText(name, { exact: true }) })).toHaveCount(0)

  // Again: nothing new, nothing sent twice.
  await toastsGone(page)
  await page.getByTestId('platform-send').click()
  await expect(toast(page, '没有新的记录需要上报')).toBeVisible({ timeout: 30_000 })
  await expect(count(page, '平台退回')).toHaveText('1')
  expect(await number(count(page, '上报成功'))).toBe(accepted)
  await shot(page, testInfo, '05-nothing-twice')
})
