import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPage } from '@/test/renderPage';
import { useProjectInView } from '@/store/projectInView';
import type { ApiUrl } from '@/test/fetchMock';
import type { components } from '@/api/schema';
import Information from './Information';

const INFO: ApiUrl = '/builder/special/v1/Account/info';
const MODE: ApiUrl = '/builder/special/v1/Account/payoutMode';

const information = (payoutMode: string): components['schemas']['SpecialInformation'] => ({
  accountForm: {
    AccountName: '郑州市金水区幸福里安置房项目农民工工资专用账户', AccountStatus: '1', AdminName: '', AdminPhone: '', Agreementurl: [],
    AppointMent: '', BankAccount: '1702021109000123456', BankPoint: '', BankType: '102', Id: '1', OpenCompanyName: '', OpenCompanyType: '',
    OpenTime: '2026-03-01', Recurl: [], SocialCreditCode: '', bankSelected: [], banktype: '1', isvirtual: '1', notopenbankSelected: [],
  },
  balance: '2000000.00', bankName: '中国工商银行', branchName: '', guarantees: [], openCompanyTypeLabel: '', openStatusLabel: '已开户',
  payoutMode, projectname: '郑州市金水区幸福里安置房项目', reconciliation: 'differs', totalIn: '2000000.00', totalOut: '0.00',
});

describe('专户信息: 代发方式 and 专户对账', () => {
  beforeEach(() => useProjectInView.getState().clear());

  it('lets the clerk switch 代发方式 to 文件 after confirming, and links the reconciliation', async () => {
    let mode = 'api';
    const { called } = renderPage(<Information />, {
      [INFO]: () => ({ code: 201, message: '', data: information(mode) }),
      [MODE]: ({ body }) => {
        mode = body.get('mode') ?? '';
        return { code: 201, message: '代发方式已保存', data: null };
      },
    });
    expect((await screen.findByTestId('information-reconciliation')).textContent).toBe('不一致');
    const modes = screen.getByTestId('information-payout-mode');
    expect(within(modes).getByRole('radio', { name: '接口' })).toHaveProperty('checked', true);
    fireEvent.click(within(modes).getByRole('radio', { name: '文件' }));
    expect((await screen.findAllByText('将代发方式改为“文件”？')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(called(MODE)).toHaveLength(1));
    expect(called(MODE)[0].body.get('mode')).toBe('file');
    expect(await screen.findByText('代发方式已保存')).toBeTruthy();
    await waitFor(() => expect(within(modes).getByRole('radio', { name: '文件' })).toHaveProperty('checked', true));
    fireEvent.click(screen.getByTestId('information-reconciliation-link'));
    expect(screen.getByTestId('location').textContent).toBe('/special/reconciliation');
  });

  it('shows the regulator 代发方式 without the switch', async () => {
    useProjectInView.getState().view({ id: 1, name: '幸福里小区二期' });
    renderPage(<Information />, { [INFO]: { code: 201, data: information('file') } }, { roles: ['admin'] });
    expect((await screen.findByTestId('information-payout-mode')).textContent).toBe('文件');
    expect(screen.queryByRole('radio')).toBeNull();
  });
});
