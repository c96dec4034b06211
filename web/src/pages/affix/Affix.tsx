/**
 * 附件凭证 (affix): each month of the year × each on-site unit, with its bank receipts, signed wage sheets and
 * other proofs, and whether the two required proofs are there. A line opens affixDetail/{month}/{unit}.
 */
import { useNavigate } from 'react-router';
import { Alert, Button, Card, DatePicker, Space, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useCanWrite } from '@/store/session';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import { chinaNow } from '@/utils/chinaTime';
import { fetchMonths, type AffixMonthLine } from './service';

const DEFAULT_LIMIT = 20;

export default function Affix() {
  const canWrite = useCanWrite();
  const navigate = useNavigate();
  const months = usePagedList({
    queryKey: ['affix', 'months'],
    fetchPage: fetchMonths,
    initialFilter: String(chinaNow().year()),
    limit: DEFAULT_LIMIT,
  });
  const year = months.filter;

  const columns: TableColumnsType<AffixMonthLine> = [
    { title: '月份', dataIndex: 'belongdate', key: 'belongdate', width: 110 },
    { title: '单位', dataIndex: 'companyName', key: 'companyName' },
    { title: '银行代发回单', dataIndex: 'receipts', key: 'receipts', width: 120, align: 'center' },
    { title: '签字工资表', dataIndex: 'wageSheets', key: 'wageSheets', width: 110, align: 'center' },
    { title: '其他凭证', dataIndex: 'others', key: 'others', width: 100, align: 'center' },
    {
      title: '状态',
      key: 'complete',
      width: 100,
      render: (_, row) => (row.complete === 1 ? <Tag color="green">齐全</Tag> : <Tag color="orange">缺凭证</Tag>),
    },
    {
      title: '操作',
      key: 'action',
      width: 120,
      render: (_, row) => (
        <Button
          type="link"
          size="small"
          data-testid={`affix-open-${row.belongdate}-${row.companyid}`}
          onClick={() => void navigate(`/affix/affixDetail/${row.belongdate}/${row.companyid}`)}
        >
          {canWrite ? '查看 / 上传' : '查看'}
        </Button>
      ),
    },
  ];

  return (
    <Card data-testid="affix-page" title="附件凭证" variant="borderless">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="每月每个单位须留存银行代发回单和工人签字确认的工资表（《保障农民工工资支付条例》）。"
      />
      <Space style={{ marginBottom: 16 }}>
        <span>年份</span>
        <DatePicker
          picker="year"
          allowClear={false}
          value={dayjs(`${year}-01-01`)}
          disabledDate={(day) => day.year() > chinaNow().year()}
          onChange={(day) => months.search(day ? String(day.year()) : year)}
          data-testid="affix-year"
        />
      </Space>
      <ServerTable<string, AffixMonthLine>
        data-testid="affix-table"
        list={months}
        rowKey={(row) => `${row.belongdate}-${row.companyid}`}
        columns={columns}
      />
    </Card>
  );
}
