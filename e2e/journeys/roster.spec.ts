/**
 * The labour clerk builds the project's real-name roster: registers five workers (one read from the ID
 * reader with a mistyped wage card that is confirmed, one flagged as active on another project), imports
 * 200 from an .xlsx with two bad rows, searches and exports the roster, lets a worker exit and re-enter,
 * corrects a worker's card, wage standard and team from the roster, and records a training.
 */
import { readFileSync } from 'node:fs'
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test, confirmDialog, loginAsDemo, NEWSITE, PNG, shot, submitUntil, toast, typeDate, upload, pickOption } from './support'
import { idNumber, xlsx } from './xlsx'

const UNIT = '河南省第一建筑工程集团有限责任公司'
/** Registered on the other project first, then flagged here. */
const ELSEWHERE = idNumber('110105', '19850315', 123)
const PDF = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n', 'latin1')

/** The demo's workers on the project (server/src/worker/demo.rs `WORKERS`). */
const DEMO_WORKERS = 30

test.use({ idReader: true })

async function apiLogin(request: APIRequestContext, username: string, password: string): Promise<string> {
  const reply = await request.post('/builder/common/v1/Public/login', {
    form: { username, password: Buffer.from(password).toString('base64') },
  })
  const body = await reply.json()
  expect(body.code, JSON.stringify(body)).toBe(201)
  return body.data.phpsessid as string
}

/** The other demo project gets a general contractor and one worker, through the API. */
async function workerOnAnotherProject(request: APIRequestContext) {
  const token = await apiLogin(request, NEWSITE.username, NEWSITE.password)
  const headers = { 'X-Token': token }
  const uploaded = await request.post('/builder/common/v1/site/upload_file_batch?kind=guarantee', {
    headers,
    multipart: { 'imgFile[]': { name: '保函.pdf', mimeType: 'application/pdf', buffer: PDF } },
  })
  const guarantee = (await uploaded.json()).data[0] as string
  const contractor = await request.post('/builder/common/v1/Site/ajaxContructorEdit', {
    headers,
    form: {
      Name: '河南建工集团有限公司',
      SocialCreditCode: '91350100M000100Y43',
      RegisteredArea: '41,4101',
      RegisterDate: '2001-01-08',
      RegisteredAddress: '河南省郑州市二七区建设路8号',
      LegalPerson: '孙志强',
      LegalPersonPhone: '13912345678',
      LegalPersonIdNumber: '420802198511200620',
      OfficeAddress: '河南省郑州市二七区建设路8号',
      projectLeader: '孙志强',
      projectLeaderPhone: '13700137000',
      projectLeaderIdNumber: '410102199003074327',
      ProvinceCompanyType: '2',
      paytype: '321',
      desposit: '10',
      laborLeader: '钱多多',
      laborLeaderPhone: '13600136000',
      laborLeaderIdNumber: '410102199003074319',
      sitemanager: '李有才',
      sitemanagerphone: '13500135000',
      sitemanagerIdNumber: '11010519491231002X',
      guaranteepath: guarantee,
    },
  })
  expect((await contractor.json()).code).toBe(201)
  const options = await (await request.get('/builder/user/v1/Worker/options', { headers })).json()
  const registered = await request.post('/builder/user/v1/Worker/register', {
    headers,
    form: {
      name: '周跨项',
      idNumber: ELSEWHERE,
      phone: '13700001111',
      unitId: String(options.data.units[0].value),
      workType: '1',
      wageKind: 'day',
      wage: '300',
      entryDate: '2026-04-01',
    },
  })
  expect((await registered.json()).code).toBe(201)
}

async function choose(page: Page, scope: string, label: string, option: string) {
  await pickOption(page, page.getByTestId(scope).locator('.ant-form-item').filter({ hasText: label }).locator('.ant-select').first(), option)
}

async function registerManually(page: Page, name: string, id: string, phone: string, team: string) {
  await page.getByTestId('register-name').fill(name)
  await page.getByTestId('register-idNumber').fill(id)
  await page.getByTestId('register-phone').fill(phone)
  await fillPlace(page, team)
}

async function fillPlace(page: Page, team: string) {
  await choose(page, 'register-form', '所属单位', UNIT)
  await choose(page, 'register-form', '班组', team)
  await page.getByTestId('register-wage').fill('350')
}

test('register, import, search, export, exit, re-enter and train', async ({ page, request }, testInfo) => {
  test.setTimeout(240_000)
  await workerOnAnotherProject(request)

  await loginAsDemo(page)
  await page.goto('/user/list')
  await expect(page.getByText(`共 ${DEMO_WORKERS} 人`)).toBeVisible()
  await page.goto('/user/register')
  await expect(page.getByTestId('register-page')).toBeVisible()
  await shot(page, testInfo, '01-register-empty')

  // 1. From the ID reader.
  await page.getByTestId('register-read-card').click()
  await expect(page.getByTestId('register-name')).toHaveValue('读卡测试')
  await expect(page.getByTestId('register-derived')).toContainText('男')
  await expect(page.getByTestId('register-derived')).toContainText('1990-03-07')
  await expect(page.getByTestId('register-derived')).toContainText('河南省')
  await expect(page.getByTestId('register-photo').locator('.ant-upload-list-item')).toHaveCount(1)
  await page.getByTestId('register-phone').fill('13800001001')
  // A mistyped UnionPay number (the check digit of …012 is 8): asked, then confirmed as written.
  await page.getByTestId('register-wageCardNumber').fill('6222021234567890123')
  await choose(page, 'register-form', '开户银行', '中国工商银行')
  await fillPlace(page, '钢筋班')
  await shot(page, testInfo, '02-register-from-reader')
  await page.getByTestId('register-submit').click()
  await expect(confirmDialog(page)).toContainText('工资卡号校验位错误')
  await shot(page, testInfo, '02b-register-card-confirm')
  await page.getByTestId('register-card-confirm').click()
  await expect(toast(page, '登记成功')).toBeVisible()
  // Back at the top with a link to the new worker.
  await expect(page.getByTestId('register-done')).toBeInViewport()
  await expect(page.getByTestId('register-done')).toContainText('读卡测试 登记成功')
  await shot(page, testInfo, '02c-register-done')

  // 2–4. By hand, with the rules shown as the user types.
  await page.getByTestId('register-idNumber').fill('110105194912310021')
  await page.getByTestId('register-submit').click()
  await expect(page.getByText('请填写正确的身份证号码')).toBeVisible()
  await shot(page, testInfo, '03-register-refused')
  const manual = [
    ['刘木匠', idNumber('410105', '19800512', 201), '13800001002', '木工班'],
    ['陈浇筑', idNumber('410105', '19820720', 312), '13800001003', '混凝土班'],
    ['杨扎筋', idNumber('410105', '19911103', 423), '13800001004', '钢筋班'],
  ]
  for (const [name, id, phone, team] of manual) {
    await registerManually(page, name, id, phone, team)
    await page.getByTestId('register-submit').click()
    await expect(toast(page, '登记成功').last()).toBeVisible()
    await expect(page.getByTestId('register-name')).toHaveValue('')
  }

  // 5. Active on the other project: flagged, registered only after confirming.
  await registerManually(page, '周跨项', ELSEWHERE, '13700001111', '木工班')
  await page.getByTestId('register-submit').click()
  const confirm = confirmDialog(page)
  await expect(confirm).toContainText('该人员已在项目「')
  await expect(confirm).toContainText('」在场，确认继续登记吗？')
  await shot(page, testInfo, '04-register-duplicate-flagged')
  await page.getByTestId('register-confirm').click()
  await expect(toast(page, '登记成功').last()).toBeVisible()

  // The same person again on this project is refused outright.
  await registerManually(page, '周跨项', ELSEWHERE, '13700001111', '木工班')
  await page.getByTestId('register-submit').click()
  await expect(toast(page, '该人员已在本项目在场，不能重复登记')).toBeVisible()

  // Import 200 rows, two of them bad.
  await page.goto('/user/list')
  await expect(page.getByTestId('roster-page')).toBeVisible()
  await expect(page.getByText(`共 ${DEMO_WORKERS + 5} 人`)).toBeVisible()
  const header = ['姓名*', '身份证号*', '民族', '住址', '签发机关', '有效期开始', '有效期截止', '手机号码*', '工资卡号', '开户银行', '所属单位*', '班组', '工种*', '工资类型*', '工资标准(元)*', '是否签订合同', '合同开始日期', '合同结束日期', '进场日期*']
  const rows = Array.from({ length: 200 }, (_, i) => {
    const birth = `19${70 + (i % 30)}${String(1 + (i % 12)).padStart(2, '0')}${String(1 + (i % 28)).padStart(2, '0')}`
    return ['导入工人', idNumber('410122', birth, 500 + i), '汉', '', '', '', '', `1390000${String(1000 + i)}`, '', '', UNIT, '钢筋班', '钢筋工', '日薪', '320.00', '是', '2026-05-01', '2026-12-31', '2026-05-01']
  })
  rows[9][1] = '410122199001011234'
  rows[149][11] = '不存在的班组'
  await page.getByTestId('roster-import').click()
  await page.locator('.ant-modal input[type=file]').setInputFiles({
    name: '花名册.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: xlsx([header, ...rows]),
  })
  const result = page.getByTestId('import-result')
  await expect(result).toContainText('成功导入 198 人，失败 2 行', { timeout: 60_000 })
  await expect(page.getByTestId('import-failed')).toContainText('11')
  await expect(page.getByTestId('import-failed')).toContainText('请填写正确的身份证号码')
  await expect(page.getByTestId('import-failed')).toContainText('151')
  await expect(page.getByTestId('import-failed')).toContainText('班组“不存在的班组”不属于所属单位')
  await shot(page, testInfo, '05-import-result')
  await page.locator('.ant-modal').getByRole('button', { name: '关 闭' }).click()
  await expect(page.getByText(`共 ${DEMO_WORKERS + 203} 人`)).toBeVisible()

  // Search and export.
  await page.getByTestId('roster-filter-name').fill('扎筋')
  await page.getByTestId('roster-search').click()
  await expect(page.getByText('共 1 人')).toBeVisible()
  await expect(page.getByTestId('roster-table')).toContainText('杨扎筋')
  await shot(page, testInfo, '06-roster-search')
  const download = page.waitForEvent('download')
  await page.getByTestId('roster-export').click()
  const file = await (await download).path()
  expect(readFileSync(file).subarray(0, 2).toString()).toBe('PK')

  // Exit and re-enter.
  const row = page.getByTestId('roster-table').locator('tr').filter({ hasText: '杨扎筋' })
  await row.getByRole('button', { name: /退\s*场/ }).click()
  await submitUntil(page.getByTestId('move-submit'), toast(page, '已退场'))
  await expect(row).toContainText('退场')
  await row.getByRole('button', { name: '重新进场' }).click()
  await submitUntil(page.getByTestId('move-submit'), toast(page, '已重新进场'))
  await expect(page.getByText('共 2 人')).toBeVisible()
  const current = page.getByTestId('roster-table').locator('tr').filter({ hasText: '在场' })
  await current.getByRole('button', { name: /详\s*情/ }).click()
  await expect(page.getByTestId('worker-history').locator('tbody tr')).toHaveCount(2)
  await shot(page, testInfo, '07-worker-detail-history')
  await page.keyboard.press('Escape')

  // A worker on site since March (a transfer starts after the entry day), opened by link: card corrected,
  // wage raised, transferred to another team, every change in 变更记录.
  const token = await apiLogin(request, 'demo', 'Demo@12345')
  const demo = await (await request.get('/builder/user/v1/Worker/list?status=1&entryFrom=2026-03-01&entryTo=2026-03-01', { headers: { 'X-Token': token } })).json()
  const veteran = demo.data.list[0]
  await page.goto(`/user/list?worker=${veteran.id}`)
  await expect(page.getByTestId('worker-detail')).toBeVisible()
  await expect(page.getByTestId('worker-card')).toContainText('（中国工商银行）')
  await page.getByTestId('worker-edit').click()
  await page.getByTestId('edit-wageCardNumber').fill('6222021234567890123')
  await expect(page.locator('.ant-modal').filter({ hasText: '修改：' })).toContainText('该银联卡号末位校验不通过')
  await shot(page, testInfo, '07b-edit-dialog')
  await page.getByTestId('edit-submit').click()
  await expect(confirmDialog(page)).toContainText('工资卡号校验位错误')
  await confirmDialog(page).getByRole('button', { name: '返回修改' }).click()
  await page.getByTestId('edit-wageCardNumber').fill('6222021234567890128')
  await page.getByTestId('edit-phone').fill('13900009999')
  await page.getByTestId('edit-submit').click()
  await expect(toast(page, '已保存')).toBeVisible()
  await expect(page.getByTestId('worker-card')).toContainText('6222021234567890128（中国工商银行）')

  await page.getByTestId('worker-wage').click()
  await page.getByTestId('wage-amount').fill('420')
  await shot(page, testInfo, '07c-wage-standard')
  await page.getByTestId('wage-submit').click()
  await expect(toast(page, '工资标准已调整')).toBeVisible()
  await expect(page.getByTestId('worker-rates')).toContainText('420.00 元/日')

  await page.getByTestId('worker-transfer').click()
  await pickOption(page, page.locator('.ant-modal').filter({ hasText: '调动：' }).locator('.ant-form-item').filter({ hasText: '班组' }).locator('.ant-select').first(), '木工班')
  await shot(page, testInfo, '07d-transfer')
  await page.getByTestId('transfer-submit').click()
  await expect(toast(page, '已调动')).toBeVisible()
  await expect(page.getByTestId('worker-history')).toContainText('调出')
  await expect(page.getByTestId('worker-history')).toContainText('木工班')
  await page.getByRole('tab', { name: '变更记录' }).click()
  const changes = page.getByTestId('worker-changes')
  await expect(changes).toContainText('人员调动')
  await expect(changes).toContainText('调整工资标准')
  await expect(changes).toContainText('手机号码')
  await shot(page, testInfo, '07e-change-history')
  await page.keyboard.press('Escape')

  // A training with two attendees.
  await page.goto('/user/train')
  await page.getByTestId('train-new').click()
  await page.getByTestId('train-topic').fill('入场三级安全教育')
  await page.getByTestId('train-trainer').fill('孙志强')
  await page.getByTestId('train-hours').fill('1.5')
  for (const name of ['刘木匠', '陈浇筑']) {
    await page.locator('.ant-modal .ant-form-item').filter({ hasText: '参训人员' }).locator('.ant-select').first().click()
    await page.keyboard.type(name)
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name }).first().click()
  }
  await page.locator('.ant-modal-title').click()
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0)
  await shot(page, testInfo, '08-training-form')
  await page.getByTestId('train-submit').click()
  await expect(toast(page, '培训记录已保存')).toBeVisible()
  await expect(page.getByTestId('train-table')).toContainText('入场三级安全教育')
  await expect(page.getByTestId('train-table')).toContainText('2 人')
  await shot(page, testInfo, '09-training-list')

  // The ID supplement lists the workers registered without ID details.
  await page.goto('/system/idmsg')
  await page.getByPlaceholder('姓名').fill('刘木匠')
  await page.getByPlaceholder('姓名').press('Enter')
  await expect(page.getByTestId('idmsg-table')).toContainText('刘木匠')
  await expect(page.getByTestId('idmsg-table')).toContainText('照片')
  await shot(page, testInfo, '10-idmsg')

  // Complete 刘木匠's ID data: he leaves the list.
  await page.getByTestId('idmsg-table').locator('tr').filter({ hasText: '刘木匠' }).getByRole('button', { name: '补录' }).click()
  await page.getByTestId('idmsg-ethnicity').fill('汉')
  await page.getByTestId('idmsg-address').fill('河南省郑州市金水区花园路8号')
  await page.getByTestId('idmsg-issuingAuthority').fill('郑州市公安局金水分局')
  await typeDate(page, 'idmsg-validFrom', '2020-05-01')
  await page.getByTestId('idmsg-validTo').fill('长期')
  await upload(page, 'idmsg-photo', PNG)
  await shot(page, testInfo, '11-idmsg-supplement')
  await page.getByTestId('idmsg-submit').click()
  await expect(toast(page, '身份证信息已补录')).toBeVisible()
  await expect(page.getByTestId('idmsg-table')).not.toContainText('刘木匠')
})
