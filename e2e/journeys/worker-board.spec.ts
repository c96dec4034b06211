/**
 * The site board's QR code (issue 31): the clerk opens the printable 维权信息告示牌, whose QR code (decoded here
 * from the image the board prints) is `<origin>/w?project=<id>`. On a phone (375 × 812) the address opens the
 * worker's login with the project named, its anonymous lead page with the project chosen and, without a login,
 * the site's board (the 劳资专管员 and the complaint lines to call). 吴志强 of the demo roster logs in with his
 * ID number and the SMS code, files an arrears lead with the project prefilled, gets its receipt number and
 * finds the lead in 我的欠薪线索. Screenshots of the phone pages and the printable board go to e2e/test-results/phone/.
 */
import path from 'node:path'
import jsQR from 'jsqr'
import { PNG } from 'pngjs'
import type { Page } from '@playwright/test'
import { expect, test, PHONE_SHOTS, phoneShot, PROJECT_NAME, builderCall, loginAsDemo, shot, smsCode } from './support'

const WORKER = { name: '吴志强', idNumber: '410105199306041599', phone: '13910000029' }
const EMPLOYER = '钢筋班'
const AMOUNT = '8600.50'
const DESCRIPTION = '九月、十月两个月的工资班组长一直说下个月发，至今没有发放'

/** The text of the QR code in a PNG data URL, decoded in Node. */
function decodeQr(dataUrl: string): string {
  const match = /^data:image\/png;base64,(.+)$/.exec(dataUrl)
  expect(match, 'the QR code is a PNG data URL').not.toBeNull()
  const png = PNG.sync.read(Buffer.from(match![1], 'base64'))
  const code = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height)
  expect(code, 'the QR code decodes').not.toBeNull()
  return code!.data
}


test("the board's QR code opens the worker's pages for the project, where he files a lead and follows it", async ({ page, browser, baseURL, server }, testInfo) => {
  test.setTimeout(240_000)

  // ---- 1. The clerk's printable board carries the QR code of /w with the project. ----
  await loginAsDemo(page)
  const info = await builderCall<{ stepForm: { Id: number } }>(page, 'POST', '/builder/project/v1/Project/ajax_project_info', {})
  const projectId = info.stepForm.Id
  await page.setViewportSize({ width: 1600, height: 1300 })
  await page.goto('/project/projectInfo')
  await page.locator('[data-testid="page-pane"]:not([hidden])').getByTestId('open-notice-board').click()
  const board = page.getByTestId('notice-board')
  await expect(board).toContainText(PROJECT_NAME)
  const qr = board.getByTestId('notice-board-qr-image')
  await expect(qr).toBeVisible()
  await expect(board.getByTestId('notice-board-qr')).toContainText('扫码查看本人考勤工资 · 反映欠薪')
  const scanned = decodeQr((await qr.getAttribute('src'))!)
  expect(scanned).toBe(`${baseURL}/w?project=${projectId}`)
  await page.screenshot({ path: path.join(PHONE_SHOTS, 'notice-board-qr.png'), animations: 'disabled' })
  // On paper: the board alone, the QR code on it.
  await page.emulateMedia({ media: 'print' })
  await expect(qr).toBeVisible()
  await shot(page, testInfo, 'notice-board-print')
  await page.emulateMedia({ media: 'screen' })

  // ---- 2. The worker scans it: his phone opens the login with the project named. ----
  const phone = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, locale: 'zh-CN' })
  const mobile = await phone.newPage()
  await mobile.goto(scanned)
  await expect(mobile).toHaveURL(new RegExp(`/w/login\\?project=${projectId}(&|$)`))
  await expect(mobile.getByTestId('worker-project-name')).toHaveText(PROJECT_NAME)
  await expect(mobile.getByTestId('worker-anonymous-clue')).toHaveAttribute('href', `/clue?projectId=${projectId}`)
  await shot(mobile, testInfo, 'worker-login-project')
  // Without a phone on the roster: the anonymous lead page, the project already chosen.
  await mobile.getByTestId('worker-anonymous-clue').click()
  await expect(mobile).toHaveURL(new RegExp(`/clue\\?projectId=${projectId}$`))
  await expect(mobile.getByTestId('clue-project')).toContainText(PROJECT_NAME)
  await mobile.goBack()

  // The site's board, before any login: whom to call.
  await mobile.getByTestId('worker-project-named').click()
  await expect(mobile).toHaveURL(new RegExp(`/w/board\\?project=${projectId}$`))
  await expect(mobile.getByTestId('board-project-name')).toHaveText(PROJECT_NAME)
  await expect(mobile.getByTestId('board-clerk').first()).toContainText('孙丽')
  await expect(mobile.getByTestId('board-clerk-call').first()).toHaveAttribute('href', /^tel:1\d{10}$/)
  await expect(mobile.getByTestId('board-hotline-call')).toHaveAttribute('href', 'tel:12333')
  await expect(mobile.getByTestId('board-pay-day')).toHaveText('每月15日')
  await phoneShot(mobile, 'worker-board')
  await mobile.getByTestId('board-login').click()
  await expect(mobile).toHaveURL(new RegExp(`/w/login\\?project=${projectId}$`))

  // ---- 3. He logs in with his ID number and the SMS code: his home, the project kept. ----
  await mobile.getByTestId('worker-id-number').fill(WORKER.idNumber)
  await mobile.getByTestId('worker-send-code').click()
  await expect(mobile.getByTestId('worker-login-note')).toHaveText('如该身份证号已登记，验证码已发送至登记手机')
  const code = smsCode(server, WORKER.phone)
  expect(code).toMatch(/^\d{6}$/)
  await mobile.getByTestId('worker-code').fill(code)
  await mobile.getByTestId('worker-login-submit').click()
  await expect(mobile).toHaveURL(new RegExp(`/w\\?project=${projectId}$`))
  await expect(mobile.getByTestId('my-name')).toHaveText(WORKER.name)

  // ---- 4. 反映欠薪: the project prefilled, who he is taken from the roster. ----
  await mobile.getByTestId('my-link-report').click()
  await expect(mobile).toHaveURL(new RegExp(`/w/report\\?project=${projectId}$`))
  const form = mobile.getByTestId('report-form')
  await expect(form.getByTestId('report-project')).toContainText(PROJECT_NAME)
  await form.getByTestId('report-employer').getByRole('combobox').fill(EMPLOYER)
  await form.getByTestId('report-amount').fill(AMOUNT)
  await form.getByTestId('report-months').fill('2')
  await form.getByTestId('report-description').fill(DESCRIPTION)
  await mobile.keyboard.press('Escape')
  await phoneShot(mobile, 'worker-report')
  await form.getByTestId('report-submit').click()
  const receipt = mobile.getByTestId('report-receipt')
  await expect(receipt).toHaveText(/^XS\d{16}$/)
  const number = (await receipt.textContent())!

  // ---- 5. 我的欠薪线索: the lead, its project, amount and status. ----
  await mobile.getByTestId('report-to-leads').click()
  await expect(mobile).toHaveURL(/\/w\/leads$/)
  const lead = mobile.getByTestId(`my-lead-${number}`)
  await expect(lead).toContainText(PROJECT_NAME)
  await expect(lead.getByTestId('my-lead-owed')).toHaveText('¥8,600.50')
  await expect(lead.getByTestId('my-lead-status')).not.toBeEmpty()
  await phone.close()
})
