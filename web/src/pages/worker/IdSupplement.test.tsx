import { fireEvent, screen, waitFor } from '@testing-library/react';
import IdSupplement from './IdSupplement';
import { formErrors, renderPage } from '@/test/renderPage';


const worker = {
  id: 9,
  name: '王建军',
  idNumber: '410105197001011002',
  gender: '男',
  ethnicity: '汉',
  address: '',
  issuingAuthority: '',
  validFrom: '',
  validTo: '',
  photo: '',
  missing: ['照片', '住址', '签发机关', '有效期'],
};

describe('IdSupplement', () => {
  it('lists incomplete workers and requires every ID field', async () => {
    const { called } = renderPage(<IdSupplement />, {
      '/builder/user/v1/Worker/incomplete': { code: 201, data: { list: [worker], total: 1, page: 1, limit: 10 } },
      '/builder/user/v1/Worker/supplement': { code: 201, data: null },
    });
    expect(await screen.findByText('王建军')).toBeTruthy();
    expect(screen.getByText('签发机关')).toBeTruthy();
    fireEvent.click(screen.getByTestId('idmsg-edit-9'));
    fireEvent.click(await screen.findByTestId('idmsg-submit'));
    await waitFor(() => expect(formErrors()).toContain('请输入规范的地址'));
    expect(formErrors()).toContain('请填写签发机关');
    expect(formErrors()).toContain('请选择身份证有效期');
    expect(formErrors()).toContain('请上传身份证照片');
    expect(called('/builder/user/v1/Worker/supplement')).toHaveLength(0);
  });
});
