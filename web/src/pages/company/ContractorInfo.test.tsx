import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import ContractorInfo from './ContractorInfo';
import type { UnitListItem } from './service';
import { formErrors, renderPage, typeDate } from '@/test/renderPage';


const unit = (id: number, role: string, extra: Partial<UnitListItem> = {}): UnitListItem => ({
  id,
  role,
  role_label: { builder: '建设单位', contractor: '施工总包', subcontractor: '专业分包', labour: '劳务分包' }[role] ?? '',
  construction_type: role === 'subcontractor' ? '107' : '',
  construction_type_label: role === 'subcontractor' ? '消防设施工程' : '',
  name: `单位${id}`,
  social_credit_code: '91410100MA46C8TL28',
  project_leader: '孙海涛',
  project_leader_phone: '13803715678',
  entry_date: '2026-03-10',
  exit_date: '',
  status: 1,
  status_label: '在场',
  team_count: 0,
  worker_count: 0,
  fixed: role === 'builder' || role === 'contractor',
  ...extra,
});

const listReply = {
  code: 201,
  data: {
    list: [unit(1, 'builder'), unit(2, 'contractor'), unit(3, 'subcontractor'), unit(4, 'labour', { status: 2, status_label: '已退场', exit_date: '2026-05-01' })],
    total: 4,
    page: 1,
    limit: 10,
  },
};

describe('ContractorInfo', () => {
  it('lists the units with their filters sent to the server', async () => {
    const { called } = renderPage(<ContractorInfo />, { '/builder/company/v1/Company/construction_list': listReply });
    expect(await screen.findByText('单位3')).toBeTruthy();
    expect(screen.getByText('共 4 条')).toBeTruthy();
    expect(screen.getByText('消防设施工程')).toBeTruthy();
    expect(screen.queryByTestId('unit-delete-1')).toBeNull();
    expect(screen.queryByTestId('unit-edit-2')).toBeNull();
    expect(screen.getByTestId('unit-reentry-4')).toBeTruthy();
    const first = new URL(called('/builder/company/v1/Company/construction_list')[0].url, 'http://x').searchParams;
    expect(first.get('page')).toBe('1');
    expect(first.get('limit')).toBe('10');

    fireEvent.change(screen.getByPlaceholderText('单位名称'), { target: { value: '消防' } });
    fireEvent.click(within(screen.getByTestId('unit-search')).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(new URL(called('/builder/company/v1/Company/construction_list').at(-1)!.url, 'http://x').searchParams.get('name')).toBe('消防'));
  });

  it('goes to the add and edit pages', async () => {
    renderPage(<ContractorInfo />, { '/builder/company/v1/Company/construction_list': listReply });
    fireEvent.click(await screen.findByTestId('unit-edit-3'));
    expect(screen.getByTestId('location').textContent).toBe('/project/editBuilds?id=3');
    fireEvent.click(screen.getByTestId('unit-add'));
    expect(screen.getByTestId('location').textContent).toBe('/project/newBulid');
  });

  it('asks for the exit date and shows why the server refuses', async () => {
    const { called } = renderPage(<ContractorInfo />, {
      '/builder/company/v1/Company/construction_list': listReply,
      '/builder/company/v1/Company/ajax_exitall': { code: 401, message: '单位3还有2名工人在场，请先办理工人退场后再退场' },
    });
    fireEvent.click(await screen.findByTestId('unit-exit-3'));
    fireEvent.click(await screen.findByTestId('date-dialog-ok'));
    await waitFor(() => expect(formErrors()).toContain('请选择退场日期'));
    expect(called('/builder/company/v1/Company/ajax_exitall')).toHaveLength(0);
    typeDate(screen.getByTestId('date-dialog-date'), '2026-05-02');
    fireEvent.click(screen.getByTestId('date-dialog-ok'));
    await waitFor(() => expect(called('/builder/company/v1/Company/ajax_exitall')).toHaveLength(1));
    expect(called('/builder/company/v1/Company/ajax_exitall')[0].body.get('ids')).toBe('3');
    expect(called('/builder/company/v1/Company/ajax_exitall')[0].body.get('exit_date')).toBe('2026-05-02');
    expect(await screen.findByText('单位3还有2名工人在场，请先办理工人退场后再退场')).toBeTruthy();
  });

  it('brings an exited unit back', async () => {
    const { called } = renderPage(<ContractorInfo />, { '/builder/company/v1/Company/construction_list': listReply, '/builder/company/v1/Company/ajax_edit_save': { code: 201 } });
    fireEvent.click(await screen.findByTestId('unit-reentry-4'));
    typeDate(await screen.findByTestId('date-dialog-date'), '2026-05-03');
    fireEvent.click(screen.getByTestId('date-dialog-ok'));
    await waitFor(() => expect(called('/builder/company/v1/Company/ajax_edit_save')).toHaveLength(1));
    expect(called('/builder/company/v1/Company/ajax_edit_save')[0].body.get('id')).toBe('4');
    expect(called('/builder/company/v1/Company/ajax_edit_save')[0].body.get('entry_date')).toBe('2026-05-03');
  });

  it('deletes after confirming and shows the refusal', async () => {
    const { called } = renderPage(<ContractorInfo />, {
      '/builder/company/v1/Company/construction_list': listReply,
      '/builder/company/v1/Company/ajax_deleteall': { code: 401, message: '单位3下还有2个班组，不能删除' },
    });
    fireEvent.click(await screen.findByTestId('unit-delete-3'));
    fireEvent.click(await screen.findByTestId('unit-delete-confirm'));
    await waitFor(() => expect(called('/builder/company/v1/Company/ajax_deleteall')).toHaveLength(1));
    expect(called('/builder/company/v1/Company/ajax_deleteall')[0].body.get('ids')).toBe('3');
    expect(await screen.findByText('单位3下还有2个班组，不能删除')).toBeTruthy();
  });
});
