import { fireEvent, screen, waitFor } from '@testing-library/react';
import Roster from '../Roster';
import { formErrors, renderPage } from '@/test/renderPage';
import { rosterLine } from '../fixtures';


const line = rosterLine(11, {
  workerId: 111,
  name: '赵铁柱',
  contractSigned: false,
  entryDate: '2026-03-02',
  wageCardNumber: '6222021234567890128',
  wageCardBank: '102',
});

const detail = {
  ...line,
  ethnicity: '汉',
  address: '',
  issuingAuthority: '',
  validFrom: '',
  validTo: '',
  photo: '',
  contractStart: '',
  contractEnd: '',
  contractFile: '',
  cardCheckWaivedBy: '',
  rates: [{ effectiveFrom: '2026-03-02', wageKind: 'day', wage: '350.00' }],
  history: [line, { ...line, id: 9, teamName: '木工班', status: 2, exitReason: 'transfer', entryDate: '2026-01-05', exitDate: '2026-03-01' }],
};

const routes = {
  '/builder/user/v1/Worker/list': { code: 201, data: { list: [line], total: 1, page: 1, limit: 20 } },
  '/builder/user/v1/Worker/detail': { code: 201, data: detail },
  '/builder/user/v1/Worker/history': {
    code: 201,
    data: {
      list: [{ id: 5, time: '2026-11-24 10:00:00', account: 'demo', action: '修改人员信息', detail: '赵铁柱 手机号码 13800138000 → 13900000000' }],
      total: 1,
      page: 1,
      limit: 10,
    },
  },
};

/** Opens the worker named by `?worker=` (the link 进场登记 shows after 登记成功). */
async function openDrawer(extra: Record<string, unknown> = {}) {
  const mock = renderPage(<Roster />, { ...routes, ...extra } as never, { path: '/user/list?worker=11' });
  await screen.findByTestId('worker-detail');
  return mock;
}

describe('WorkerDrawer', () => {
  it('opens from the link, shows the card with its bank, the transfer line and the change history', async () => {
    const { called } = await openDrawer();
    expect(screen.getByTestId('worker-card').textContent).toContain('6222021234567890128（中国工商银行）');
    expect(screen.getByTestId('worker-history').textContent).toContain('调出');
    fireEvent.click(screen.getByText('变更记录'));
    await waitFor(() => expect(screen.getByTestId('worker-changes').textContent).toContain('手机号码 13800138000 → 13900000000'));
    expect(new URL(called('/builder/user/v1/Worker/history')[0].url, 'http://x').searchParams.get('id')).toBe('11');
  });

  it('edits the card: a mistyped UnionPay number is sent, the 301 asked, then sent confirmed', async () => {
    const { called } = await openDrawer({
      '/builder/user/v1/Worker/edit': ({ body }: { body: URLSearchParams }) =>
        body.get('cardConfirmed') === '1' ? { code: 201, message: '', data: null } : { code: 301, message: '工资卡号校验位错误：请核对', data: null },
    });
    fireEvent.click(screen.getByTestId('worker-edit'));
    const card = await screen.findByTestId('edit-wageCardNumber');
    fireEvent.change(card, { target: { value: '62220212345' } });
    fireEvent.click(screen.getByTestId('edit-submit'));
    await waitFor(() => expect(formErrors()).toContain('工资卡号应为12-30位数字'));
    expect(called('/builder/user/v1/Worker/edit')).toHaveLength(0);
    fireEvent.change(card, { target: { value: '6222021234567890129' } });
    expect(await screen.findByText('该银联卡号末位校验不通过，请核对；确认无误仍可保存')).toBeTruthy();
    fireEvent.click(screen.getByTestId('edit-submit'));
    await waitFor(() => expect(called('/builder/user/v1/Worker/edit')).toHaveLength(1));
    expect(await screen.findByText('工资卡号校验位错误：请核对')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: '卡号无误，保存' }));
    await waitFor(() => expect(called('/builder/user/v1/Worker/edit')).toHaveLength(2));
    expect(called('/builder/user/v1/Worker/edit')[0].body.has('cardConfirmed')).toBe(false);
    expect(called('/builder/user/v1/Worker/edit')[1].body.get('cardConfirmed')).toBe('1');
    expect(called('/builder/user/v1/Worker/edit')[1].body.get('wageCardNumber')).toBe('6222021234567890129');
    expect(called('/builder/user/v1/Worker/edit')[1].body.get('wageCardBank')).toBe('102');
  });

  const TOPPED_UP = '已保存。已计发的3天（10-03~10-05）按新标准计算的差额，将在新建该月补充工资表时补发（补差）';

  it('changes the wage standard from a month and transfers to another team', async () => {
    const { called } = await openDrawer({
      '/builder/user/v1/Worker/wage_standard': { code: 201, message: TOPPED_UP, data: [] },
      '/builder/user/v1/Worker/transfer': { code: 201, data: { workerId: 111, id: 12 } },
    });
    fireEvent.click(screen.getByTestId('worker-wage'));
    fireEvent.change(await screen.findByTestId('wage-amount'), { target: { value: '1.234' } });
    fireEvent.click(screen.getByTestId('wage-submit'));
    await waitFor(() => expect(formErrors()).toContain('工资标准应为不超过99999.99元的金额，最多2位小数'));
    fireEvent.change(screen.getByTestId('wage-amount'), { target: { value: '400' } });
    fireEvent.click(screen.getByTestId('wage-submit'));
    await waitFor(() => expect(called('/builder/user/v1/Worker/wage_standard')).toHaveLength(1));
    const wage = called('/builder/user/v1/Worker/wage_standard')[0].body;
    expect(wage.get('wage')).toBe('400');
    expect(wage.get('wageKind')).toBe('day');
    expect(wage.get('effectiveDate')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await screen.findByText(TOPPED_UP)).toBeTruthy();

    fireEvent.click(screen.getByTestId('worker-transfer'));
    await screen.findByTestId('transfer-submit');
    fireEvent.mouseDown(screen.getByTestId('transfer-team').querySelector('input') ?? screen.getByTestId('transfer-team'));
    fireEvent.click(await screen.findByTitle('木工班'));
    fireEvent.click(screen.getByTestId('transfer-submit'));
    await waitFor(() => expect(called('/builder/user/v1/Worker/transfer')).toHaveLength(1));
    const transfer = called('/builder/user/v1/Worker/transfer')[0].body;
    expect(transfer.get('teamId')).toBe('8');
    expect(transfer.get('workType')).toBe('2');
    expect(transfer.get('unitId')).toBe('4');
  });

  it('offers no changes to the regulator', async () => {
    renderPage(<Roster />, routes as never, { roles: ['admin'], path: '/user/list?projectId=3&worker=11' });
    await screen.findByTestId('worker-detail');
    expect(screen.queryByTestId('worker-edit')).toBeNull();
    expect(screen.queryByTestId('worker-transfer')).toBeNull();
  });
});
