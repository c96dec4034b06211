/**
 * Issue 34 item 3: the county's 监察 finds his own menus first, puts the demo project in view in 项目目录 and reads
 * every page his menu shows — the project's information, units, teams, staff and credit records (his own bureau
 * record among them) with their data, not 加载失败 / 请选择项目 — with no button that would change them, and no
 * clerk's 通知公告 or 线索反馈管理. A clerk opening a regulator's screen is refused with 401.
 */
import type { Locator, Page } from '@playwright/test'
import { expect, test, DEMO, PROJECT_NAME, cookieValue, login, shot } from './support'

const INSPECTOR = { username: 'jiancha', password: 'Demo@12345', side: 'builder' as const }

/** A page of the sidebar by its group and label, with what it shows of the demo project where named. */
type MenuPage = [group: string | null, label: string, path: string, shows?: string]

/** The pages of the issue: the project's information, units, teams, staff and credit records. */
const PROJECT_PAGES: MenuPage[] = [
  ['项目管理', '项目信息', '/project/projectInfo'],
  ['项目管理', '建设单位信息', '/project/builderInfo', '郑州市金水区城市建设投资有限公司'],
  ['项目管理', '施工单位信息', '/project/constructInfo', '河南省第一建筑工程集团有限责任公司'],
  ['项目管理', '参建单位', '/project/contractorInfo', '河南中安消防设施工程有限公司'],
  ['项目管理', '班组管理', '/project/bzInfo', '钢筋班'],
  ['项目管理', '管理人员', '/project/projectManagement', '陈国强'],
  ['诚信管理', '不良行为记录', '/faith/record', '王安'],
  ['诚信管理', '奖励记录', '/faith/award', '河南省第一建筑工程集团有限责任公司'],
  ['诚信管理', '处罚记录', '/faith/punishment', '赵小虎'],
]

/** The project's other pages in his menu. */
const MORE_PROJECT_PAGES: MenuPage[] = [
  ['实名制管理', '花名册', '/user/list', '钢筋班'],
  ['实名制管理', '考勤管理', '/user/attendance'],
  ['实名制管理', '工资核查', '/user/salaryCheck'],
  ['实名制管理', '工资支付', '/user/salaryPay'],
  ['实名制管理', '培训记录', '/user/train'],
  ['专户管理', '专户流水', '/special/water'],
  ['专户管理', '专户信息', '/special/information'],
  ['专户管理', '专户对账', '/special/reconciliation'],
  ['专户管理', '工资单管理', '/special/orderManagement'],
  [null, '附件凭证', '/affix/affix'],
  ['消息中心', '预警信息', '/message/warn'],
  ['消息中心', '系统消息', '/message/system'],
  ['统计报表', '用工结构', '/report/people'],
  ['统计报表', '考勤统计', '/report/attendance'],
  ['统计报表', '工资统计', '/report/wage'],
  ['系统设置', '考勤采集', '/system/collection'],
  ['系统设置', '身份证补录', '/system/idmsg'],
  ['系统设置', '考勤设备', '/system/attendant'],
  ['系统设置', '身份证阅读器', '/system/machine'],
  ['系统设置', '数据上报', '/system/platform'],
  ['系统设置', '修改密码', '/system/password'],
]

/** His own screens (监管账号 is the 管理员's). */
const OWN_PAGES: MenuPage[] = [
  ['项目监管', '项目目录', '/regulator/projects', PROJECT_NAME],
  ['项目监管', '通知发布', '/regulator/notices'],
  ['项目监管', '线索管理', '/regulator/clues'],
  ['项目监管', '预警监管', '/regulator/warnings'],
  ['监管审核', '注册审核', '/audit/project'],
  ['监管设置', '节假日设置', '/system/holidays'],
  ['监管设置', '操作日志', '/system/oplog'],
]

// A screen each, on the shared two cores: a story of ten to twenty screens is given room.
test.describe.configure({ timeout: 150_000 })

const FAILED = /加载失败|请选择项目|请先在项目目录中选择要查看的项目/

const pane = (page: Page, path: string): Locator => page.locator(`[data-testid=page-pane][data-path="${path}"]`)

async function readsWithoutError(page: Page, [group, label, path, shows]: MenuPage) {
  const sidebar = page.getByTestId('sidebar')
  if (group) {
    // Opened by its state, not by what shows: a submenu may still be sliding open.
    const title = sidebar.locator('.ant-menu-submenu-title').filter({ hasText: group })
    if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click()
    await expect(title).toHaveAttribute('aria-expanded', 'true')
  }
  await sidebar.getByText(label, { exact: true }).click()
  await expect(page, label).toHaveURL(new RegExp(`${path}$`))
  const screen = pane(page, path)
  await expect(screen, path).toBeVisible()
  if (shows) await expect(screen, path).toContainText(shows)
  await expect(screen.locator('.ant-spin-spinning'), path).toHaveCount(0)
  await expect(screen.locator('.ant-skeleton'), path).toHaveCount(0)
  await expect(screen.locator('.ant-result-error, .ant-alert-error, [data-testid=no-project-in-view]'), path).toHaveCount(0)
  await expect(screen, path).not.toContainText(FAILED)
}

/** The 监察 logs in and puts the demo project in view from 项目目录; his token for calls by hand. */
async function inspectorWithProjectInView(page: Page): Promise<string> {
  await login(page, INSPECTOR)
  await expect(page).toHaveURL(/\/index$/)
  const sidebar = page.getByTestId('sidebar')
  await sidebar.getByText('项目监管', { exact: true }).click()
  await sidebar.getByText('项目目录', { exact: true }).click()
  const directory = page.getByTestId('directory-page')
  const row = directory.getByTestId('directory-table').locator('tbody tr.ant-table-row').filter({ hasText: PROJECT_NAME })
  await row.locator('[data-testid^=directory-view-]').click()
  await expect(page.getByTestId('project-in-view')).toHaveText(PROJECT_NAME)
  await expect(page).toHaveURL(/\/project\/projectInfo$/)
  // The sidebar opens the arrival's group itself: settled before the journey opens or closes groups.
  await expect(sidebar.locator('.ant-menu-submenu-title').filter({ hasText: '项目管理' })).toHaveAttribute('aria-expanded', 'true')
  return (await cookieValue(page, 'Admin-Token')) ?? ''
}

test('the 监察 finds his own menus first and none of the clerk\'s', async ({ page }, testInfo) => {
  await login(page, INSPECTOR)
  await expect(page).toHaveURL(/\/index$/)
  const sidebar = page.getByTestId('sidebar')
  await expect(sidebar.locator('.ant-menu-root > li')).toHaveText([
    '工作台',
    '项目监管',
    '监管审核',
    '监管设置',
    '项目管理',
    '实名制管理',
    '专户管理',
    '诚信管理',
    '附件凭证',
    '消息中心',
    '统计报表',
    '系统设置',
  ])
  await sidebar.getByText('消息中心', { exact: true }).click()
  await expect(sidebar.getByText('预警信息', { exact: true })).toBeVisible()
  await expect(sidebar.getByText('系统消息', { exact: true })).toBeVisible()
  await expect(sidebar.getByText('通知公告', { exact: true })).toHaveCount(0)
  await expect(sidebar.getByText('线索反馈管理', { exact: true })).toHaveCount(0)
  await shot(page, testInfo, '01-inspector-menu')

  // The clerk's screens are not his, even by address.
  for (const path of ['/message/announcement', '/remunerationClues/feedbackManagement']) {
    await page.goto(path)
    await expect(page, path).toHaveURL(/\/401\?noGoBack=true$/)
    await expect(page.getByText('没有权限')).toBeVisible()
  }
})

test('the 监察 reads the project in view\'s information, units, teams, staff and credit records, changing nothing', async ({ page }, testInfo) => {
  const token = await inspectorWithProjectInView(page)
  // His own record: a bureau bad-behaviour record on the project.
  const saved = await page.request.post('/builder/faith/v1/Credit/save', {
    headers: { 'X-Token': token },
    form: {
      project_id: '1',
      kind: 'bad',
      subject_type: 'worker',
      name: '王安',
      id_number: '410103199007161037',
      record_date: '2026-07-01',
      reason: '恶意讨薪，扰乱施工秩序',
      issuer: '郑州市金水区人力资源和社会保障局',
    },
  })
  expect(((await saved.json()) as { code: number }).code).toBe(201)

  for (const entry of PROJECT_PAGES) await readsWithoutError(page, entry)

  // Read-only: the project's information cannot be saved, the lists offer no change.
  await page.goto('/project/projectInfo')
  const info = pane(page, '/project/projectInfo')
  await expect(info.getByTestId('project-name')).toHaveValue(PROJECT_NAME)
  await expect(info.getByTestId('project-save')).toHaveCount(0)
  await shot(page, testInfo, '02-project-info')
  await page.goto('/project/contractorInfo')
  await expect(pane(page, '/project/contractorInfo')).toContainText('河南中安消防设施工程有限公司')
  await expect(page.getByTestId('unit-add')).toHaveCount(0)
  await expect(page.locator('[data-testid^=unit-edit-]')).toHaveCount(0)
  await shot(page, testInfo, '03-participants')
  await page.goto('/project/bzInfo')
  await expect(pane(page, '/project/bzInfo')).toContainText('钢筋班')
  await expect(page.locator('[data-testid^=team-edit-]')).toHaveCount(0)
  await page.goto('/project/projectManagement')
  await expect(pane(page, '/project/projectManagement')).toContainText('陈国强')
  await expect(page.getByTestId('staff-add')).toHaveCount(0)
  await shot(page, testInfo, '04-staff')
  await page.goto('/faith/record')
  await expect(pane(page, '/faith/record')).toContainText('王安')
  await shot(page, testInfo, '05-own-credit-record')
})

test('the 监察 reads the project in view\'s other pages of his menu', async ({ page }) => {
  await inspectorWithProjectInView(page)
  for (const entry of MORE_PROJECT_PAGES) await readsWithoutError(page, entry)
})

test('the 监察 reads his own screens with a project in view', async ({ page }) => {
  await inspectorWithProjectInView(page)
  for (const entry of OWN_PAGES) await readsWithoutError(page, entry)
})

test('a clerk opening a regulator\'s screen is refused', async ({ page }, testInfo) => {
  await login(page, DEMO)
  await expect(page).toHaveURL(/\/index$/)
  for (const path of ['/regulator/projects', '/system/regulators', '/system/oplog']) {
    await page.goto(path)
    await expect(page, path).toHaveURL(/\/401\?noGoBack=true$/)
    await expect(page.getByText('没有权限')).toBeVisible()
  }
  await shot(page, testInfo, '06-clerk-refused')
})
