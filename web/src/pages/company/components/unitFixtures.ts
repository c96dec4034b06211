/** Steps 2–3 as the server answers them, for the wizard's tests. */
import type { AreaOption } from '@/pages/area/service';
import type { BuilderEditData, BuilderForm, CompanyInfo, ContractorEditData, ContructorForm } from '../service';

export const CODE = '91410105MA9FKQ2E1Y';
export const ID_NUMBER = '410105198001011239';
export const ID_NUMBER_2 = '410102198502022340';

export const registerplace: AreaOption[] = [
  {
    value: '41',
    label: '河南省',
    children: [{ value: '4101', label: '郑州市', children: [{ value: '410105', label: '金水区' }] }],
  },
];

export const emptyBuilderForm: BuilderForm = {
  id: null,
  Name: '',
  SocialCreditCode: '',
  RegisteredArea: [],
  RegisterDate: '',
  RegisteredAddress: '',
  LegalPerson: '',
  LegalPersonPhone: '',
  LegalPersonIdNumber: '',
  OfficeAddress: '',
  ProvinceCompanyType: '',
  projectLeader: '',
  projectLeaderPhone: '',
  projectLeaderIdNumber: '',
  paytype: '321',
  desposit: '',
  guaranteepath: '',
  startdate: '',
  enddate: '',
};

export const filledBuilderForm: BuilderForm = {
  id: 12,
  Name: '郑州城建开发有限公司',
  SocialCreditCode: CODE,
  RegisteredArea: ['41', '4101', '410105'],
  RegisterDate: '2015-06-01',
  RegisteredAddress: '郑州市金水区花园路8号',
  LegalPerson: '张建国',
  LegalPersonPhone: '13800138000',
  LegalPersonIdNumber: ID_NUMBER,
  OfficeAddress: '郑州市金水区花园路8号',
  ProvinceCompanyType: '1',
  projectLeader: '李明',
  projectLeaderPhone: '0371-66668888',
  projectLeaderIdNumber: ID_NUMBER_2,
  paytype: '321',
  desposit: '150',
  guaranteepath: '/uploads/aa.pdf',
  startdate: '2027-01-01',
  enddate: '2027-12-31',
};

const context = {
  auditstatus: '0',
  editable: true,
  locked: false,
  wizard_step: 2,
  desposittop: '200',
  desposittop_display: '200万',
  depositmethod: [
    { value: '321', label: '银行保函' },
    { value: '322', label: '现金' },
  ],
  company_type: [
    { value: '1', label: '企业' },
    { value: '2', label: '事业单位' },
  ],
};

export function builderEdit(over: Partial<BuilderEditData> = {}, form: Partial<BuilderForm> = {}): BuilderEditData {
  return { ...context, builderForm: { ...emptyBuilderForm, ...form }, ...over };
}

export function contractorEdit(over: Partial<ContractorEditData> = {}, form: Partial<ContructorForm> = {}): ContractorEditData {
  return {
    ...context,
    wizard_step: 3,
    contructorForm: {
      ...emptyBuilderForm,
      laborLeader: '',
      laborLeaderPhone: '',
      laborLeaderIdNumber: '',
      sitemanager: '',
      sitemanagerphone: '',
      sitemanagerIdNumber: '',
      ContractAttachment: [],
      ...form,
    },
    ...over,
  };
}

export const company: CompanyInfo = {
  id: 3,
  Name: '河南宏达建设集团有限公司',
  SocialCreditCode: CODE,
  RegisteredArea: ['41', '4101', '410105'],
  RegisterDate: '2010-03-15',
  RegisteredAddress: '郑州市金水区文化路1号',
  LegalPerson: '王宏达',
  LegalPersonPhone: '138****8000',
  LegalPersonIdNumber: '410105********1239',
  OfficeAddress: '郑州市金水区文化路1号',
  ProvinceCompanyType: '1',
  locked: true,
};
