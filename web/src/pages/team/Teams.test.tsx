import { fireEvent, screen, waitFor } from '@testing-library/react';
import Teams from './Teams';
import { type TeamItem } from './service';
import { formErrors, renderPage, typeDate } from '@/test/renderPage';


const team = (id: number, name: string, extra: Partial<TeamItem> = {}): TeamItem => ({
  id,
  unit_id: 2,
  unit_name: '河南省第一建筑工程集团有限责任公司',
  unit_role_label: '施工总包',
  name,
  leader_name: '张铁军',
  leader_phone: '13663710001',
  leader_id_number: '410105197803124513',
  work_type: '3',
  work_type_label: '钢筋工',
  entry_date: '2026-03-05',
  exit_date: '',
  status: 1,
  status_label: '在场',
  worker_count: 0,
  ...extra,
});

const routes = {
  '/builder/team/v1/Team/ajax_list': {
    code: 201,
    data: { list: [team(1, '钢筋班', { worker_count: 2 }), team(2, '木工班', { leader_id_number: '4101**********4513' })], total: 2, page: 1, limit: 10 },
  },
  '/builder/team/v1/Team/detail': { code: 201, data: team(2, '木工班') },
  '/builder/company/v1/Company/ajax_company_all': { code: 201, data: [{ id: 2, name: '河南省第一建筑工程集团有限责任公司', role: 'contractor', role_label: '施工总包', status: 1 }] },
  '/builder/common/v1/Site/workTypes': { code: 201, data: [{ value: '3', label: '钢筋工' }, { value: '2', label: '木工' }] },
};

describe('Teams', () => {
  it('lists the teams through the server', async () => {
    const { called } = renderPage(<Teams />, routes);
    expect(await screen.findByText('钢筋班')).toBeTruthy();
    expect(screen.getByText('共 2 条')).toBeTruthy();
    expect(screen.getAllByText('钢筋工').length).toBeGreaterThan(0);
    expect(called('/builder/team/v1/Team/ajax_list')[0].body.get('page')).toBe('1');
  });

  it('checks a new team with the server messages before sending', async () => {
    const { called } = renderPage(<Teams />, routes);
    fireEvent.click(await screen.findByTestId('team-add'));
    fireEvent.click(await screen.findByTestId('team-save'));
    await waitFor(() => expect(formErrors()).toContain('请选择所属单位'));
    expect(formErrors()).toEqual(expect.arrayContaining(['请填写班组名称', '请填写规范的姓名', '请选择工种', '请选择进场日期']));
    fireEvent.change(screen.getByTestId('team-phone'), { target: { value: '123' } });
    await waitFor(() => expect(formErrors()).toContain('请填写正确的联系电话'));
    expect(called('/builder/team/v1/Team/ajax_save')).toHaveLength(0);
  });

  it('saves an edit with every field, the ID number from the detail (the list masks it)', async () => {
    const { called } = renderPage(<Teams />, { ...routes, '/builder/team/v1/Team/ajax_save': { code: 201, data: { id: 2 } } });
    fireEvent.click(await screen.findByTestId('team-edit-2'));
    fireEvent.change(await screen.findByTestId('team-name'), { target: { value: ' 木工二班 ' } });
    fireEvent.click(screen.getByTestId('team-save'));
    await waitFor(() => expect(called('/builder/team/v1/Team/ajax_save')).toHaveLength(1));
    const body = called('/builder/team/v1/Team/ajax_save')[0].body;
    expect(body.get('id')).toBe('2');
    expect(body.get('unit_id')).toBe('2');
    expect(body.get('name')).toBe('木工二班');
    expect(body.get('leader_id_number')).toBe('410105197803124513');
    expect(body.get('work_type')).toBe('3');
    expect(body.get('entry_date')).toBe('2026-03-05');
  });

  it('exits a team on a date and shows why a deletion is refused', async () => {
    const { called } = renderPage(<Teams />, {
      ...routes,
      '/builder/team/v1/Team/ajax_exit': { code: 201 },
      '/builder/team/v1/Team/ajax_delete': { code: 401, message: '该班组下还有2名工人，不能删除' },
    });
    fireEvent.click(await screen.findByTestId('team-exit-2'));
    typeDate(await screen.findByTestId('date-dialog-date'), '2026-04-30');
    fireEvent.click(screen.getByTestId('date-dialog-ok'));
    await waitFor(() => expect(called('/builder/team/v1/Team/ajax_exit')).toHaveLength(1));
    expect(called('/builder/team/v1/Team/ajax_exit')[0].body.get('exit_date')).toBe('2026-04-30');

    fireEvent.click(screen.getByTestId('team-delete-1'));
    fireEvent.click(await screen.findByTestId('team-delete-confirm'));
    expect(await screen.findByText('该班组下还有2名工人，不能删除')).toBeTruthy();
    expect(called('/builder/team/v1/Team/ajax_delete')[0].body.get('id')).toBe('1');
  });
});
