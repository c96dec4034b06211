/** Test data of the contract pages. */
import type { ContractLine, ContractView, PlaceholderLine, TemplateLine } from './service';

export const placeholders: PlaceholderLine[] = [
  { text: '{{工人姓名}}', name: '工人姓名', meaning: '乙方（工人）姓名' },
  { text: '{{工资标准}}', name: '工资标准', meaning: '现行工资标准，元，两位小数' },
];

export const builtinTemplate: TemplateLine = {
  id: 1,
  name: '建筑施工劳动合同（默认范本）',
  body: '建筑施工劳动合同\n\n乙方：{{工人姓名}}',
  builtin: true,
  version: 1,
  updatedAt: '',
};

export const ownTemplate: TemplateLine = {
  id: 2,
  name: '钢筋班合同',
  body: '劳务合同\n乙方：{{工人姓名}}',
  builtin: false,
  version: 3,
  updatedAt: '2026-11-24 09:00:00',
};

export const contractLine = (id: number, extra: Partial<ContractLine> = {}): ContractLine => ({
  id,
  employmentId: 11,
  workerId: 111,
  workerName: '工人11',
  templateId: 1,
  templateName: '建筑施工劳动合同（默认范本）',
  templateVersion: 1,
  status: 'generated',
  statusLabel: '待签',
  signedAt: '',
  createdAt: '2026-11-24 10:00:00',
  files: [],
  ...extra,
});

export const contractView = (id: number): ContractView => ({
  ...contractLine(id),
  text: '建筑施工劳动合同\n\n乙方（劳动者）：工人11\n工资标准为日薪350.00元',
  fields: [{ name: '工人姓名', value: '工人11' }],
});
