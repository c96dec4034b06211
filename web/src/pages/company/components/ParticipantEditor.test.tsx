import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPage } from '@/test/renderPage';
import ParticipantEditor from './ParticipantEditor';
import { CODE, company, registerplace } from './unitFixtures';


const LOOKUP = '/builder/company/v1/Company/ajax_get_company_info';
const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;

function start(found: unknown[]) {
  return renderPage(<ParticipantEditor />, {
    '/builder/common/v1/Area/registerplace': { code: 201, data: registerplace },
    '/builder/company/v1/Company/Get_constructionType': { code: 201, data: [] },
    [LOOKUP]: { code: 201, data: found },
  });
}

// The participant editor shares the wizard's company block (CompanyBlock): the same look-up and lock.
describe('ParticipantEditor (new unit)', () => {
  it('looks a credit code up, fills and locks the company, and frees it again on another code', async () => {
    const { called } = start([company]);
    fireEvent.change(input('participant-code'), { target: { value: CODE } });
    await waitFor(() => expect(input('participant-name').value).toBe(company.Name));
    expect(called(LOOKUP)).toHaveLength(1);
    expect(input('participant-name').disabled).toBe(true);
    expect(input('participant-legal-phone').value).toBe(company.LegalPersonPhone);
    expect(screen.getByText('该单位信息已登记，单位信息不可修改')).toBeTruthy();
    fireEvent.change(input('participant-code'), { target: { value: '/' } });
    await waitFor(() => expect(input('participant-name').disabled).toBe(false));
    // The look-up's masked phone is not kept for a company typed by hand.
    expect(input('participant-legal-phone').value).toBe('');
  });

  it('keeps the name typed in place: the search offers no new-company button', async () => {
    start([]);
    fireEvent.change(input('participant-name'), { target: { value: '郑州新兴劳务有限公司' } });
    expect(input('participant-name').value).toBe('郑州新兴劳务有限公司');
    fireEvent.click(screen.getByTestId('participant-search'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText('请输入单位名称'), { target: { value: '新兴' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /查\s*询/ }));
    expect(await within(dialog).findByText('未找到该单位，请直接填写单位信息')).toBeTruthy();
    expect(within(dialog).queryByTestId('company-use-name')).toBeNull();
  });
});
