import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage } from '@/test/renderPage';
import PersonalCenter from './PersonalCenter';


const profile = {
  id: 3,
  account: 'finance',
  name: '王会计',
  phone: '13800138003',
  idnumber: '410105********3025',
  projectname: '幸福里项目',
  isupdate: 1,
  starttime: '2026-03-01 09:00:00',
};

describe('PersonalCenter', () => {
  it('shows the profile and edits the name', async () => {
    const { called } = renderPage(<PersonalCenter />, {
      ['/finance/project/v1/project/Messageinfo']: { code: 201, data: profile },
      ['/finance/project/v1/project/Inforalter']: { code: 201, message: '修改成功' },
    });
    expect(await screen.findByText('王会计')).toBeTruthy();
    expect(screen.getByText('410105********3025')).toBeTruthy();
    fireEvent.click(screen.getByTestId('profile-name-edit'));
    fireEvent.change(await screen.findByTestId('profile-name'), { target: { value: '王' } });
    fireEvent.click(screen.getByTestId('profile-name-save'));
    expect(await screen.findByText('请填写规范的姓名')).toBeTruthy();
    expect(called('/finance/project/v1/project/Inforalter')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('profile-name'), { target: { value: '王会' } });
    fireEvent.click(screen.getByTestId('profile-name-save'));
    await waitFor(() => expect(called('/finance/project/v1/project/Inforalter')[0]?.body.get('name')).toBe('王会'));
  });
});
