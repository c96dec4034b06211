import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { UserInfo } from '@/api/types';
import { useSession } from '@/store/session';
import { renderPage } from '@/test/renderPage';
import Regulators, { districtOptions, pathTo } from './Regulators';
import type { RegulatorLine } from './service';


const inspector: RegulatorLine = {
  id: 5,
  username: 'jiancha',
  name: '金水区监察员',
  phone: '13800138005',
  district: '410105',
  districtName: '郑州市/金水区',
  role: 'inspector',
  roleLabel: '监察',
  status: 1,
  isupdate: 0,
};

const tree = [
  {
    value: '4101',
    label: '郑州市',
    children: [
      { value: '410102', label: '中原区', children: [{ value: '410102001', label: '林山寨街道' }] },
      { value: '410105', label: '金水区', children: [{ value: '410105001', label: '经八路街道' }] },
    ],
  },
];

const routes = {
  ['/admin/auth/v1/Regulator/ajax_list']: { code: 201, data: { list: [inspector], total: 1, page: 1, limit: 10 } },
  ['/builder/common/v1/Area/guanxia_list']: { code: 201, data: tree },
};

/** Signs the page's session in as a 管理员 of `district`. */
function manager(district: string) {
  const info = useSession.getState().userInfo;
  useSession.setState({
    roles: ['admin'],
    userInfo: { ...(info ?? {}), roles: ['admin'], district, districtName: '', regulatorRole: 'manager' } as UserInfo,
  });
}

describe('Regulators', () => {
  it('lists the regulator accounts with district, role and state', async () => {
    renderPage(<Regulators />, routes, { roles: ['admin'] });
    expect(await screen.findByText('金水区监察员')).toBeTruthy();
    expect(screen.getByText('郑州市/金水区')).toBeTruthy();
    expect(screen.getByText('监察')).toBeTruthy();
    expect(screen.getByText('待改初始密码')).toBeTruthy();
    expect(screen.getByTestId('regulators-table')).toBeTruthy();
  });

  it('creates an account in the manager’s own district and shows the initial password once', async () => {
    const { called } = renderPage(
      <Regulators />,
      {
        ...routes,
        ['/admin/auth/v1/Regulator/save']: { code: 201, data: { id: 9, username: 'zhaojc', password: 'Ab3@xyzKLmnp' } },
      },
      { roles: ['admin'] },
    );
    manager('410105');
    await screen.findByText('金水区监察员');
    await waitFor(() => expect(called('/builder/common/v1/Area/guanxia_list').length).toBeGreaterThan(0));
    fireEvent.click(screen.getByTestId('regulator-create'));
    fireEvent.change(await screen.findByTestId('regulator-username'), { target: { value: 'zhaojc' } });
    fireEvent.change(screen.getByTestId('regulator-name'), { target: { value: '赵监察' } });
    fireEvent.change(screen.getByTestId('regulator-phone'), { target: { value: '13900001111' } });
    const role = screen.getByTestId('regulator-role');
    fireEvent.mouseDown(role.closest('.ant-select')?.querySelector('.ant-select-selector') ?? role);
    fireEvent.click(await screen.findByText('监察', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(screen.getByTestId('regulator-save'));
    expect(await screen.findByTestId('regulator-password')).toBeTruthy();
    expect(screen.getByTestId('regulator-password').textContent).toContain('Ab3@xyzKLmnp');
    const body = called('/admin/auth/v1/Regulator/save')[0].body;
    expect(body.get('username')).toBe('zhaojc');
    expect(body.get('district')).toBe('410105');
    expect(body.get('role')).toBe('inspector');
  });

  it('refuses a bad form before sending', async () => {
    const { called } = renderPage(<Regulators />, routes, { roles: ['admin'] });
    fireEvent.click(await screen.findByTestId('regulator-create'));
    fireEvent.change(await screen.findByTestId('regulator-username'), { target: { value: 'ab' } });
    fireEvent.click(screen.getByTestId('regulator-save'));
    expect(await screen.findByText('请输入4-30位字母、数字或下划线组成的账号')).toBeTruthy();
    expect(screen.getByText('请填写姓名')).toBeTruthy();
    expect(called('/admin/auth/v1/Regulator/save')).toHaveLength(0);
  });

  it('offers a district manager only its own district', () => {
    expect(districtOptions(tree, '').map((option) => option.value)).toEqual(['4101']);
    expect(districtOptions(tree, '410105').map((option) => option.value)).toEqual(['410105']);
    expect(pathTo(tree, '410105001')).toEqual(['4101', '410105', '410105001']);
    expect(pathTo(tree, '999')).toEqual([]);
  });
});
