/** Report replies for the pages' tests, typed by the generated schema. */
import type { AttendanceReport, PeopleReport, WageReport } from './service';

export const PEOPLE_REPORT: PeopleReport = {
  projects: 1,
  onSite: 3,
  byUnit: [{ name: '中建七局第二建筑有限公司', count: 3 }],
  byTeam: [
    { name: '钢筋班', count: 2 },
    { name: '木工班', count: 1 },
  ],
  byWorkType: [
    { name: '钢筋工', count: 2 },
    { name: '木工', count: 1 },
  ],
  byGender: [
    { name: '男', count: 2 },
    { name: '女', count: 1 },
  ],
  byAge: [
    { name: '20岁以下', count: 0 },
    { name: '20-29岁', count: 1 },
    { name: '30-39岁', count: 0 },
    { name: '40-49岁', count: 1 },
    { name: '50-59岁', count: 0 },
    { name: '60岁及以上', count: 1 },
  ],
  byProvince: [
    { name: '河南省', count: 2 },
    { name: '四川省', count: 1 },
  ],
  overAge: [
    {
      projectId: 1,
      workerId: 9,
      name: '王老汉',
      idNumber: '4101**********0011',
      gender: '男',
      age: 63,
      unit: '中建七局第二建筑有限公司',
      team: '钢筋班',
    },
  ],
  moves: [
    { month: '2026-10', entries: 2, exits: 0 },
    { month: '2026-11', entries: 1, exits: 1 },
  ],
};

export const ATTENDANCE_REPORT: AttendanceReport = {
  windowStart: '2026-11-23',
  windowEnd: '2026-11-24',
  days: [
    { day: '2026-11-23', class: '休息日', onSite: 3, attended: 1, rate: 33.3 },
    { day: '2026-11-24', class: '工作日', onSite: 3, attended: 2, rate: 66.7 },
  ],
  teams: [{ month: '2026-11', unit: '中建七局第二建筑有限公司', team: '钢筋班', attendedDays: 17, workers: 2 }],
  mostAbsent: [{ projectId: 1, workerId: 5, name: '李四', workingDays: 16, attendedDays: 4, absentDays: 12 }],
  keyStaff: [
    {
      projectId: 1,
      project: '幸福里小区二期',
      unit: '中建七局第二建筑有限公司',
      post: '项目经理',
      name: '赵经理',
      workingDays: 20,
      validDays: 10,
      rate: 50,
      low: true,
    },
  ],
};

export const WAGE_REPORT: WageReport = {
  months: [
    { month: '2026-10', payable: '12000.00', paid: '9000.00' },
    { month: '2026-11', payable: '0.00', paid: '0.00' },
  ],
  units: [{ unit: '中建七局第二建筑有限公司', payable: '12000.00', paid: '9000.00', arrears: '3000.00' }],
  payable: '12000.00',
  paid: '9000.00',
  specialShare: 75,
  workTypes: [{ workType: '钢筋工', lines: 2, net: '12000.00', average: '6000.00' }],
  confirmations: [{ unit: '中建七局第二建筑有限公司', month: '2026-10', asked: 2, confirmed: 1, rate: 50 }],
};
