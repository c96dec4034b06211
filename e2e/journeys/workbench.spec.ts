/**
 * The workbench and the data screen: the clerk opens each card's screen from 工作台; the clerk opens the data
 * screen on a 1920×1080 TV; the regulator reads its district's workbench and screen.
 */
import type { Page } from '@playwright/test'
import { expect, test, ADMIN, loginAsDemo, login, logout, shot } from './support'

const card = (page: Page, id: string) => page.getByTestId(`workbench-${id}`)
const homeTab = (page: Page) => page.locator('[data-testid=tags-view-item][data-path="/index"]')

/** Each card of the clerk's workbench and the screen it opens. */
const CLERK_CARDS: [string, string][] = [
  ['onSite', '/user/list'],
  ['attendedToday', '/project/sheets'],
  ['wages', '/special/orderManagement'],
  ['balance', '/special/information'],
  ['warnings', '/message/warn'],
  ['messages', '/message/system'],
  ['notices', '/message/announcement'],
  ['leads', '/remunerationClues/feedbackManagement'],
  ['ordersPending', '/special/orderManagement'],
  ['failedLines', '/special/abnormal'],
  ['keyPosts', '/project/projectManagement'],
  ['guarantee', '/project/constructInfo'],
]

test('the clerk opens every card of the workbench', async ({ page }, testInfo) => {
  // Twelve screens, each loaded for the first time: a minute on a quiet machine is not enough on a busy one.
  test.setTimeout(150_000)
  await loginAsDemo(page)
  await expect(card(page, 'onSite')).toContainText(/\d+ 人/)
  await expect(card(page, 'wages')).toContainText('/')
  await shot(page, testInfo, '01-clerk-workbench')

  for (const [id, path] of CLERK_CARDS) {
    await card(page, id).click()
    await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`))
    await expect(page.locator(`[data-testid=page-pane][data-path="${path}"]`)).toBeVisible()
    await homeTab(page).click()
    await expect(page).toHaveURL(/\/index$/)
    await expect(card(page, id)).toBeVisible()
  }
})

test('the clerk opens the data screen on a TV', async ({ page }, testInfo) => {
  test.setTimeout(90_000)
  await loginAsDemo(page)
  await expect(page.getByTestId('workbench-welcome')).toBeVisible()
  await page.setViewportSize({ width: 1920, height: 1080 })
  await page.getByTestId('sidebar').getByText('系统设置', { exact: true }).click()
  await page.getByTestId('sidebar').getByText('数据大屏', { exact: true }).click()
  await expect(page).toHaveURL(/\/system\/tvscreen$/)
  const screen = page.getByTestId('data-screen')
  await expect(screen.getByTestId('screen-onSite')).toContainText(/\d+人/)
  // Outside the shell: no sidebar, no tabs.
  await expect(page.getByTestId('sidebar')).toHaveCount(0)
  await expect(screen.locator('canvas')).toHaveCount(2)
  const onSite = (await screen.getByTestId('screen-onSite').textContent())!.replace(/\D/g, '')
  expect(Number(onSite)).toBeGreaterThan(0)
  await shot(page, testInfo, '02-data-screen-1920x1080')

  await screen.getByRole('button', { name: '退出大屏' }).click()
  await expect(page).toHaveURL(/\/index$/)
  await expect(page.getByTestId('workbench-welcome')).toBeVisible()
})

test("the regulator reads its district's workbench and screen", async ({ page }, testInfo) => {
  test.setTimeout(90_000)
  await login(page, ADMIN)
  await expect(page).toHaveURL(/\/index$/)
  await expect(card(page, 'projects')).toContainText('/')
  await expect(card(page, 'onSite')).toContainText(/\d+ 人/)
  await shot(page, testInfo, '03-regulator-workbench')
  await card(page, 'warnings').click()
  await expect(page).toHaveURL(/\/regulator\/warnings$/)
  await homeTab(page).click()
  await card(page, 'submitted').click()
  await expect(page).toHaveURL(/\/audit\/project$/)

  await page.setViewportSize({ width: 1920, height: 1080 })
  await page.goto('/system/tvscreen')
  const screen = page.getByTestId('data-screen')
  await expect(screen.getByTestId('screen-onSite')).toContainText(/\d+人/)
  await expect(screen.locator('.screen-map-box .leaflet-container')).toBeVisible()
  await shot(page, testInfo, '04-regulator-data-screen')
  await screen.getByRole('button', { name: '退出大屏' }).click()
  await expect(page).toHaveURL(/\/index$/)
  await logout(page)
})
