/**
 * A wage-arrears lead end to end (issue 15, journey a): a worker reports it on `/clue` on a phone-sized screen
 * with a photo → the regulator dispatches it from 线索管理 → the clerk answers in 线索详情 (opened from 线索反馈管理)
 * with a photo → the regulator returns it once, the clerk answers again, the regulator accepts it → the
 * worker's receipt lookup shows the bureau's answer.
 */
import type { Page } from '@playwright/test'
import { expect, test, ADMIN, DEMO, OK, PROJECT_NAME, confirmDialog, login, logout, pickOption, shot, toast } from './support'

const PHONE = { width: 375, height: 812 }
const WORKER_PHONE = '13912345678'
const ANSWER = '经核查，班组已于11月24日补发全部工资，线索办结。'
/** A 1×1 PNG: the server checks the content, not only the name. */
const PHOTO = {
  name: 'site.png',
  mimeType: 'image/png',
  buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
}

/** Logs an account in and waits for its workbench, so that the next page load finds the session settled. */
async function signIn(page: Page, account: typeof ADMIN) {
  await login(page, account)
  await expect(page).toHaveURL(/\/index$/)
}

/** The inbox's row of the lead, opened in the review drawer. */
async function openLead(page: Page, receipt: string) {
  await page.goto('/regulator/clues')
  await page.getByRole('row').filter({ hasText: receipt }).getByRole('button', { name: /查\s*看/ }).click()
  await expect(page.getByTestId('lead-history')).toBeVisible()
}

/** Closes the review drawer, whose mask would cover the header's user menu. */
async function closeLead(page: Page) {
  await page.locator('.ant-drawer:visible .ant-drawer-close').click()
  await expect(page.getByTestId('lead-history')).toBeHidden()
}

/** The login popup lists the lead the bureau sent (dispatched or returned); 查看 opens it, answered with a photo. */
async function answer(page: Page, receipt: string, content: string) {
  await signIn(page, DEMO)
  const waiting = page.getByTestId('lead-popup').locator('[data-testid^=lead-popup-item-]').filter({ hasText: receipt })
  await expect(waiting).toBeVisible()
  await waiting.locator('[data-testid^=lead-popup-view-]').click()
  await expect(page).toHaveURL(/\/remunerationClues\/feedbackDetail\?id=\d+$/)
  await page.getByTestId('feedback-content').fill(content)
  await page.getByTestId('feedback-detail').locator('input[type=file]').setInputFiles(PHOTO)
  await expect(page.getByTestId('feedback-detail').locator('.ant-upload-list-item-done').first()).toBeVisible()
  await page.getByTestId('feedback-submit').click()
  await expect(toast(page, '反馈成功')).toBeVisible()
}

test('a worker reports a lead and sees the bureau answer it', async ({ page, browser, server }, testInfo) => {
  // Three accounts take seven turns: longer than one screen's journey.
  test.setTimeout(240_000)
  // The worker, on a phone, without an account.
  const phone = await browser.newPage({ viewport: PHONE, baseURL: server.url })
  await phone.goto('/clue')
  await expect(phone.getByTestId('clue-page')).toBeVisible()
  await phone.getByTestId('clue-name').fill('王小明')
  await phone.getByTestId('clue-phone').fill(WORKER_PHONE)
  await phone.getByTestId('clue-id-number').fill('410105199003152013')
  const project = phone.getByTestId('clue-project').getByRole('combobox')
  await project.click()
  await project.fill('幸福里')
  await phone.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: PROJECT_NAME }).click()
  await phone.getByTestId('clue-employer').fill('木工班组（李四）')
  await phone.getByTestId('clue-amount').fill('12345.60')
  await phone.getByTestId('clue-months').fill('3')
  await phone.getByTestId('clue-description').fill('9月至11月的工资一直没有发放，班组长说项目没拨款。')
  await phone.getByTestId('clue-report').locator('input[type=file]').setInputFiles(PHOTO)
  await phone.getByTestId('clue-captcha').fill('abcd')
  await shot(phone, testInfo, '01-worker-reports-on-a-phone')
  await phone.getByTestId('clue-submit').click()
  const receipt = (await phone.getByTestId('clue-receipt').textContent())!.trim()
  expect(receipt).toMatch(/^XS\d{16}$/)
  await shot(phone, testInfo, '02-worker-gets-the-receipt')

  // The regulator dispatches it to the project.
  await signIn(page, ADMIN)
  await openLead(page, receipt)
  await expect(page.getByTestId('clue-drawer')).toContainText('待派发')
  await shot(page, testInfo, '03-regulator-reviews-the-new-lead')
  await page.getByTestId('clue-dispatch').click()
  await confirmDialog(page).getByRole('button', { name: /派\s*发/ }).click()
  await expect(toast(page, '派发成功')).toBeVisible()
  await expect(page.getByTestId('clue-drawer')).toContainText('待反馈')
  await closeLead(page)
  await logout(page)

  // The clerk answers with a photo.
  await answer(page, receipt, '已联系木工班组核实，正在安排补发。')
  await shot(page, testInfo, '04-clerk-answers-with-a-photo')
  await logout(page)

  // The regulator returns it once.
  await signIn(page, ADMIN)
  await openLead(page, receipt)
  await page.getByTestId('clue-return').click()
  await page.getByTestId('clue-decision-remark').fill('请上传工资发放凭证')
  await page.locator('.ant-modal:visible').getByRole('button', { name: OK }).click()
  await expect(toast(page, '已退回')).toBeVisible()
  await expect(page.getByTestId('clue-drawer')).toContainText('请上传工资发放凭证')
  await shot(page, testInfo, '05-regulator-returns-the-feedback')
  await closeLead(page)
  await logout(page)

  // The clerk answers again, then the regulator accepts it.
  await answer(page, receipt, '工资已补发，发放凭证见附件。')
  await expect(page.getByTestId('lead-history')).toContainText('请上传工资发放凭证')
  await logout(page)
  await signIn(page, ADMIN)
  await openLead(page, receipt)
  await page.getByTestId('clue-accept').click()
  await page.getByTestId('clue-decision-remark').fill(ANSWER)
  await page.locator('.ant-modal:visible').getByRole('button', { name: OK }).click()
  await expect(toast(page, '已办结')).toBeVisible()
  await expect(page.getByTestId('clue-drawer')).toContainText('已办结')
  await shot(page, testInfo, '06-regulator-accepts-with-the-history')

  // The worker looks the receipt up.
  await phone.getByTestId('clue-to-progress').click()
  await phone.getByTestId('clue-progress-receipt').fill(receipt)
  await phone.getByTestId('clue-progress-phone').fill(WORKER_PHONE)
  await phone.getByTestId('clue-progress-submit').click()
  await expect(phone.getByTestId('clue-progress-result')).toContainText('已办结')
  await expect(phone.getByTestId('clue-progress-answer')).toContainText(ANSWER)
  await shot(phone, testInfo, '07-worker-sees-the-answer')
  await phone.close()
})

// Fails on main after the merges of 2026-11-28: the 监察's 线索管理 lists no unregistered lead (the API test
// `clues::a_lead_from_an_unregistered_site_goes_to_the_bureau` passes); first thing next session (issue 34).
test('a worker on an unregistered site reports it and the bureau links it to the project', async ({ page, browser, server }, testInfo) => {
  test.setTimeout(180_000)
  const phone = await browser.newPage({ viewport: PHONE, baseURL: server.url })
  await phone.goto('/clue')
  await phone.getByTestId('clue-name').fill('李大山')
  await phone.getByTestId('clue-phone').fill('13912340000')
  await phone.getByTestId('clue-id-number').fill('410105199003152013')
  const project = phone.getByTestId('clue-project').getByRole('combobox')
  await project.click()
  await project.fill('经三路商铺')
  await expect(phone.locator('.ant-select-dropdown:visible')).toContainText('没有找到该项目')
  await phone.keyboard.press('Escape')
  await phone.getByTestId('clue-unregistered').click()
  await phone.getByTestId('clue-site-name').fill('经三路临街商铺改造')
  await phone.getByTestId('clue-site-address').fill('郑州市金水区经三路88号')
  await pickOption(phone, phone.getByTestId('clue-site-district'), '金水区')
  await expect(phone.getByTestId('clue-site-district')).toContainText('金水区')
  await phone.getByTestId('clue-employer').fill('包工头张三')
  await phone.getByTestId('clue-employer-phone').fill('13700001111')
  await phone.getByTestId('clue-amount').fill('8000')
  await phone.getByTestId('clue-months').fill('2')
  await phone.getByTestId('clue-description').fill('两个月工资没有发放，包工头联系不上。')
  await phone.getByTestId('clue-captcha').fill('abcd')
  await shot(phone, testInfo, '11-worker-names-an-unregistered-site')
  await phone.getByTestId('clue-submit').click()
  const receipt = (await phone.getByTestId('clue-receipt').textContent())!.trim()
  expect(receipt).toMatch(/^XS\d{16}$/)
  await phone.close()

  // The district's 监察 sees it marked, links it to the registered project it is, then dispatches it.
  await signIn(page, { username: 'jiancha', password: 'Demo@12345', side: 'builder' })
  await page.goto('/regulator/clues')
  await page.getByTestId('clue-filter-unregistered').check()
  await page.getByTestId('clue-search').click()
  const row = page.getByRole('row').filter({ hasText: receipt })
  await expect(row).toContainText('未登记项目')
  await expect(row).toContainText('经三路临街商铺改造')
  await shot(page, testInfo, '12-regulator-sees-the-unregistered-lead')
  await row.getByRole('button', { name: /查\s*看/ }).click()
  const drawer = page.getByTestId('clue-drawer')
  await expect(drawer).toContainText('郑州市金水区经三路88号')
  await expect(drawer.getByTestId('clue-dispatch')).toHaveCount(0)
  await drawer.getByTestId('clue-assign').click()
  const choose = page.getByTestId('clue-assign-project').getByRole('combobox')
  await choose.click()
  await choose.fill('幸福里')
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: PROJECT_NAME }).click()
  await page.getByTestId('clue-assign-ok').click()
  await expect(toast(page, '已关联项目')).toBeVisible()
  await expect(drawer).toContainText('关联项目')
  await expect(drawer).toContainText(PROJECT_NAME)
  await shot(page, testInfo, '13-regulator-links-the-lead')
  await drawer.getByTestId('clue-dispatch').click()
  await confirmDialog(page).getByRole('button', { name: /派\s*发/ }).click()
  await expect(toast(page, '派发成功')).toBeVisible()
  await expect(drawer).toContainText('待反馈')
})
