import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Input, Modal, Space, Table, type TableColumnsType, message } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate } from 'react-router';
import { groupYuan, sumYuan, yuanToFen } from '@/utils/money';
import { useFormSubmit } from '@/utils/useFormSubmit';
import { askToPay } from './PayConfirm';
import { fetchOptions, fetchPreview, fetchSheets, submitOrder, type WageSheet } from './service';

/** 工资发放: pick the confirmed sheets of a month and submit them as a wage order to the finance approvers. */
export default function Issue() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const options = useQuery({ queryKey: ['wage', 'options'], queryFn: fetchOptions });
  const [picked, setPicked] = useState<Dayjs | null>(null);
  const month = picked ?? (options.data ? dayjs(`${options.data.defaultMonth}-01`) : null);
  const monthText = month?.format('YYYY-MM') ?? '';
  const [selected, setSelected] = useState<number[]>([]);
  const [remark, setRemark] = useState('');
  const { saving, run } = useFormSubmit();
  const [modal, modalHolder] = Modal.useModal();
  const sheets = useQuery({
    queryKey: ['wage', 'sheets', 'issue', monthText],
    queryFn: () => fetchSheets({ month: monthText, status: 'confirmed', limit: 100 }),
    enabled: monthText !== '',
  });
  const free = useMemo(() => (sheets.data?.list ?? []).filter((sheet) => !sheet.orderId), [sheets.data]);
  const total = sumYuan(free.filter((sheet) => selected.includes(sheet.id)).map((sheet) => sheet.net));
  const balance = options.data?.balance ?? '';
  const short = balance !== '' && (yuanToFen(total) ?? 0) > (yuanToFen(balance) ?? 0);

  const submit = () =>
    run(async () => {
      const preview = await fetchPreview(selected);
      const intro = `${monthText} 月份，${selected.length} 张工资表。提交后由财务审核，审核通过即从专户发放到工人本人工资卡。`;
      if (!(await askToPay(modal, '提交审核', '提交审核', intro, preview))) return;
      const id = await submitOrder(monthText, selected, remark);
      void message.success('工资单已提交，等待财务审核');
      void queryClient.invalidateQueries({ queryKey: ['wage'] });
      navigate(`/special/orderDetail?id=${id}`);
    });

  const columns: TableColumnsType<WageSheet> = [
    { title: '参建单位', dataIndex: 'unitName', ellipsis: true },
    { title: '班组', dataIndex: 'teamName', width: 120, render: (value: string) => value || '全部' },
    { title: '人数', dataIndex: 'lineCount', width: 80 },
    { title: '实发合计（元）', dataIndex: 'net', align: 'right', width: 160, render: groupYuan },
    { title: '确认时间', dataIndex: 'confirmedAt', width: 170 },
  ];

  return (
    <Card
      title="工资发放"
      extra={
        <Space>
          <Button onClick={() => navigate('/project/accounting')}>工资核算</Button>
          <Button onClick={() => navigate('/user/salaryCheck')}>工资核查</Button>
          <Button onClick={() => navigate('/special/orderManagement')}>工资单管理</Button>
        </Space>
      }
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Space>
          <span>工资月份</span>
          <DatePicker picker="month" value={month} allowClear={false} onChange={(value) => { setPicked(value); setSelected([]); }} data-testid="issue-month" />
          <span>专户余额：<b data-testid="issue-balance">{balance === '' ? '未开立专户' : `${groupYuan(balance)} 元`}</b></span>
        </Space>
        <Alert type="info" showIcon title="只能选择已确认且未提交的工资表；提交后由项目的财务审批人员审核，审核通过即从专户发放到工人本人工资卡。" />
        <Table<WageSheet>
          rowKey="id"
          columns={columns}
          dataSource={free}
          loading={sheets.isFetching}
          pagination={false}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
          locale={{ emptyText: '本月没有可提交的已确认工资表' }}
        />
        <Input.TextArea value={remark} onChange={(event) => setRemark(event.target.value)} maxLength={200} rows={2} placeholder="备注（选填）" />
        <Space>
          <span>本次发放合计：<b data-testid="issue-total">{groupYuan(total)}</b> 元</span>
          {short && <span style={{ color: '#cf1322' }}>专户余额不足</span>}
          <Button type="primary" disabled={selected.length === 0} loading={saving} onClick={() => void submit()}>提交审核</Button>
        </Space>
        {modalHolder}
      </Space>
    </Card>
  );
}
