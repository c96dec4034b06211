/** A filled step 1 as the server answers it, for the wizard's tests. */
import type { AreaOption } from '@/pages/area/service';
import type { ProjectEditData } from './service';

export const guanxia: AreaOption[] = [
  {
    value: '4101',
    label: '郑州市',
    children: [{ value: '410105', label: '金水区', children: [{ value: '410105002', label: '经八路街道' }] }],
  },
];

export const jmarea: AreaOption[] = [
  { value: '410105', label: '金水区', children: [{ value: '410105002', label: '经八路街道' }] },
];

export function projectEdit(over: Partial<ProjectEditData> = {}, form: Partial<ProjectEditData['stepForm']> = {}): ProjectEditData {
  return {
    auditremark: '',
    auditstatus: '0',
    editable: true,
    readonly: [],
    wizard_step: 1,
    project_type: [
      { value: '1', label: '房屋建筑工程' },
      { value: '2', label: '市政公用工程' },
    ],
    money_source_list: [{ value: '1', label: '政府投资' }],
    industry_department_list: [{ value: '1', label: '住建部门' }],
    company_type: [{ value: '1', label: '建设单位' }],
    gcprocess_arr: [
      { value: '1', label: '未开工' },
      { value: '2', label: '在建' },
    ],
    stepForm: {
      Id: 7,
      Name: '幸福里安置房项目',
      ProjectType: '1',
      MoneySource: '1',
      DepartmentIndustryId: '1',
      DistrictCode: ['4101', '410105', '410105002'],
      DistrictCcode: '410105002',
      selectedOptions: ['410105', '410105002'],
      region: '',
      Address: '郑州市金水区经八路1号',
      Latlng: '34.75,113.63',
      ContractPrice: '1200.5',
      StartTime: '2027-01-01',
      completiondate: '2027-12-31',
      EndTime: '365',
      GcProcess: '1',
      ProjectDesc: '',
      tendertime: '2026-10-01',
      winningtime: '2026-10-20',
      ...form,
    },
    ...over,
  };
}

/** Every field empty, as a new draft answers. */
export const emptyForm = {
  Name: '',
  ProjectType: '',
  MoneySource: '',
  DepartmentIndustryId: '',
  DistrictCode: [],
  DistrictCcode: '',
  selectedOptions: [],
  Address: '',
  Latlng: '',
  ContractPrice: '',
  StartTime: '',
  completiondate: '',
  EndTime: '',
  GcProcess: '',
  tendertime: '',
  winningtime: '',
};
