/**
 * The regulator reads an approved project's roster: from 注册审核 it opens the project's 花名册, filters it
 * and views a worker, without any button that would change it.
 */
import { expect, test, ADMIN, login, PROJECT_NAME, shot, pickOption } from './support'

test('the regulator opens an approved project\'s roster to read', async ({ page }, testInfo) => {
  await login(page, ADMIN)
  await expect(page).toHaveURL(/\/index$/)
  await expect(page.getByTestId('workbench-welcome')).toBeVisible()
  await page.goto('/audit/project')
  const pane = page.locator('[data-testid=page-pane][data-path="/audit/project"]')
  await pane.getByTestId('audit-status').getByText('已通过', { exact: true }).click()
  const row = pane.getByRole('row').filter({ hasText: PROJECT_NAME })
  await row.getByText('花名册', { exact: true }).click()

  const roster = page.getByTestId('roster-page')
  await expect(roster).toBeVisible()
  await expect(page).toHaveURL(/\/user\/list\?projectId=\d+/)
  await expect(roster.getByTestId('roster-table')).toContainText('钢筋班')
  await expect(roster.getByTestId('roster-import')).toHaveCount(0)
  await expect(roster.getByRole('button', { name: /退\s*场/ })).toHaveCount(0)
  await expect(roster.getByTestId('roster-export')).toBeVisible()

  await pickOption(page, roster.getByTestId('roster-filter-team'), '木工班')
  await roster.getByTestId('roster-search').click()
  await expect(roster.getByTestId('roster-table').locator('tbody tr').first()).toContainText('木工班')
  await shot(page, testInfo, '01-regulator-roster')

  await roster.getByTestId('roster-table').locator('tbody tr').first().getByRole('button', { name: /详\s*情/ }).click()
  await expect(page.getByTestId('worker-detail')).toContainText('身份证信息')
  await shot(page, testInfo, '02-regulator-worker-detail')
})
