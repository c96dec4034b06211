import dayjs from 'dayjs';
import type { ParticipantDetail } from '../service';
import { fromDetail, toParticipantForm, typeOptions } from './participantForm';

const detail: ParticipantDetail = {
  id: 9,
  role: 'labour',
  role_label: '劳务分包',
  construction_type: '206',
  construction_type_label: '钢筋作业',
  company: {
    id: 3,
    Name: '郑州恒信建筑劳务有限公司',
    SocialCreditCode: '91410102MA47UD0P6U',
    RegisteredArea: [],
    RegisterDate: '',
    RegisteredAddress: '',
    LegalPerson: '马国强',
    LegalPersonPhone: '135****5432',
    LegalPersonIdNumber: '410105********1239',
    OfficeAddress: '',
    ProvinceCompanyType: '4',
    locked: true,
  },
  projectLeader: '马国强',
  projectLeaderPhone: '13598765432',
  projectLeaderIdNumber: '410105198001011239',
  laborLeader: '李秀英',
  laborLeaderPhone: '13703712345',
  laborLeaderIdNumber: '412724197901056212',
  sitemanager: '赵磊',
  sitemanagerphone: '13603713456',
  sitemanagerIdNumber: '411421198804117771',
  ContractAttachment: ['/uploads/a.png', '/uploads/b.png'],
  entry_date: '2026-03-01',
  exit_date: '',
  status: 1,
  status_label: '在场',
  fixed: false,
};

describe('participantForm', () => {
  it('round-trips an edit: arrays comma-joined, dates as text, the id kept', () => {
    const values = fromDetail(detail);
    expect(values.entry_date?.format('YYYY-MM-DD')).toBe('2026-03-01');
    const form = toParticipantForm({ ...values, projectLeader: ' 马国强 ' }, 9);
    expect(form.id).toBe('9');
    expect(form.construction_type).toBe('206');
    expect(form.projectLeader).toBe('马国强');
    expect(form.ContractAttachment).toBe('/uploads/a.png,/uploads/b.png');
    expect(form.entry_date).toBe('2026-03-01');
  });

  it('sends a new unit without an id and with its company', () => {
    const form = toParticipantForm({
      ...fromDetail(detail),
      SocialCreditCode: '91410105ma9f0k0q1n',
      Name: '河南锦绣装饰工程有限公司',
      RegisteredArea: ['41', '4101'],
      RegisterDate: dayjs('2015-06-01'),
      ContractAttachment: [],
    });
    expect(form.id).toBeUndefined();
    expect(form.SocialCreditCode).toBe('91410105MA9F0K0Q1N');
    expect(form.RegisteredArea).toBe('41,4101');
    expect(form.RegisterDate).toBe('2015-06-01');
    expect(form.ContractAttachment).toBe('');
  });

  it('groups the construction types by role', () => {
    const groups = typeOptions([
      { value: '107', label: '消防设施工程', role: 'subcontractor' },
      { value: '206', label: '钢筋作业', role: 'labour' },
    ]);
    expect(groups.map((group) => group.label)).toEqual(['专业分包', '劳务分包']);
    expect(groups[1].options).toEqual([{ value: '206', label: '钢筋作业' }]);
  });
});
