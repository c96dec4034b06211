/** The columns 预警信息 and 预警监管 share: the level and the state, each as a coloured tag. */
import { Tag, type TableColumnType } from 'antd';
import { levelColor, type WarningItem } from './service';

export const levelColumn = (width: number): TableColumnType<WarningItem> => ({
  title: '级别',
  dataIndex: 'levelLabel',
  width,
  render: (label: string, row) => <Tag color={levelColor(row.level)}>{label}</Tag>,
});

export const statusColumn = (width: number): TableColumnType<WarningItem> => ({
  title: '状态',
  dataIndex: 'statusLabel',
  width,
  render: (label: string, row) => <Tag color={row.status === 'open' ? 'processing' : 'default'}>{label}</Tag>,
});
