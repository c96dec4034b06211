import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage } from '@/test/renderPage';
import OwnIdNumberDialog from './OwnIdNumberDialog';


const profile = {
  id: 9,
  account: 'cw_zhao',
  name: '赵审批',
  phone: '13911112222',
  idnumber: '',
  projectname: '幸福里项目',
  isupdate: 1,
  starttime: '2026-11-28 09:00:00',
};

describe('OwnIdNumberDialog', () => {
  it('asks an approver without an ID number on file for it, checked before sending', async () => {
    const { called } = renderPage(<OwnIdNumberDialog />, {
      ['/finance/project/v1/project/Messageinfo']: { code: 201, data: profile },
      ['/finance/project/v1/project/Inforalter']: { code: 201, message: '修改成功' },
    });
    fireEvent.change(await screen.findByTestId('own-idnumber'), { target: { value: '410105199001011234' } });
    fireEvent.click(screen.getByTestId('own-idnumber-save'));
    expect(await screen.findByText('请填写正确的身份证号码')).toBeTruthy();
    expect(called('/finance/project/v1/project/Inforalter')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('own-idnumber'), { target: { value: '410105199001011233' } });
    fireEvent.click(screen.getByTestId('own-idnumber-save'));
    await waitFor(() => expect(called('/finance/project/v1/project/Inforalter')[0]?.body.get('idnumber')).toBe('410105199001011233'));
  });

  it('stays closed once the number is on file', async () => {
    const { called } = renderPage(<OwnIdNumberDialog />, {
      ['/finance/project/v1/project/Messageinfo']: { code: 201, data: { ...profile, idnumber: '410105********1233' } },
    });
    await waitFor(() => expect(called('/finance/project/v1/project/Messageinfo')).toHaveLength(1));
    expect(screen.queryByTestId('own-idnumber-dialog')).toBeNull();
  });
});
