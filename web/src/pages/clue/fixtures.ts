/** A lead as the server answers it, for the pages' tests. */
import type { LeadDetail, LeadItem } from './service';

export const item: LeadItem = {
  id: 7,
  receipt: 'XS2026112412345678',
  reporterName: '王小明',
  phone: '13912345678',
  projectId: 1,
  projectName: '郑州市金水区幸福里安置房项目',
  unregistered: false,
  siteName: '',
  siteAddress: '',
  siteDistrictName: '',
  employer: '木工班组',
  employerPhone: '',
  amount: '12345.60',
  months: 3,
  source: 'public',
  sourceLabel: '网上举报',
  status: 'pending',
  statusLabel: '待派发',
  deadline: '',
  overdue: false,
  createdTime: '2026-11-24 10:00:00',
};

export function detail(status: string, statusLabel: string): LeadDetail {
  return {
    ...item,
    status,
    statusLabel,
    idNumber: '410105199003152013',
    description: '三个月工资没有发放',
    answer: '',
    steps: [
      { actor: '举报人', action: 'report', actionLabel: '网上举报', remark: '', time: '2026-11-24 10:00:00', files: [] },
      { actor: 'demo', action: 'feedback', actionLabel: '项目反馈', remark: '已协调班组补发', time: '2026-11-24 11:00:00', files: [] },
    ],
  };
}

/** A pending lead from a site that is not registered, not linked to a project yet. */
export const siteLead: LeadItem = {
  ...item,
  id: 8,
  receipt: 'XS2026112487654321',
  projectId: 0,
  projectName: '',
  unregistered: true,
  siteName: '经三路临街商铺改造',
  siteAddress: '郑州市金水区经三路88号',
  siteDistrictName: '金水区',
  employer: '包工头张三',
  employerPhone: '13700001111',
};

export const siteDetail: LeadDetail = {
  ...siteLead,
  idNumber: '410105199003152013',
  description: '两个月工资没有发放',
  answer: '',
  steps: [{ actor: '举报人', action: 'report', actionLabel: '网上举报', remark: '', time: '2026-11-24 10:00:00', files: [] }],
};
