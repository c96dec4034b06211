/** Test data of the worker pages. */
import type { RosterLine } from './service';

/** A roster line as `Worker/list` answers it; each test overrides what it looks at. */
export const rosterLine = (id: number, extra: Partial<RosterLine> = {}): RosterLine => ({
  id,
  workerId: id + 100,
  name: `工人${id}`,
  idNumber: '11010519491231002X',
  gender: '女',
  birthDate: '1949-12-31',
  age: 76,
  nativePlace: '北京市',
  phone: '13800138000',
  unitId: 4,
  unitName: '中建七局第二建筑有限公司',
  teamId: 7,
  teamName: '钢筋班',
  workType: '3',
  workTypeLabel: '钢筋工',
  wageKind: 'day',
  wage: '350.00',
  contractSigned: true,
  entryDate: '2026-03-01',
  exitDate: '',
  exitReason: '',
  status: 1,
  wageCardNumber: '',
  wageCardBank: '',
  ...extra,
});
