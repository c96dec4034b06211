import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useSession } from '@/store/session';
import { mockFetch, resetBrowserState, type Reply } from '@/test/fetchMock';
import type { SiteConfig } from '@/api/types';
import AccountStep, { MSG_AGREEMENT_REQUIRED, MSG_APPOINTMENT_REQUIRED, MSG_NOT_OPENED_BANK, MSG_RECURL_REQUIRED } from './AccountStep';
import { accountEdit, emptyAccountForm, filledAccountForm, SUGGESTED_NAME, verified } from './accountFixtures';
import type { AccountEditData } from './service';


function start(data: AccountEditData, replies: Record<string, Reply> = {}, finance = 0) {
  resetBrowserState();
  useSession.setState({
    token: 'tok',
    side: 'builder',
    roles: ['builder'],
    userInfo: null,
    siteConfig: { finance } as unknown as SiteConfig,
  });
  const mock = mockFetch({
    '/builder/common/v1/Site/AccountEdit': { code: 201, data },
    '/builder/common/v1/Site/ajaxverifybank': { code: 201, message: '专户验证成功!', data: verified },
    '/builder/infomation/v1/SpecialAccount/specialAccountInfoSave': { code: 201, data: null },
    '/builder/common/v1/Site/ajaxSubmit': { code: 201, message: '成功提交审核', data: null },
    ...replies,
  });
  const onBack = vi.fn();
  const onSubmitted = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AccountStep onBack={onBack} onSubmitted={onSubmitted} />
    </QueryClientProvider>,
  );
  return { mock, onBack, onSubmitted };
}

const dialog = () => screen.findByTestId('verify-dialog');

describe('AccountStep (wizard step 4)', () => {
  it('verifies an opened account with the bank, then saves and submits it', async () => {
    const { mock, onSubmitted } = start(accountEdit(filledAccountForm));
    fireEvent.click(await screen.findByTestId('account-submit'));
    const box = await dialog();
    expect(within(box).getByText('6217000010001234560')).toBeTruthy();
    fireEvent.click(screen.getByTestId('verify-run'));
    const result = await screen.findByTestId('verify-result');
    expect(result.textContent).toContain('开户日期：2019-06-18');
    const asked = mock.called('/builder/common/v1/Site/ajaxverifybank')[0].body;
    expect(asked.get('BankAccount')).toBe('6217000010001234560');
    expect(asked.get('bankSelected')).toBe('105,105491000011');
    fireEvent.click(screen.getByTestId('verify-submit'));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    const saved = mock.called('/builder/infomation/v1/SpecialAccount/specialAccountInfoSave')[0].body;
    expect(saved.get('banktype')).toBe('1');
    expect(saved.get('OpenTime')).toBe('2019-06-18');
    expect(saved.get('Recurl')).toBe(filledAccountForm.Recurl[0]);
    expect(saved.get('isvirtual')).toBe('0');
    expect(saved.has('confirmed')).toBe(false);
    expect(mock.called('/builder/common/v1/Site/ajaxSubmit')[0].method).toBe('GET');
  });

  it('shows the bank refusal (401) in the dialog and saves nothing', async () => {
    const { mock, onSubmitted } = start(accountEdit(filledAccountForm), {
      '/builder/common/v1/Site/ajaxverifybank': { code: 401, message: '账户名称与银行账号不一致', data: null },
    });
    fireEvent.click(await screen.findByTestId('account-submit'));
    await dialog();
    fireEvent.click(screen.getByTestId('verify-run'));
    expect((await screen.findByTestId('verify-result')).textContent).toContain('账户名称与银行账号不一致');
    expect(screen.queryByTestId('verify-submit')).toBeNull();
    expect(mock.called('/builder/infomation/v1/SpecialAccount/specialAccountInfoSave')).toHaveLength(0);
    expect(onSubmitted).not.toHaveBeenCalled();
  });

  it('asks on a doubtful answer (301) and submits anyway with confirmed=1', async () => {
    const warning = '该账户开户信息与登记信息不完全一致，请确认是否继续提交';
    const { mock, onSubmitted } = start(accountEdit(filledAccountForm), {
      '/builder/common/v1/Site/ajaxverifybank': { code: 301, message: warning, data: null },
    });
    fireEvent.click(await screen.findByTestId('account-submit'));
    await dialog();
    fireEvent.click(screen.getByTestId('verify-run'));
    expect(await screen.findByText(warning)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '继续提交' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    expect(mock.called('/builder/infomation/v1/SpecialAccount/specialAccountInfoSave')[0].body.get('confirmed')).toBe('1');
  });

  it('asks to confirm the bank and the opening time when the finance flag is set', async () => {
    const { mock, onSubmitted } = start(accountEdit(filledAccountForm), {}, 1);
    fireEvent.click(await screen.findByTestId('account-submit'));
    await dialog();
    fireEvent.click(screen.getByTestId('verify-run'));
    fireEvent.click(await screen.findByTestId('verify-submit'));
    const confirm = await screen.findByTestId('confirm-bank');
    expect(confirm.textContent).toContain('中国建设银行 / 中国建设银行郑州金水支行');
    expect(confirm.textContent).toContain('2019-06-18');
    expect(mock.called('/builder/infomation/v1/SpecialAccount/specialAccountInfoSave')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '确认提交' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
  });

  it('requires the opening voucher and the agreement, except the agreement of a virtual sub-account', async () => {
    const { mock } = start(accountEdit({ ...filledAccountForm, Recurl: [], Agreementurl: [] }));
    fireEvent.click(await screen.findByTestId('account-submit'));
    expect(await screen.findByText(MSG_RECURL_REQUIRED)).toBeTruthy();
    expect(await screen.findByText(MSG_AGREEMENT_REQUIRED)).toBeTruthy();
    fireEvent.click(screen.getByTestId('account-virtual'));
    await waitFor(() => expect(screen.queryByText(MSG_AGREEMENT_REQUIRED)).toBeNull());
    expect(mock.called('/builder/common/v1/Site/ajaxverifybank')).toHaveLength(0);
  });

  it('offers the account name the national rule gives', async () => {
    start(accountEdit({ ...filledAccountForm, AccountName: '' }));
    fireEvent.click(await screen.findByTestId('account-name-suggest'));
    await waitFor(() => expect((screen.getByTestId('account-name') as HTMLInputElement).value).toBe(SUGGESTED_NAME));
    await waitFor(() => expect(screen.queryByTestId('account-name-suggest')).toBeNull());
  });

  it('saves a not-opened account without asking the bank, after its required fields', async () => {
    const { mock, onSubmitted } = start(accountEdit({ ...emptyAccountForm, banktype: '2' }));
    fireEvent.click(await screen.findByTestId('account-submit'));
    expect(await screen.findByText(MSG_NOT_OPENED_BANK)).toBeTruthy();
    expect(await screen.findByText(MSG_APPOINTMENT_REQUIRED)).toBeTruthy();
    expect(mock.called('/builder/infomation/v1/SpecialAccount/specialAccountInfoSave')).toHaveLength(0);
    expect(onSubmitted).not.toHaveBeenCalled();
  });

  it('submits a stored not-opened account and names the server refusal of the submit', async () => {
    const { mock, onSubmitted } = start(
      accountEdit({ ...emptyAccountForm, banktype: '2', notopenbankSelected: ['105'], AppointMent: '2099-01-05' }),
      { '/builder/common/v1/Site/ajaxSubmit': { code: 401, message: '请先完成第三步：填写施工单位信息', data: null } },
    );
    fireEvent.click(await screen.findByTestId('account-submit'));
    expect(await screen.findByText('请先完成第三步：填写施工单位信息')).toBeTruthy();
    const saved = mock.called('/builder/infomation/v1/SpecialAccount/specialAccountInfoSave')[0].body;
    expect(saved.get('banktype')).toBe('2');
    expect(saved.get('notopenbankSelected')).toBe('105');
    expect(saved.get('AppointMent')).toBe('2099-01-05');
    expect(saved.has('BankAccount')).toBe(false);
    expect(mock.called('/builder/common/v1/Site/ajaxverifybank')).toHaveLength(0);
    expect(onSubmitted).not.toHaveBeenCalled();
  });
});
