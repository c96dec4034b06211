import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPage } from '@/test/renderPage';
import { SITE_BOARD } from '@/pages/project/mine/fixtures';
import PublicClue from './PublicClue';


const SEARCH = '/public/clue/v1/Project/search';
const CAPTCHA = '/public/clue/v1/captcha';
const SUBMIT = '/public/clue/v1/Clue/submit';
const QUERY = '/public/clue/v1/Clue/query';
const DISTRICTS = '/public/clue/v1/Area/districts';

const routes = {
  [SEARCH]: { code: 201, data: { list: [{ id: 1, name: '郑州市金水区幸福里安置房项目' }], total: 1, page: 1, limit: 20 } },
  [CAPTCHA]: { code: 201, data: { captchaId: 'cap-1', image: 'data:image/png;base64,AAAA' } },
  [SUBMIT]: { code: 201, data: { receipt: 'XS2026112412345678' } },
  [DISTRICTS]: { code: 201, data: [{ code: '410102', name: '中原区' }, { code: '410105', name: '金水区' }] },
};

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

async function fillReport() {
  type('clue-name', '王小明');
  type('clue-phone', '13912345678');
  type('clue-id-number', '410105199003152013');
  const project = within(screen.getByTestId('clue-project')).getByRole('combobox');
  fireEvent.mouseDown(project);
  fireEvent.change(project, { target: { value: '幸福里' } });
  const option = '郑州市金水区幸福里安置房项目';
  await waitFor(() => expect(document.querySelector(`.ant-select-item-option[title="${option}"]`)).toBeTruthy());
  fireEvent.click(document.querySelector(`.ant-select-item-option[title="${option}"]`) as Element);
  type('clue-employer', '木工班组');
  type('clue-amount', '12345.6');
  type('clue-months', '3');
  type('clue-description', '三个月工资没有发放');
  type('clue-captcha', 'ABCD');
}

describe('PublicClue', () => {
  it('reports a lead with its captcha and shows the receipt', async () => {
    const { called } = renderPage(<PublicClue />, routes, { path: '/clue' });
    await screen.findByTestId('clue-captcha-image');
    await fillReport();
    fireEvent.click(screen.getByTestId('clue-submit'));
    expect((await screen.findByTestId('clue-receipt')).textContent).toBe('XS2026112412345678');
    expect(new URL(called(SEARCH)[0].url, 'http://x').searchParams.get('name')).toBe('幸福里');
    const sent = vi.mocked(fetch).mock.calls.find(([url]) => String(url).startsWith(SUBMIT))!;
    const body = sent[1]!.body as FormData;
    expect(body.get('projectId')).toBe('1');
    expect(body.get('amount')).toBe('12345.6');
    expect(body.get('captchaId')).toBe('cap-1');
    expect(body.get('idNumber')).toBe('410105199003152013');
  });

  it("shows the server's refusal and draws a new captcha", async () => {
    const { called } = renderPage(
      <PublicClue />,
      { ...routes, [SUBMIT]: { code: 401, message: '请填写正确的身份证号码' } },
      { path: '/clue' },
    );
    await screen.findByTestId('clue-captcha-image');
    await fillReport();
    // The page keeps its own query client, so an earlier test's captcha may be cached: count from here.
    const drawn = called(CAPTCHA).length;
    fireEvent.click(screen.getByTestId('clue-submit'));
    expect((await screen.findByTestId('clue-refused')).textContent).toContain('请填写正确的身份证号码');
    await waitFor(() => expect(called(CAPTCHA).length).toBe(drawn + 1));
  });

  it('chooses the project of ?projectId= (a site board\'s QR code) by its name', async () => {
    const board = '/worker/project/v1/Project/noticeBoard';
    const { called } = renderPage(
      <PublicClue />,
      { ...routes, [board]: { code: 201, data: { ...SITE_BOARD, projectName: '郑东新区学校项目' } } },
      { path: '/clue?projectId=9' },
    );
    await screen.findByTestId('clue-captcha-image');
    await waitFor(() => expect(within(screen.getByTestId('clue-project')).getByTitle('郑东新区学校项目')).toBeTruthy());
    expect(new URL(called(board)[0].url, 'http://x').searchParams.get('projectId')).toBe('9');
    type('clue-name', '王小明');
    type('clue-phone', '13912345678');
    type('clue-id-number', '410105199003152013');
    type('clue-employer', '木工班组');
    type('clue-amount', '100');
    type('clue-months', '1');
    type('clue-description', '工资没有发放');
    type('clue-captcha', 'ABCD');
    fireEvent.click(screen.getByTestId('clue-submit'));
    await screen.findByTestId('clue-receipt');
    const sent = vi.mocked(fetch).mock.calls.find(([url]) => String(url).startsWith(SUBMIT))!;
    expect((sent[1]!.body as FormData).get('projectId')).toBe('9');
  });

  it('looks up the progress by receipt and phone', async () => {
    const { called } = renderPage(
      <PublicClue />,
      { ...routes, [QUERY]: { code: 201, data: { receipt: 'XS1', status: 'closed', statusLabel: '已办结', answer: '工资已补发' } } },
      { path: '/clue' },
    );
    fireEvent.click(screen.getByText('查询进度'));
    type('clue-progress-receipt', 'XS1');
    type('clue-progress-phone', '13912345678');
    fireEvent.click(screen.getByTestId('clue-progress-submit'));
    expect((await screen.findByTestId('clue-progress-result')).textContent).toContain('已办结');
    expect(screen.getByTestId('clue-progress-answer').textContent).toContain('工资已补发');
    expect(called(QUERY)[0].body.get('phone')).toBe('13912345678');
  });

  it('says so when the receipt and phone match nothing', async () => {
    renderPage(<PublicClue />, { ...routes, [QUERY]: { code: 404, message: '未查到该线索，请核对受理编号和手机号码' } }, { path: '/clue' });
    fireEvent.click(screen.getByText('查询进度'));
    type('clue-progress-receipt', 'XS1');
    type('clue-progress-phone', '13900000000');
    fireEvent.click(screen.getByTestId('clue-progress-submit'));
    expect((await screen.findByTestId('clue-progress-refused')).textContent).toContain('未查到该线索');
  });

  it('reports a site that is not registered, with the site and the employer in free text', async () => {
    renderPage(<PublicClue />, { ...routes, [SEARCH]: { code: 201, data: { list: [], total: 0, page: 1, limit: 20 } } }, { path: '/clue' });
    await screen.findByTestId('clue-captcha-image');
    type('clue-name', '王小明');
    type('clue-phone', '13912345678');
    type('clue-id-number', '410105199003152013');
    const project = within(screen.getByTestId('clue-project')).getByRole('combobox');
    fireEvent.mouseDown(project);
    fireEvent.change(project, { target: { value: '经三路' } });
    fireEvent.click(await screen.findByTestId('clue-unregistered'));
    expect(screen.queryByTestId('clue-project')).toBeNull();
    type('clue-amount', '8000');
    type('clue-months', '2');
    type('clue-description', '两个月工资没有发放');
    type('clue-captcha', 'ABCD');
    type('clue-site-address', '郑州');
    type('clue-employer-phone', '12345');
    fireEvent.click(screen.getByTestId('clue-submit'));
    expect(await screen.findByText('请填写项目名称（100字以内）')).toBeTruthy();
    expect(screen.getByText('请输入规范的地址')).toBeTruthy();
    expect(screen.getByText('请填写欠薪单位或包工头（100字以内）')).toBeTruthy();
    expect(screen.getByText('请填写正确的联系电话')).toBeTruthy();
    expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).startsWith(SUBMIT))).toBe(false);

    type('clue-site-name', '经三路临街商铺改造');
    type('clue-site-address', '郑州市金水区经三路88号');
    type('clue-employer', '包工头张三');
    type('clue-employer-phone', '13700001111');
    const district = within(screen.getByTestId('clue-site-district')).getByRole('combobox');
    fireEvent.mouseDown(district);
    await waitFor(() => expect(document.querySelector('.ant-select-item-option[title="金水区"]')).toBeTruthy());
    fireEvent.click(document.querySelector('.ant-select-item-option[title="金水区"]') as Element);
    fireEvent.click(screen.getByTestId('clue-submit'));
    expect((await screen.findByTestId('clue-receipt')).textContent).toBe('XS2026112412345678');
    const sent = vi.mocked(fetch).mock.calls.find(([url]) => String(url).startsWith(SUBMIT))!;
    const body = sent[1]!.body as FormData;
    expect(body.get('unregistered')).toBe('1');
    expect(body.get('projectId')).toBe('');
    expect(body.get('siteName')).toBe('经三路临街商铺改造');
    expect(body.get('siteAddress')).toBe('郑州市金水区经三路88号');
    expect(body.get('siteDistrict')).toBe('410105');
    expect(body.get('employer')).toBe('包工头张三');
    expect(body.get('employerPhone')).toBe('13700001111');
  });
});
