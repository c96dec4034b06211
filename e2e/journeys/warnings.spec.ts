/**
 * The early warnings (issue 15, journey c): the engine raises the demo's warnings (`wageguard warnings demo`
 * seeds the trouble and runs it); the clerk reads them in 预警信息 and answers the expiring guarantee with a
 * photo; the clerk answers a worker's dispute and pays the overdue month's order, the approver approves it, and on the next engine run the
 * unpaid-wages warning closes itself; the regulator sees in 预警监管 the answered warning's thread and the
 * closed one's history.
 */
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { expect, test, ADMIN, FINANCE, PNG, chooseIdNumberCheck, confirmDialog, login, loginAsDemo, logout, pickMonth, shot, toast, upload, pickOption } from './support'

const BINARY = path.resolve(__dirname, '..', '..', 'target', 'debug', 'wageguard')
const FINANCE_ID_NUMBER = '410105198805123025'
const CHINA_NOW = new Date(Date.now() + 8 * 3600_000)
/** The month before last: the demo left it unpaid. */
const OVERDUE = new Date(Date.UTC(CHINA_NOW.getUTCFullYear(), CHINA_NOW.getUTCMonth() - 2, 1)).toISOString().slice(0, 7)

const pane = (page: Page): Locator => page.locator('[data-testid="page-pane"]:not([hidden])')
const button = (scope: Locator, name: string): Locator =>
  scope.getByRole('button', { name: new RegExp(`(?:^|\\s)${[...name].join('\\s*')}$`) })
const rowOf = (table: Locator, text: string): Locator => table.locator('tbody tr.ant-table-row').filter({ hasText: text })

async function filter(page: Page, testId: string, option: string) {
  await pickOption(page, page.getByTestId(testId), option)
}

function engine(dir: string, command: 'demo' | 'run'): string {
  return execFileSync(BINARY, ['warnings', command], {
    env: { ...process.env, DATABASE_URL: `sqlite://${dir}/e2e.db`, WAGEGUARD_DATA_DIR: path.join(dir, 'data'), RUST_LOG: 'warn' },
  }).toString()
}

test('warnings are raised, answered, closed by the engine when paid, and supervised', async ({ page, server }, testInfo) => {
  expect(engine(server.dir, 'demo')).toContain('预警演示数据已创建')

  // The clerk reads the warnings and answers the expiring guarantee with a photo.
  await loginAsDemo(page)
  await page.goto('/message/warn')
  const list = page.getByTestId('warning-table')
  await expect(rowOf(list, '工资保证金即将到期')).toHaveCount(1)
  await shot(page, testInfo, '01-clerk-warnings')
  await rowOf(list, '工资保证金即将到期').getByRole('button').click()
  const drawer = page.getByTestId('warning-drawer')
  await expect(drawer.getByTestId('warning-facts')).toContainText('请及时续期')
  await drawer.getByTestId('warning-note').fill('已向保险公司申请续保，预计下周出具新保函')
  await upload(page, 'warning-attachments', PNG)
  await drawer.getByTestId('warning-note-submit').click()
  await expect(toast(page, '操作成功!')).toBeVisible()
  await expect(drawer.getByTestId('warning-thread')).toContainText('已向保险公司申请续保')
  await shot(page, testInfo, '02-clerk-answers-guarantee')
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()

  await filter(page, 'warning-filter-level', '红色预警')
  await page.getByTestId('warning-search').click()
  await expect(rowOf(list, `${OVERDUE}工资尚有`)).toHaveCount(1)
  await shot(page, testInfo, '03-clerk-red-warnings')

  // The clerk pays the overdue month. 赵建军 disputed his days on that sheet ten days ago (the worker side's
  // demo): the order waits until the clerk has answered him on the sheet; then it goes to the approver.
  const submitOverdue = async () => {
    await page.goto('/project/issue')
    const issue = pane(page)
    await pickMonth(issue.getByTestId('issue-month'), OVERDUE)
    const firstRow = issue.locator('tbody tr.ant-table-row').first()
    await firstRow.locator('input[type=checkbox]').check()
    await button(issue, '提交审核').click()
    await button(confirmDialog(page), '提交审核').click()
  }
  await submitOverdue()
  await expect(toast(page, '有1名工人对工资提出异议尚未答复')).toBeVisible()
  await page.goto('/project/accounting')
  await button(rowOf(pane(page).locator('.ant-table').first(), '钢筋班').filter({ hasText: OVERDUE }), '查看').click()
  const sheet = page.getByRole('dialog').filter({ hasText: `${OVERDUE} 工资表` })
  const disputed = rowOf(sheet.locator('.ant-table'), '赵建军')
  await expect(disputed.getByTestId('worker-confirmation')).toContainText('未答复')
  await disputed.getByTestId(/^answer-dispute-/).click()
  const answer = page.getByRole('dialog', { name: '答复异议 · 赵建军', exact: true })
  await answer.getByTestId('answer-text').fill('已核对考勤机记录，9号补记出勤，差额随本月工资发放')
  await answer.getByTestId('answer-submit').click()
  await expect(toast(page, '已答复')).toBeVisible()
  await expect(answer).toBeHidden()
  await expect(disputed.getByTestId('worker-confirmation-answer')).toContainText('已核对考勤机记录')
  await submitOverdue()
  await expect(toast(page, '工资单已提交，等待财务审核')).toBeVisible()
  await shot(page, testInfo, '04-order-submitted')
  await logout(page)

  await login(page, FINANCE)
  const pending = pane(page).locator('.ant-table')
  await button(pending.locator('tbody tr.ant-table-row').first(), '审核').click()
  const review = pane(page)
  await button(review, '审核通过').click()
  const verify = page.getByRole('dialog', { name: '身份验证', exact: true })
  await chooseIdNumberCheck(verify)
  await verify.getByTestId('verify-id').fill(FINANCE_ID_NUMBER)
  await button(verify, '验证').click()
  await expect(page.locator('.ant-message-notice').filter({ hasText: '审核通过' })).toBeVisible()
  await shot(page, testInfo, '05-order-approved')
  await logout(page)

  // The next engine run closes the paid month's warning with its reason.
  expect(engine(server.dir, 'run')).toMatch(/解除 [1-9]/)
  await loginAsDemo(page)
  await page.goto('/message/warn')
  await filter(page, 'warning-filter-status', '已关闭')
  await page.getByTestId('warning-search').click()
  const closed = rowOf(page.getByTestId('warning-table'), `${OVERDUE}工资尚有`)
  await expect(closed).toContainText('已关闭')
  await closed.getByRole('button').click()
  await expect(page.getByTestId('warning-facts')).toContainText('该月工资已全部发放')
  await shot(page, testInfo, '06-clerk-sees-closed')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('warning-drawer')).toBeHidden()
  await logout(page)

  // The regulator: counts by level, the answered warning's thread and the closed one's history.
  await login(page, ADMIN)
  await page.waitForLoadState('networkidle')
  await page.goto('/regulator/warnings')
  const supervision = page.getByTestId('supervision-page')
  await expect(supervision.getByTestId('supervision-counts')).toContainText('金水区')
  const table = supervision.getByTestId('supervision-table')
  await rowOf(table, '工资保证金即将到期').getByRole('button').click()
  const detail = page.getByTestId('supervision-drawer')
  await expect(detail.getByTestId('warning-thread')).toContainText('已向保险公司申请续保')
  // The answer's photo, by the name it was uploaded with.
  await expect(detail.getByTestId('warning-thread').getByRole('button', { name: PNG.name })).toHaveCount(1)
  await shot(page, testInfo, '07-regulator-thread')
  await page.keyboard.press('Escape')
  await expect(detail).toBeHidden()
  await filter(page, 'supervision-filter-status', '已关闭')
  await supervision.getByTestId('supervision-search').click()
  await rowOf(table, `${OVERDUE}工资尚有`).getByRole('button').click()
  const history = page.getByTestId('supervision-history')
  await expect(history).toContainText('预警产生')
  await expect(history).toContainText('预警解除')
  await expect(history).toContainText('该月工资已全部发放')
  await shot(page, testInfo, '08-regulator-history')
})

test('a warning about a worker names him and leads to him, for the clerk and the regulator', async ({ page, server }, testInfo) => {
  // The file's server is shared: the other journey may have seeded the trouble already.
  expect(engine(server.dir, 'demo')).toMatch(/预警演示数据(已创建|已存在)/)
  const named = /^(.+)（(\d{4}\*+[\dX]{4})）$/

  await loginAsDemo(page)
  await page.goto('/message/warn')
  // The demo's warnings depend on the day it runs (what falls in which month): the red ones fit one page.
  await filter(page, 'warning-filter-level', '红色预警')
  await page.getByTestId('warning-search').click()
  const row = rowOf(page.getByTestId('warning-table'), '个人工资异常偏高').first()
  const link = row.locator('[data-testid^="warning-worker-"]')
  await expect(link).toHaveText(named)
  const [, name, masked] = named.exec((await link.textContent()) ?? '')!
  await expect(row).toContainText(`${name}（${masked}）实发`)
  await shot(page, testInfo, '11-clerk-worker-named')
  await link.click()
  await expect(page).toHaveURL(/\/user\/list\?worker=\d+$/)
  await expect(page.getByTestId('worker-detail')).toContainText(name)
  await shot(page, testInfo, '12-clerk-follows-to-worker')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('worker-detail')).toBeHidden()
  await logout(page)

  await login(page, ADMIN)
  await page.waitForLoadState('networkidle')
  await page.goto('/regulator/warnings')
  await filter(page, 'supervision-filter-rule', '个人工资异常偏高')
  await page.getByTestId('supervision-search').click()
  const supervised = rowOf(page.getByTestId('supervision-table'), '个人工资异常偏高').first()
  await expect(supervised.locator('[data-testid^="warning-worker-"]')).toHaveText(`${name}（${masked}）`)
  await supervised.locator('[data-testid^="warning-worker-"]').click()
  await expect(page).toHaveURL(/\/user\/list\?projectId=\d+&worker=\d+$/)
  await expect(page.getByTestId('worker-detail')).toContainText(name)
  await shot(page, testInfo, '13-regulator-follows-to-worker')
})
