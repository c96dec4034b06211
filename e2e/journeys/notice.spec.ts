/**
 * A notice from the bureau (issue 15 journey b): the whole-area regulator publishes a notice with a PDF to
 * 金水区 in 通知发布; the demo clerk sees the unread count, opens the notice in 通知公告 and downloads the
 * attachment; back in 通知发布 the regulator's read receipts show the project read it, when and by whom. A
 * project in another district is not addressed.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { expect, test, ADMIN, DEMO, PDF, PROJECT_NAME, login, logout, shot, toast, upload } from './support'

const OTHER_PROJECT = '郑州市中原区测试安置房项目'
const TITLE = '关于开展冬季农民工工资支付专项检查的通知'
const BODY = '各项目：\n请于本月底前自查工资支付情况，\n并按附件要求报送材料。'

test('the regulator publishes a notice, the clerk reads it, the regulator sees the read', async ({ page, server }, testInfo) => {
  // The draft project approved in 中原区: a project of the area the 金水区 notice must not reach.
  execFileSync('sqlite3', [
    `${server.dir}/e2e.db`,
    `UPDATE projects SET name = '${OTHER_PROJECT}', audit_status = '2', district_code = '4101,410102' WHERE name = ''`,
  ])

  await login(page, ADMIN)
  await page.goto('/regulator/notices')
  const desk = page.getByTestId('notice-desk')
  await expect(desk).toBeVisible()
  await desk.getByTestId('notice-publish').click()
  await page.getByTestId('publish-title').fill(TITLE)
  await page.getByTestId('publish-body').fill(BODY)
  await page.getByTestId('publish-audience').getByText('指定行政区划').click()
  await page.getByTestId('publish-districts').click()
  await page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu-item').filter({ hasText: '郑州市' }).first().click()
  await page
    .locator('.ant-cascader-dropdown:visible .ant-cascader-menu-item')
    .filter({ hasText: '金水区' })
    .first()
    .locator('.ant-cascader-checkbox')
    .click()
  await page.keyboard.press('Escape')
  await upload(page, 'publish-attachments', PDF)
  await shot(page, testInfo, '01-regulator-publishes')
  await page.getByTestId('publish-submit').click()
  await expect(toast(page, '发布成功，已通知 1 个项目')).toBeVisible()
  const row = desk.locator('.ant-table-row').filter({ hasText: TITLE })
  await expect(row).toContainText('指定行政区划：郑州市/金水区')
  await expect(row.locator('[data-testid^=notice-reads-]')).toHaveText('0 / 1')
  await shot(page, testInfo, '02-published')
  await logout(page)

  // The clerk: the bell counts the new notice's message, 通知公告 marks it unread.
  await login(page, DEMO)
  await expect(page.getByTestId('header-project')).toContainText(PROJECT_NAME)
  await expect(page.getByTestId('header-message-count')).not.toHaveText('0')
  await page.goto('/message/announcement')
  const board = page.getByTestId('announcement-page')
  await expect(board.getByTestId('notice-unread-count')).toContainText('2')
  const notice = board.locator('.ant-table-row').filter({ hasText: TITLE })
  await expect(notice).toContainText('未读')
  await shot(page, testInfo, '03-clerk-sees-unread')
  await notice.getByRole('button', { name: TITLE }).click()
  const dialog = page.getByTestId('notice-dialog')
  await expect(dialog.getByTestId('notice-body')).toHaveText(BODY, { useInnerText: true })
  const downloading = page.waitForEvent('download')
  await dialog.getByText(PDF.name).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe(PDF.name)
  expect(readFileSync(await download.path())).toEqual(PDF.buffer)
  await shot(page, testInfo, '04-clerk-opens-notice')
  await page.keyboard.press('Escape')
  await expect(notice).toContainText('已读')
  await expect(board.getByTestId('notice-unread-count')).toContainText('1')
  await shot(page, testInfo, '05-clerk-read')
  await logout(page)

  // The regulator sees the read.
  await login(page, ADMIN)
  await page.goto('/regulator/notices')
  const published = page.getByTestId('notice-desk').locator('.ant-table-row').filter({ hasText: TITLE })
  await expect(published.locator('[data-testid^=notice-reads-]')).toHaveText('1 / 1')
  await published.getByRole('button', { name: '阅读回执' }).click()
  const drawer = page.getByTestId('receipts-drawer')
  await expect(drawer.getByTestId('receipts-summary')).toHaveText('1 / 1')
  const receipt = drawer.getByTestId('receipts-table').locator('.ant-table-row').filter({ hasText: PROJECT_NAME })
  await expect(receipt).toContainText('已读')
  await expect(receipt).toContainText('demo')
  await expect(drawer.getByTestId('receipts-table')).not.toContainText(OTHER_PROJECT)
  await shot(page, testInfo, '06-regulator-sees-read')
})
