import { fireEvent, screen, waitFor } from '@testing-library/react';
import Register, { toRegisterForm } from './Register';
import { formErrors, renderPage } from '@/test/renderPage';
import dayjs from 'dayjs';


const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('Register', () => {
  it('derives gender, birth date, age and native place as the ID number is typed', async () => {
    renderPage(<Register />, {});
    type('register-idNumber', '11010519491231002x');
    const derived = await screen.findByTestId('register-derived');
    expect(derived.textContent).toContain('女');
    expect(derived.textContent).toContain('1949-12-31');
    expect(derived.textContent).toContain('北京市');
  });

  it('shows the server messages of the rules before sending anything', async () => {
    const { called } = renderPage(<Register />, {});
    type('register-idNumber', '110105194912310021');
    type('register-wageCardNumber', '1234');
    type('register-wage', '1.234');
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(formErrors()).toContain('请填写正确的身份证号码'));
    expect(formErrors()).toContain('请填写规范的姓名');
    expect(formErrors()).toContain('工资卡号应为12-30位数字');
    expect(formErrors()).toContain('工资标准应为不超过99999.99元的金额，最多2位小数');
    expect(formErrors()).toContain('请选择所属单位');
    expect(formErrors()).toContain('请填写联系电话');
    expect(called('/builder/user/v1/Worker/register')).toHaveLength(0);
  });

  it('maps the form to the server form, contract fields only when signed', () => {
    const form = toRegisterForm({
      name: '张三',
      idNumber: '11010519491231002X',
      phone: '13800138000',
      unitId: 4,
      teamId: 7,
      workType: '3',
      wageKind: 'month',
      wage: '6000',
      contractSigned: false,
      contractStart: dayjs('2026-03-01'),
      entryDate: dayjs('2026-03-02'),
      photo: ['/uploads/a.png'],
    });
    expect(form.unitId).toBe('4');
    expect(form.teamId).toBe('7');
    expect(form.contractSigned).toBe('0');
    expect(form.contractStart).toBe('');
    expect(form.entryDate).toBe('2026-03-02');
    expect(form.photo).toBe('/uploads/a.png');
  });

  it('fills the form from the ID reader', async () => {
    renderPage(<Register />, {}, { idreader: 'http://127.0.0.1:18089/readcard' });
    const original = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).startsWith('http://127.0.0.1:18089')
        ? new Response(JSON.stringify({ name: '李四', idNumber: '410102199003074319', ethnicity: '汉', validTo: '长期' }))
        : original(input, init),
    );
    fireEvent.click(await screen.findByTestId('register-read-card'));
    await waitFor(() => expect((screen.getByTestId('register-name') as HTMLInputElement).value).toBe('李四'));
    expect((screen.getByTestId('register-idNumber') as HTMLInputElement).value).toBe('410102199003074319');
    expect((screen.getByTestId('register-validTo') as HTMLInputElement).value).toBe('长期');
    expect((await screen.findByTestId('register-derived')).textContent).toContain('男');
  });

  it('says so when no reader answers', async () => {
    renderPage(<Register />, {}, { idreader: 'http://127.0.0.1:18089/readcard' });
    const original = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).startsWith('http://127.0.0.1:18089')) throw new TypeError('Failed to fetch');
      return original(input, init);
    });
    fireEvent.click(await screen.findByTestId('register-read-card'));
    expect(await screen.findByText('未连接身份证读卡器，请检查读卡器服务或手动录入')).toBeTruthy();
  });

  it('hides 读卡 without a configured reader', async () => {
    renderPage(<Register />, {});
    await screen.findByTestId('register-form');
    expect(screen.queryByTestId('register-read-card')).toBeNull();
  });

  it('asks before saving a mistyped card, sends it confirmed, then links to the new worker', async () => {
    const { called } = renderPage(<Register />, {
      '/builder/user/v1/Worker/register': ({ body }) =>
        body.get('cardConfirmed') === '1'
          ? { code: 201, message: '', data: { workerId: 5, id: 42 } }
          : { code: 301, message: '工资卡号校验位错误：请核对', data: null },
    });
    await screen.findByTestId('register-form');
    type('register-name', '张三');
    type('register-idNumber', '11010519491231002X');
    type('register-phone', '13800138000');
    type('register-wageCardNumber', '6222021234567890129');
    type('register-wage', '350');
    const choose = async (testId: string, option: string) => {
      fireEvent.mouseDown(screen.getByTestId(testId).querySelector('input') ?? screen.getByTestId(testId));
      fireEvent.click(await screen.findByTitle(option));
    };
    await choose('register-wageCardBank', '中国工商银行');
    await choose('register-unitId', '中建七局第二建筑有限公司');
    await choose('register-workType', '钢筋工');
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText('工资卡号校验位错误：请核对')).toBeTruthy();
    expect(called('/builder/user/v1/Worker/register')[0].body.has('cardConfirmed')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '卡号无误，继续登记' }));
    const done = await screen.findByTestId('register-done');
    expect(done.textContent).toContain('张三 登记成功');
    expect(screen.getByTestId('register-done-link').getAttribute('href')).toBe('/user/list?worker=42');
    expect(called('/builder/user/v1/Worker/register')[1].body.get('cardConfirmed')).toBe('1');
    expect(called('/builder/user/v1/Worker/register')[1].body.has('confirmed')).toBe(false);
  });
});
