import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { useSession, type Role } from '@/store/session';
import { mockFetch, resetBrowserState, type Reply } from '@/test/fetchMock';
import ProjectManagement from './ProjectManagement';
import Regist from './Regist';
import { keyPostsWarning, type Staff, type StaffOptions } from './service';


const manager: Staff = {
  id: 1,
  projectId: 1,
  projectName: '幸福里安置房项目',
  unitId: 2,
  unitName: '河南中原建工集团有限公司',
  post: '项目经理',
  key: true,
  name: '陈国强',
  phone: '13837100001',
  idNumber: '410105198005121232',
  certificateNumber: '豫141060812345',
  entryDate: '2026-03-01',
  exitDate: '',
  status: 1,
};

const options = (missing: string[] = []): StaffOptions => ({
  posts: [
    { value: '项目经理', label: '项目经理', key: true },
    { value: '劳资专管员', label: '劳资专管员', key: true },
    { value: '安全员', label: '安全员', key: false },
  ],
  units: [
    { value: 1, label: '郑州市金水区住房保障中心（建设单位）' },
    { value: 2, label: '河南中原建工集团有限公司（施工总承包单位）' },
  ],
  keyPostsMissing: missing,
});

function start(routes: Record<string, Reply> = {}, path = '/project/projectManagement', roles: Role[] = ['builder']) {
  resetBrowserState();
  if (typeof globalThis.ResizeObserver === 'undefined') {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  }
  useSession.setState({ token: 'tok', side: 'builder', roles, userInfo: null, siteConfig: null });
  const mock = mockFetch({
    '/builder/project/v1/Staff/options': { code: 201, data: options(['劳资专管员']) },
    '/builder/project/v1/Staff/list': ({ body }) => ({
      code: 201,
      message: '',
      data: { list: [{ ...manager, idNumber: '4101**********1232' }], total: 1, page: Number(body.get('page')), limit: 10 },
    }),
    '/builder/common/v1/Privacy/reveal': { code: 201, data: manager.idNumber },
    '/builder/project/v1/Staff/detail': { code: 201, data: manager },
    '/builder/project/v1/Staff/save': { code: 201, message: '保存成功', data: { id: 9 } },
    '/builder/project/v1/Staff/delete': { code: 201, message: '删除成功', data: null },
    ...routes,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/project/projectManagement" element={<ProjectManagement />} />
          <Route path="/project/regist" element={<Regist />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return mock;
}

const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((node) => node.textContent);

describe('staff service', () => {
  it('words the key-post warning', () => {
    expect(keyPostsWarning([])).toBe('');
    expect(keyPostsWarning(['项目经理', '劳资专管员'])).toBe('关键岗位未配备：项目经理、劳资专管员，配备后才能发放工资');
  });
});

describe('ProjectManagement', () => {
  it('warns about vacant key posts and lists the staff', async () => {
    const { called } = start();
    expect((await screen.findByTestId('key-posts-warning')).textContent).toContain('关键岗位未配备：劳资专管员，配备后才能发放工资');
    expect(await screen.findByText('陈国强')).toBeTruthy();
    expect(screen.getByText('关键岗位')).toBeTruthy();
    expect(screen.getByText('4101**********1232')).toBeTruthy();
    fireEvent.click(screen.getByTestId('reveal-staff-1-id_number'));
    expect(await screen.findByText('410105198005121232')).toBeTruthy();
    expect(Object.fromEntries(called('/builder/common/v1/Privacy/reveal')[0].body)).toMatchObject({ record: 'staff', id: '1', field: 'id_number' });
    expect(called('/builder/project/v1/Staff/list')[0].body.get('page')).toBe('1');

    fireEvent.change(screen.getByPlaceholderText('姓名或身份证号码'), { target: { value: '陈' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(called('/builder/project/v1/Staff/list').at(-1)!.body.get('keyword')).toBe('陈'));
  });

  it('shows no warning when every key post is filled', async () => {
    start({ '/builder/project/v1/Staff/options': { code: 201, data: options() } });
    await screen.findByText('陈国强');
    expect(screen.queryByTestId('key-posts-warning')).toBeNull();
  });

  it('deletes after confirming', async () => {
    const { called } = start();
    fireEvent.click(await screen.findByTestId('staff-delete-1'));
    fireEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(called('/builder/project/v1/Staff/delete')).toHaveLength(1));
    expect(called('/builder/project/v1/Staff/delete')[0].body.get('id')).toBe('1');
  });

  it('reads only for the regulator', async () => {
    start({}, '/project/projectManagement', ['admin']);
    await screen.findByText('陈国强');
    expect(screen.queryByTestId('staff-add')).toBeNull();
    expect(screen.queryByTestId('staff-delete-1')).toBeNull();
  });
});

describe('Regist', () => {
  it('checks the fields with the server’s messages', async () => {
    const { called } = start({}, '/project/regist');
    fireEvent.click(await screen.findByTestId('staff-save'));
    for (const text of ['请选择所属单位', '请选择岗位', '请填写姓名', '请填写联系电话', '请填写身份证号码', '请选择进场日期']) {
      await waitFor(() => expect(errors()).toContain(text));
    }
    fireEvent.change(screen.getByTestId('staff-id-number'), { target: { value: '410105198005121233' } });
    fireEvent.change(screen.getByTestId('staff-phone'), { target: { value: '12345' } });
    await waitFor(() => expect(errors()).toContain('请填写正确的身份证号码'));
    expect(errors()).toContain('请填写正确的联系电话');
    expect(called('/builder/project/v1/Staff/save')).toHaveLength(0);
  });

  it('edits a record and posts every field', async () => {
    const { called } = start({}, '/project/regist?id=1');
    const phone = (await screen.findByTestId('staff-phone')) as HTMLInputElement;
    expect(phone.value).toBe('13837100001');
    fireEvent.change(phone, { target: { value: '0371-66668888' } });
    fireEvent.click(screen.getByTestId('staff-save'));
    await waitFor(() => expect(called('/builder/project/v1/Staff/save')).toHaveLength(1));
    const body = called('/builder/project/v1/Staff/save')[0].body;
    expect(Object.fromEntries(body)).toEqual({
      id: '1',
      unit_id: '2',
      post: '项目经理',
      name: '陈国强',
      phone: '0371-66668888',
      id_number: '410105198005121232',
      certificate_number: '豫141060812345',
      entry_date: '2026-03-01',
    });
    expect(await screen.findByText('陈国强')).toBeTruthy();
  });
});
