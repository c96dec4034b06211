import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MY_INFO } from '@/pages/project/mine/fixtures';
import { WORKER_TOKEN, renderWorkerPage } from '@/test/renderWorkerPage';

const INFO = '/worker/worker/v1/Worker/info';
const SUBMIT = '/worker/clue/v1/Clue/submit';
const LIST = '/worker/clue/v1/Clue/list';

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const employer = () => within(screen.getByTestId('report-employer')).getByRole('combobox');

async function fill() {
  fireEvent.change(employer(), { target: { value: '木工班' } });
  type('report-amount', '8600.5');
  type('report-months', '2');
  type('report-description', '九月、十月两个月工资没有发放');
}

const sent = () => vi.mocked(fetch).mock.calls.find(([url]) => String(url).startsWith(SUBMIT));

describe('the worker reporting arrears', () => {
  it("files a lead on the project given, as multipart with his token, and shows the receipt", async () => {
    const { where } = renderWorkerPage('/w/report?project=7', {
      [INFO]: { code: 201, data: MY_INFO },
      [SUBMIT]: { code: 201, message: '提交成功', data: { receipt: 'XS2026112900000001' } },
      [LIST]: { code: 201, data: { list: [], total: 0, page: 1, limit: 10 } },
    });
    const form = await screen.findByTestId('report-form', {}, { timeout: 20_000 });
    // The project given is chosen; his teams and units on it are offered as who owes him.
    expect(within(form).getByTitle('郑州市金水区幸福里安置房项目')).toBeTruthy();
    expect(screen.queryByTestId('report-not-mine')).toBeNull();
    await fill();
    fireEvent.click(screen.getByTestId('report-submit'));
    expect((await screen.findByTestId('report-receipt')).textContent).toBe('XS2026112900000001');
    const [, init] = sent()!;
    const body = init!.body as FormData;
    expect(Object.fromEntries([...body.entries()].map(([key, value]) => [key, String(value)]))).toEqual({
      projectId: '7',
      employer: '木工班',
      amount: '8600.5',
      months: '2',
      description: '九月、十月两个月工资没有发放',
    });
    expect((init!.headers as Record<string, string>)['X-Token']).toBe(WORKER_TOKEN);
    fireEvent.click(screen.getByTestId('report-to-leads'));
    await waitFor(() => expect(where()).toBe('/w/leads'));
  });

  it("checks the fields before sending and shows the server's refusal as it is", async () => {
    renderWorkerPage('/w/report', { [INFO]: { code: 201, data: MY_INFO }, [SUBMIT]: { code: 401, message: '同一手机号每天最多举报3次' } });
    await screen.findByTestId('report-form', {}, { timeout: 20_000 });
    fireEvent.click(screen.getByTestId('report-submit'));
    expect(await screen.findByText('请填写欠薪单位或班组')).toBeTruthy();
    expect(screen.getByText('请填写情况描述')).toBeTruthy();
    expect(sent()).toBeUndefined();
    await fill();
    fireEvent.click(screen.getByTestId('report-submit'));
    expect((await screen.findByTestId('report-refused')).textContent).toBe('同一手机号每天最多举报3次');
    // Without a project given, his newest.
    expect((sent()![1]!.body as FormData).get('projectId')).toBe('8');
  });

  it('says when the project of the QR code is not one of his, with the anonymous page for it', async () => {
    renderWorkerPage('/w/report?project=99', { [INFO]: { code: 201, data: MY_INFO } });
    const warning = await screen.findByTestId('report-not-mine', {}, { timeout: 20_000 });
    expect(within(warning).getByRole('link').getAttribute('href')).toBe('/clue?projectId=99');
  });
});
