/** 线索反馈管理 (project): the leads dispatched to the project with their status and deadline, paged on the server. */
import { Button, Card, Checkbox, Form, Select, Tag, type TableColumnsType } from 'antd';
import { useNavigate } from 'react-router';
import FilterForm from '@/components/FilterForm';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import { EMPTY_LEAD_FILTER, fetchProjectLeads, STATUS_COLORS, STATUS_OPTIONS, type LeadFilter, type LeadItem, type LeadStatus } from './service';

interface FilterValues {
  status?: LeadStatus;
  overdue?: boolean;
}

/** The project never sees a lead before it is dispatched. */
const PROJECT_STATUSES = STATUS_OPTIONS.filter((option) => option.value !== 'pending');

export default function FeedbackList() {
  const navigate = useNavigate();
  const list = usePagedList<LeadFilter, LeadItem>({
    queryKey: ['clue', 'project'],
    fetchPage: fetchProjectLeads,
    initialFilter: EMPTY_LEAD_FILTER,
    limit: 20,
  });
  const open = (lead: LeadItem) => void navigate(`/remunerationClues/feedbackDetail?id=${lead.id}`);
  const columns: TableColumnsType<LeadItem> = [
    { title: '受理编号', dataIndex: 'receipt', width: 180 },
    { title: '举报人', dataIndex: 'reporterName', width: 90 },
    { title: '欠薪单位/班组', dataIndex: 'employer', ellipsis: true },
    { title: '欠薪金额（元）', dataIndex: 'amount', width: 130, align: 'right' },
    {
      title: '状态',
      key: 'status',
      width: 150,
      render: (_, lead) => (
        <>
          <Tag color={STATUS_COLORS[lead.status]}>{lead.statusLabel}</Tag>
          {lead.overdue && <Tag color="red">逾期</Tag>}
        </>
      ),
    },
    { title: '反馈期限', dataIndex: 'deadline', width: 110, render: (day: string) => day || '—' },
    {
      title: '操作',
      key: 'open',
      width: 90,
      render: (_, lead) => (
        <Button type="link" size="small" data-testid={`feedback-open-${lead.id}`} onClick={() => open(lead)}>
          {lead.status === 'dispatched' || lead.status === 'returned' ? '去反馈' : '查看'}
        </Button>
      ),
    },
  ];
  return (
    <Card data-testid="feedback-list" title="线索反馈管理" variant="borderless">
      <FilterForm<FilterValues>
        searchTestId="feedback-search"
        onSearch={(values) => list.search({ ...EMPTY_LEAD_FILTER, status: values.status ?? '', overdue: values.overdue ?? false })}
      >
        <Form.Item name="status">
          <Select data-testid="feedback-filter-status" placeholder="全部状态" allowClear style={{ width: 130 }} options={PROJECT_STATUSES} />
        </Form.Item>
        <Form.Item name="overdue" valuePropName="checked">
          <Checkbox>仅看逾期</Checkbox>
        </Form.Item>
      </FilterForm>
      <ServerTable<LeadFilter, LeadItem> list={list} rowKey="id" columns={columns} scroll={{ x: 900 }} />
    </Card>
  );
}
