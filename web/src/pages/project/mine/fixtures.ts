/** What the worker-side tests answer: a site's board and a worker's projects (shapes of the generated schema). */
import type { components } from '@/api/schema';

type Schemas = components['schemas'];

export const SITE_BOARD: Schemas['NoticeBoard'] = {
  projectName: '郑州市金水区幸福里安置房项目',
  address: '郑州市金水区文化路1号',
  district: '郑州市金水区',
  startTime: '2026-03-01',
  completionDate: '2027-12-31',
  builder: { role: '建设单位', name: '郑州市金水区住房保障中心', leader: '王建设', leaderPhone: '0371-60000001' },
  contractor: { role: '施工总承包单位', name: '河南省第一建筑工程集团有限责任公司', leader: '李总包', leaderPhone: '13700000001' },
  subcontractors: [{ role: '劳务分包单位', name: '郑州安装工程有限公司', leader: '', leaderPhone: '' }],
  labourClerks: [{ unit: '河南省第一建筑工程集团有限责任公司', name: '孙丽', phone: '13812345678' }],
  regulatorName: '郑州市金水区人力资源和社会保障局劳动保障监察大队',
  regulatorPhone: '0371-12333',
  complaintHotline: '12333',
  minimumMonthlyWage: '2100.00',
  minimumHourlyWage: '20.60',
  payDay: '每月15日',
  generatedDate: '2026-11-29',
};

const line = (unitName: string, teamName: string): Schemas['OwnLine'] => ({
  unitName,
  teamName,
  workType: '钢筋工',
  entryDate: '2026-03-01',
  exitDate: '',
  onSite: true,
});

export const MY_INFO: Schemas['OwnInfo'] = {
  name: '吴志强',
  idNumber: '410105********1599',
  phone: '139****0029',
  projects: [
    { projectId: 8, projectName: '郑东新区学校项目', lines: [line('郑州安装工程有限公司', '钢筋一班')], rates: [] },
    { projectId: 7, projectName: '郑州市金水区幸福里安置房项目', lines: [line('河南省第一建筑工程集团有限责任公司', '木工班')], rates: [] },
  ],
};
