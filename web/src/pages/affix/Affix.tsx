/**
 * 附件凭证 (affix): each month of the year × each on-site unit, with its bank receipts, signed wage sheets and
 * other proofs, and whether the two required proofs are there. A line opens affixDetail/{month}/{unit}.
 */
import { chinaNow } from '@/utils/chinaTime';
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, DatePicker, Space, Table, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { fetchMonths, type AffixMonthLine } from './service';

const DEFAULT_LIMIT = 20;

export default function Affix() {
  const navigate = useNavigate();
  const [year, setYear] = useState(String(chinaNow().year()));
  const [paging, setPaging] = useState({ page: 1, limit: DEFAULT_LIMIT });
  const months = useQuery({
    queryKey: ['affix', 'months', year, paging],
    queryFn: () => fetchMonths(year, paging.page, paging.limit),
    placeholderData: keepPreviousData,
  });

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
          查看 / 上传
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
          onChange={(day) => {
            if (day) setYear(String(day.year()));
            setPaging((current) => ({ ...current, page: 1 }));
          }}
          data-testid="affix-year"
        />
      </Space>
      {months.isError && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={months.error.message} />}
      <Table<AffixMonthLine>
        data-testid="affix-table"
        rowKey={(row) => `${row.belongdate}-${row.companyid}`}
        size="middle"
        columns={columns}
        dataSource={months.data?.list ?? []}
        loading={months.isFetching}
        pagination={{
          current: paging.page,
          pageSize: paging.limit,
          total: months.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => `共 ${total} 条`,
        }}
        onChange={(pagination) =>
          setPaging((current) => {
            const limit = pagination.pageSize ?? current.limit;
            return { limit, page: limit === current.limit ? (pagination.current ?? 1) : 1 };
          })
        }
      />
    </Card>
  );
}
