import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useSession } from '@/store/session';
import { mockFetch, resetBrowserState, type Reply } from '@/test/fetchMock';
import UnitStep, { type UnitStepProps } from './UnitStep';
import { builderEdit, CODE, company, contractorEdit, filledBuilderForm, ID_NUMBER, ID_NUMBER_2, registerplace } from './unitFixtures';


const saved: Reply = { code: 201, message: '操作成功!', data: { depositWarning: false, desposittop: '200', locked: true } };

function start(unit: Pick<UnitStepProps, 'role' | 'data'>, routes: Record<string, Reply> = {}) {
  resetBrowserState();
  useSession.setState({ token: 'tok', side: 'builder', roles: ['builder'], userInfo: null, siteConfig: null });
  const mock = mockFetch({
    '/builder/common/v1/Area/registerplace': { code: 201, data: registerplace },
    '/builder/common/v1/Site/ajax_builder': { code: 201, data: [] },
    '/builder/common/v1/Site/ajaxBuilderEdit': saved,
    '/builder/common/v1/Site/ajaxContructorEdit': saved,
    ...routes,
  });
  const onSaved = vi.fn();
  const onBack = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const props = { ...unit, onSaved, onBack } as UnitStepProps;
  render(
    <QueryClientProvider client={client}>
      <UnitStep {...props} />
    </QueryClientProvider>,
  );
  return { ...mock, onSaved, onBack };
}

const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((node) => node.textContent);
const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;
const byPlaceholder = (text: string) => screen.getAllByPlaceholderText(text) as HTMLInputElement[];

describe('UnitStep (builder)', () => {
  it('answers every empty required field with the spec message', async () => {
    const { called } = start({ role: 'builder', data: builderEdit() });
    fireEvent.click(screen.getByTestId('builder-save'));
    for (const text of [
      '请填写统一社会信用代码',
      '请填写单位名称',
      '请选择注册地区',
      '请选择注册日期',
      '请输入规范的地址',
      '请填写规范的姓名',
      '请填写联系电话',
      '请填写正确的身份证号码',
      '请选择单位类型',
      '请选择保函有效期',
    ]) {
      await waitFor(() => expect(errors()).toContain(text));
    }
    // Optional for the builder: no deposit and no guarantee file message.
    expect(errors()).not.toContain('请填写保证金金额');
    expect(errors()).not.toContain('请上传保函文件');
    expect(called('/builder/common/v1/Site/ajaxBuilderEdit')).toHaveLength(0);
  });

  it('upper-cases the credit code, looks it up at 18 characters, fills and locks the company', async () => {
    const { called } = start({ role: 'builder', data: builderEdit() }, { '/builder/common/v1/Site/ajax_builder': { code: 201, data: [company] } });
    fireEvent.change(input('builder-code'), { target: { value: CODE.slice(0, 17).toLowerCase() } });
    expect(input('builder-code').value).toBe(CODE.slice(0, 17));
    expect(called('/builder/common/v1/Site/ajax_builder')).toHaveLength(0);
    fireEvent.change(input('builder-code'), { target: { value: CODE.toLowerCase() } });
    await waitFor(() => expect(input('builder-name').value).toBe('河南宏达建设集团有限公司'));
    expect(called('/builder/common/v1/Site/ajax_builder')[0].url).toBe(`${'/builder/common/v1/Site/ajax_builder'}?code=${CODE}`);
    expect(input('builder-name').disabled).toBe(true);
    expect(byPlaceholder('请输入3-100个字的注册地址')[0].value).toBe('郑州市金水区文化路1号');
    expect(byPlaceholder('请输入3-100个字的注册地址')[0].disabled).toBe(true);
    expect(byPlaceholder('请填写法定代表人姓名')[0].disabled).toBe(true);
    expect(byPlaceholder('请填写项目负责人姓名')[0].disabled).toBe(false);
    // Shortening the code unlocks, and the masked values must be typed again.
    fireEvent.change(input('builder-code'), { target: { value: CODE.slice(0, 17) } });
    await waitFor(() => expect(input('builder-name').disabled).toBe(false));
    expect(byPlaceholder('请填写联系电话')[0].value).toBe('');
    expect(byPlaceholder('请输入3-100个字的注册地址')[0].disabled).toBe(false);
  });

  it('leaves the company unlocked when the look-up finds nothing', async () => {
    const { called } = start({ role: 'builder', data: builderEdit({ locked: true }, filledBuilderForm) });
    expect(input('builder-name').disabled).toBe(true);
    fireEvent.change(input('builder-code'), { target: { value: '91410100MA44XY3121' } });
    await waitFor(() => expect(called('/builder/common/v1/Site/ajax_builder')).toHaveLength(1));
    await waitFor(() => expect(input('builder-name').disabled).toBe(false));
    expect(input('builder-name').value).toBe('郑州城建开发有限公司');
  });

  it('searches a company by name and fills and locks it', async () => {
    const { called } = start({ role: 'builder', data: builderEdit() }, { '/builder/common/v1/Site/ajax_builder': { code: 201, data: [company] } });
    fireEvent.click(screen.getByTestId('builder-search'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText('请输入单位名称'), { target: { value: '宏达' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /查\s*询/ }));
    fireEvent.click(await within(dialog).findByTestId('company-pick'));
    await waitFor(() => expect(input('builder-name').value).toBe('河南宏达建设集团有限公司'));
    expect(called('/builder/common/v1/Site/ajax_builder')[0].url).toBe(`${'/builder/common/v1/Site/ajax_builder'}?name=%E5%AE%8F%E8%BE%BE`);
    expect(input('builder-code').value).toBe(CODE);
    expect(input('builder-name').disabled).toBe(true);
  });

  it('shows the deposit in 万 and warns above the ceiling', async () => {
    start({ role: 'builder', data: builderEdit() });
    expect(screen.getByTestId('builder-deposit-hint').textContent).toBe('上限200万');
    fireEvent.change(input('builder-deposit'), { target: { value: '150.5' } });
    await waitFor(() => expect(screen.getByTestId('builder-deposit-hint').textContent).toBe('合计：150.5万；上限200万'));
    fireEvent.change(input('builder-deposit'), { target: { value: '250' } });
    await waitFor(() =>
      expect(screen.getByTestId('builder-deposit-hint').textContent).toBe('合计：250万；保证金金额超过上限（上限200万）'),
    );
    fireEvent.change(input('builder-deposit'), { target: { value: '12345' } });
    expect(await screen.findByText('保证金金额最多4位整数')).toBeTruthy();
  });

  it('posts the form with comma-joined arrays and moves on', async () => {
    const { called, onSaved } = start({ role: 'builder', data: builderEdit({}, filledBuilderForm) });
    fireEvent.click(screen.getByTestId('builder-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [call] = called('/builder/common/v1/Site/ajaxBuilderEdit');
    expect(call.method).toBe('POST');
    expect(Object.fromEntries(call.body)).toEqual({
      id: '12',
      SocialCreditCode: CODE,
      Name: '郑州城建开发有限公司',
      RegisteredArea: '41,4101,410105',
      RegisterDate: '2015-06-01',
      RegisteredAddress: '郑州市金水区花园路8号',
      LegalPerson: '张建国',
      LegalPersonPhone: '13800138000',
      LegalPersonIdNumber: ID_NUMBER,
      OfficeAddress: '郑州市金水区花园路8号',
      ProvinceCompanyType: '1',
      projectLeader: '李明',
      projectLeaderPhone: '0371-66668888',
      projectLeaderIdNumber: ID_NUMBER_2,
      paytype: '321',
      desposit: '150',
      guaranteepath: '/uploads/aa.pdf',
      startdate: '2027-01-01',
      enddate: '2027-12-31',
    });
    expect(await screen.findByText('操作成功!')).toBeTruthy();
  });

  it('shows the server message of a refused save and stays', async () => {
    const { onSaved, called } = start(
      { role: 'builder', data: builderEdit({}, filledBuilderForm) },
      { '/builder/common/v1/Site/ajaxBuilderEdit': { code: 401, message: '保函文件须为本项目上传的文件', data: null } },
    );
    fireEvent.click(screen.getByTestId('builder-save'));
    expect(await screen.findByText('保函文件须为本项目上传的文件')).toBeTruthy();
    expect(called('/builder/common/v1/Site/ajaxBuilderEdit')).toHaveLength(1);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('goes back', () => {
    const { onBack } = start({ role: 'builder', data: builderEdit() });
    fireEvent.click(screen.getByTestId('wizard-back'));
    expect(onBack).toHaveBeenCalled();
  });
});

describe('UnitStep (contractor)', () => {
  it('wants the leaders, the deposit and the guarantee file', async () => {
    const { called } = start({ role: 'contractor', data: contractorEdit() });
    expect(screen.getByTestId('wizard-step-3')).toBeTruthy();
    fireEvent.click(screen.getByTestId('contractor-save'));
    for (const text of ['请填写保证金金额', '请上传保函文件', '请填写规范的姓名']) {
      await waitFor(() => expect(errors()).toContain(text));
    }
    // Three leaders plus the legal person, each with name, phone and ID number.
    await waitFor(() => expect(errors().filter((text) => text === '请填写规范的姓名')).toHaveLength(4));
    expect(errors().filter((text) => text === '请填写联系电话')).toHaveLength(4);
    expect(errors()).not.toContain('请选择保函有效期');
    expect(called('/builder/common/v1/Site/ajaxContructorEdit')).toHaveLength(0);
  });

  it('posts the leaders and the comma-joined attachments', async () => {
    const { called, onSaved } = start({
      role: 'contractor',
      data: contractorEdit(
        {},
        {
          ...filledBuilderForm,
          startdate: '',
          enddate: '',
          laborLeader: '赵六',
          laborLeaderPhone: '13900139000',
          laborLeaderIdNumber: ID_NUMBER,
          sitemanager: 'Smith',
          sitemanagerphone: '13700137000',
          sitemanagerIdNumber: ID_NUMBER_2,
          ContractAttachment: ['/uploads/c1.png', '/uploads/c2.jpg'],
        },
      ),
    });
    fireEvent.click(screen.getByTestId('contractor-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const body = called('/builder/common/v1/Site/ajaxContructorEdit')[0].body;
    expect(body.get('ContractAttachment')).toBe('/uploads/c1.png,/uploads/c2.jpg');
    expect(body.get('RegisteredArea')).toBe('41,4101,410105');
    expect(body.get('laborLeader')).toBe('赵六');
    expect(body.get('sitemanagerphone')).toBe('13700137000');
    expect(body.get('sitemanagerIdNumber')).toBe(ID_NUMBER_2);
    expect(body.get('startdate')).toBe('');
  });
});
