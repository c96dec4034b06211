/**
 * The bureau's county inspector (issue 14): the whole-area 管理员 creates a 监察 account for 金水区 in 监管账号;
 * the inspector sets a password, finds only the county's projects in 项目目录, puts the demo project in view
 * and walks its roster, attendance, wage orders and account flows without one write button; a write sent by
 * hand is refused; 操作日志 shows the clerk's latest change.
 */
import { execFileSync } from 'node:child_process'
import {
  expect,
  test,
  ADMIN,
  DEMO,
  PROJECT_NAME,
  cascade,
  cookieValue,
  countLoads,
  login,
  logout,
  pickOption,
  shot,
  toast,
} from './support'

/** The demo's draft project, named and placed in 中原区 so that the county has a project it must not see. */
const OTHER_PROJECT = '郑州市中原区测试安置房项目'
const INSPECTOR = 'jinshui01'
const NEW_PASSWORD = 'Jinshui@2026'
const NEW_LEADER_PHONE = '13663719999'

test('a county inspector reads its projects and changes nothing', async ({ page, server }, testInfo) => {
  execFileSync('sqlite3', [
    `${server.dir}/e2e.db`,
    `UPDATE projects SET name = '${OTHER_PROJECT}', district_code = '4101,410102' WHERE name = ''`,
  ])

  // The clerk changes a team leader's phone: the change the inspector finds in the log at the end.
  await login(page, DEMO)
  await page.goto('/project/bzInfo')
  const teams = page.getByTestId('bz-info')
  await teams.locator('[data-testid^=team-edit-]').first().click()
  await page.getByTestId('team-phone').fill(NEW_LEADER_PHONE)
  await page.getByTestId('team-save').click()
  await expect(page.getByTestId('team-save')).toBeHidden()
  await logout(page)

  // The whole-area 管理员 creates the county's 监察 account.
  await login(page, ADMIN)
  await page.goto('/system/regulators')
  const regulators = page.getByTestId('regulators-page')
  await regulators.getByTestId('regulator-create').click()
  await page.getByTestId('regulator-username').fill(INSPECTOR)
  await page.getByTestId('regulator-name').fill('李金水')
  await page.getByTestId('regulator-phone').fill('13700001111')
  await cascade(page, 'regulator-district', ['郑州市', '金水区'])
  await pickOption(page, page.getByTestId('regulator-role'), '监察')
  await shot(page, testInfo, '01-manager-creates-inspector')
  await page.getByTestId('regulator-save').click()
  const password = page.getByTestId('regulator-password')
  await expect(password).toHaveText(/\S{8,}/)
  const initial = (await password.textContent())!.trim()
  await shot(page, testInfo, '02-initial-password')
  await page.getByRole('button', { name: '我已记下' }).click()
  await expect(regulators.getByTestId('regulators-table')).toContainText(INSPECTOR)
  await expect(regulators.getByTestId('regulators-table')).toContainText('金水区')
  await logout(page)

  // The inspector's first login asks for a password of its own.
  await login(page, { username: INSPECTOR, password: initial, side: 'builder' })
  const dialog = page.getByTestId('forced-password-dialog')
  await expect(dialog).toBeVisible()
  await dialog.getByTestId('old-password').fill(initial)
  await dialog.getByTestId('new-password').fill(NEW_PASSWORD)
  await dialog.getByTestId('confirm-password').fill(NEW_PASSWORD)
  const changeLoads = countLoads(page)
  await dialog.getByTestId('change-password-submit').click()
  await expect(toast(page, '修改成功')).toBeVisible()
  // The change logs out and reloads; the new password logs in.
  await expect.poll(changeLoads).toBe(1)
  await expect(page).toHaveURL(/\/login$/)
  await expect.poll(() => cookieValue(page, 'Admin-Token')).toBeUndefined()
  await login(page, { username: INSPECTOR, password: NEW_PASSWORD, side: 'builder' })
  await expect(page).toHaveURL(/\/index$/)
  await expect(dialog).toHaveCount(0)

  // 项目目录: only the county's project.
  await page.goto('/regulator/projects')
  const directory = page.getByTestId('directory-page')
  const rows = directory.getByTestId('directory-table').locator('tbody tr.ant-table-row')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText(PROJECT_NAME)
  await expect(directory).not.toContainText(OTHER_PROJECT)
  await expect(page.getByText('监管账号', { exact: true })).toHaveCount(0)
  await shot(page, testInfo, '03-county-directory')
  await rows.first().locator('[data-testid^=directory-view-]').click()
  await expect(page.getByTestId('project-in-view')).toHaveText(PROJECT_NAME)

  // The project's lists, read-only.
  await page.goto('/user/list')
  const roster = page.getByTestId('roster-page')
  await expect(roster.getByTestId('roster-table')).toContainText('钢筋班')
  await expect(roster.getByTestId('roster-import')).toHaveCount(0)
  await expect(roster.getByRole('button', { name: /退\s*场/ })).toHaveCount(0)
  await shot(page, testInfo, '04-roster-read-only')

  await page.goto('/user/attendance')
  const attendance = page.getByTestId('attendance-page')
  await expect(attendance.getByTestId('attendance-table').locator('tbody tr.ant-table-row').first()).toBeVisible()
  await expect(attendance.getByTestId('attendance-import')).toHaveCount(0)
  await shot(page, testInfo, '05-attendance-read-only')

  // The demo has no wage sheet yet: the wage pages load without a button that would start one.
  await page.goto('/project/accounting')
  const accounting = page.locator('[data-testid=page-pane][data-path="/project/accounting"]')
  await expect(accounting.locator('.ant-table')).toBeVisible()
  await expect(accounting.getByRole('button', { name: /新建工资表|计薪规则|工资发放/ })).toHaveCount(0)
  await expect(accounting.getByRole('button', { name: '工资核查' })).toBeVisible()
  await page.goto('/special/orderManagement')
  const orders = page.locator('[data-testid=page-pane][data-path="/special/orderManagement"]')
  await expect(orders.locator('.ant-table')).toBeVisible()
  await expect(orders.getByRole('button', { name: '发起工资发放' })).toHaveCount(0)
  await shot(page, testInfo, '06-orders-read-only')

  await page.goto('/special/water')
  const water = page.getByTestId('water-page')
  await expect(water.getByTestId('water-table').locator('tbody tr.ant-table-row').first()).toBeVisible()
  await expect(water.getByRole('button', { name: /录\s*入|新\s*增/ })).toHaveCount(0)
  await shot(page, testInfo, '07-flows-read-only')

  // A write sent by hand is refused, and nothing changed.
  const token = (await cookieValue(page, 'Admin-Token')) ?? ''
  const refused = await page.request.post('/builder/team/v1/Team/ajax_save', {
    headers: { 'X-Token': token },
    form: { name: '监察新建班组', leader_name: '王五', leader_phone: '13600000000', work_type: '1', entry_date: '2026-03-05' },
  })
  const body = (await refused.json()) as { code: number; message: string }
  expect(body.code).toBe(403)
  expect(body.message).toBe('监管部门账号只能查看，不能修改项目数据')

  // 操作日志: the clerk's change on this project.
  await page.goto('/system/oplog')
  const log = page.getByTestId('oplog-page')
  await log.getByTestId('oplog-filter-account').fill('demo')
  await log.getByTestId('oplog-search').click()
  const change = log.getByTestId('oplog-table').locator('tbody tr.ant-table-row').filter({ hasText: '修改班组' })
  await expect(change).toHaveCount(1)
  await expect(change).toContainText('demo')
  await expect(change).toContainText(PROJECT_NAME)
  await shot(page, testInfo, '08-operation-log')
})
