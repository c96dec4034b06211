/** A project not yet submitted fills in step 1 of the registration wizard and moves on to step 2. */
import { expect, test, NEWSITE, cascade, choose, day, login, shot, typeDate } from './support'

test('step 1 checks every field, takes a map point and saves to the server', async ({ page }, testInfo) => {
  await login(page, NEWSITE)
  // The roster journey gives newsite's project a general contractor (step 3) through the API, so the
  // wizard may open further on: step 1 is one click away on the step bar.
  await expect(page.getByTestId('wizard-steps')).toBeVisible()
  await page.getByTestId('wizard-steps').getByText('项目信息').click()
  await expect(page.getByTestId('wizard-step-project')).toBeVisible()
  await shot(page, testInfo, '01-step1-empty')

  await page.getByTestId('project-save').click()
  await expect(page.getByText('请填写项目名称')).toBeVisible()
  await expect(page.getByText('请选择坐标')).toBeVisible()
  await shot(page, testInfo, '02-step1-refused')

  await page.getByTestId('project-name').fill('郑州市金水区演示安置房项目')
  await choose(page, '项目类型', '房屋建筑工程')
  await choose(page, '资金来源', '政府投资')
  await choose(page, '行业主管部门', '住建部门')
  await choose(page, '工程进度', '未开工')
  await cascade(page, 'project-district', ['郑州市', '金水区'])
  await cascade(page, 'project-area', ['金水区'])
  await page.getByPlaceholder('请输入3-100个字的项目地址').fill('郑州市金水区经三路15号')
  await page.getByTestId('project-price').fill('8500.5')
  await typeDate(page, 'project-start', day(10))
  await typeDate(page, 'project-completion', day(374))
  await expect(page.getByTestId('project-endtime')).toHaveValue('365')

  await page.getByTestId('open-map').click()
  const dialog = page.getByTestId('map-dialog')
  await expect(dialog.locator('.leaflet-container')).toBeVisible()
  await dialog.getByTestId('map-lng').fill('200')
  await dialog.getByTestId('map-lat').fill('34.75')
  await dialog.getByTestId('map-confirm').click()
  await expect(dialog.getByText('中国经纬度范围为经度73.66~135.05,纬度3.86~53.55')).toBeVisible()
  await dialog.getByTestId('map-lng').fill('113.66')
  await shot(page, testInfo, '03-map-dialog')
  await dialog.getByTestId('map-confirm').click()
  await expect(page.getByTestId('project-latlng')).toHaveValue('34.75,113.66')
  await shot(page, testInfo, '04-step1-filled')

  await page.getByTestId('project-save').click()
  await expect(page.getByText('操作成功!')).toBeVisible()
  await expect(page.getByTestId('wizard-step-2')).toBeVisible()
  await shot(page, testInfo, '05-step2')

  // The step and the saved values come from the server.
  // The saved values come back from the server (the wizard reopens at the furthest saved step).
  await page.reload()
  await page.getByTestId('wizard-steps').getByText('项目信息').click()
  await expect(page.getByTestId('project-name')).toHaveValue('郑州市金水区演示安置房项目')
  await expect(page.getByTestId('project-price')).toHaveValue('8500.5')
  await expect(page.getByTestId('project-latlng')).toHaveValue('34.75,113.66')
})
