/**
 * 线索管理 (regulator, 监察 or 管理员): the leads of the district's projects and of unregistered sites in it
 * (未登记项目), filtered and paged on the server; the 12333 entry dialog; the review drawer with the history and the
 * step the status allows (派发, or 退回 / 办结 of the project's feedback; a lead without a project: 关联项目 or
 * 直接办结).
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Drawer, Form, Input, InputNumber, Modal, Select, Space, Spin, Tag, message, type TableColumnsType } from 'antd';
import FilterForm from '@/components/FilterForm';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import { useFormSubmit } from '@/utils/useFormSubmit';
import AssignDialog from './AssignDialog';
import LeadHistory from './LeadHistory';
import {
  acceptLead,
  closeLead,
  dispatchLead,
  EMPTY_LEAD_FILTER,
  enterLead,
  fetchInbox,
  fetchLead,
  returnLead,
  searchProjects,
  SOURCE_OPTIONS,
  STATUS_COLORS,
  STATUS_OPTIONS,
  type LeadFilter,
  type LeadItem,
  type LeadStatus,
} from './service';

interface EntryValues {
  name: string;
  phone: string;
  idNumber: string;
  projectId?: number;
  employer: string;
  amount?: string;
  months?: number;
  description: string;
}

/** A call taken on the 12333 hotline, entered by hand. */
function EntryDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<EntryValues>();
  const [projectName, setProjectName] = useState('');
  const { saving, run } = useFormSubmit();
  const projects = useQuery({
    queryKey: ['clue', 'projects', projectName],
    queryFn: () => searchProjects(projectName),
    enabled: open && projectName.trim().length > 0,
  });
  const save = (values: EntryValues) =>
    run(async () => {
      const reply = await enterLead({
        name: values.name,
        phone: values.phone,
        idNumber: values.idNumber,
        projectId: values.projectId ? String(values.projectId) : '',
        employer: values.employer,
        amount: values.amount ?? '',
        months: values.months ? String(values.months) : '',
        description: values.description,
      });
      void message.success(`录入成功，受理编号 ${reply.receipt}`);
      form.resetFields();
      onDone();
    });
  return (
    <Modal open={open} title="录入12333热线线索" onCancel={onClose} onOk={() => form.submit()} confirmLoading={saving} destroyOnHidden width={560}>
      <Form<EntryValues> form={form} layout="vertical" onFinish={(values) => void save(values)} data-testid="clue-entry">
        <Form.Item name="name" label="姓名" rules={[{ required: true, whitespace: true, message: '请填写姓名' }]}>
          <Input maxLength={30} data-testid="entry-name" />
        </Form.Item>
        <Form.Item name="phone" label="手机号码" rules={[{ required: true, message: '请填写手机号码' }]}>
          <Input maxLength={11} data-testid="entry-phone" />
        </Form.Item>
        <Form.Item name="idNumber" label="身份证号" rules={[{ required: true, message: '请填写身份证号码' }]}>
          <Input maxLength={18} data-testid="entry-id-number" />
        </Form.Item>
        <Form.Item name="projectId" label="项目" rules={[{ required: true, message: '请选择欠薪项目' }]}>
          <Select
            data-testid="entry-project"
            showSearch={{ filterOption: false, onSearch: setProjectName }}
            placeholder="输入项目名称搜索"
            loading={projects.isFetching}
            options={(projects.data?.list ?? []).map((project) => ({ value: project.id, label: project.name }))}
          />
        </Form.Item>
        <Form.Item name="employer" label="欠薪单位或班组" rules={[{ required: true, whitespace: true, message: '请填写欠薪单位或班组' }]}>
          <Input maxLength={100} data-testid="entry-employer" />
        </Form.Item>
        <Space>
          <Form.Item name="amount" label="欠薪金额（元）" rules={[{ required: true, message: '请填写欠薪金额' }]}>
            <InputNumber<string> stringMode min="0.01" precision={2} data-testid="entry-amount" />
          </Form.Item>
          <Form.Item name="months" label="欠薪月数" rules={[{ required: true, message: '请填写欠薪月数' }]}>
            <InputNumber min={1} max={120} precision={0} data-testid="entry-months" />
          </Form.Item>
        </Space>
        <Form.Item name="description" label="情况描述" rules={[{ required: true, whitespace: true, message: '请填写情况描述' }]}>
          <Input.TextArea rows={3} maxLength={1000} showCount data-testid="entry-description" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type Decision = 'return' | 'accept' | 'close';

/** The lead's history and the step its status allows. */
function ReviewDrawer({ id, onClose, onChanged }: { id: number | null; onClose: () => void; onChanged: () => void }) {
  const lead = useQuery({ queryKey: ['clue', 'lead', id], queryFn: () => fetchLead(id!), enabled: id !== null });
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [assigning, setAssigning] = useState(false);
  const [remark, setRemark] = useState('');
  const { saving: busy, run } = useFormSubmit();
  const act = (step: () => Promise<unknown>, done: string) =>
    run(
      async () => {
        await step();
        setDeciding(null);
        setRemark('');
        await lead.refetch();
        onChanged();
      },
      { success: done },
    );
  const data = lead.data;
  const dispatch = () =>
    Modal.confirm({
      title: '派发线索',
      content: `派发至「${data?.projectName}」，项目须在规定工作日内反馈。`,
      okText: '派发',
      onOk: () => act(() => dispatchLead(id!), '派发成功'),
    });
  return (
    <Drawer open={id !== null} onClose={onClose} title="线索详情" size="large" destroyOnHidden data-testid="clue-drawer">
      {!data ? (
        <Spin />
      ) : (
        <>
          <LeadHistory lead={data} />
          <Space style={{ marginTop: 8 }}>
            {data.status === 'pending' && data.projectId !== 0 && (
              <Button type="primary" onClick={dispatch} data-testid="clue-dispatch">
                派发
              </Button>
            )}
            {data.status === 'pending' && data.projectId === 0 && (
              <>
                <Button type="primary" onClick={() => setAssigning(true)} data-testid="clue-assign">
                  关联项目
                </Button>
                <Button onClick={() => setDeciding('close')} data-testid="clue-close">
                  直接办结
                </Button>
              </>
            )}
            {data.status === 'feedback' && (
              <>
                <Button type="primary" onClick={() => setDeciding('accept')} data-testid="clue-accept">
                  办结
                </Button>
                <Button danger onClick={() => setDeciding('return')} data-testid="clue-return">
                  退回
                </Button>
              </>
            )}
          </Space>
          <Modal
            open={deciding !== null}
            title={{ accept: '办结线索', close: '直接办结（不派发至项目）', return: '退回反馈' }[deciding ?? 'accept']}
            confirmLoading={busy}
            onCancel={() => setDeciding(null)}
            onOk={() =>
              deciding === 'accept'
                ? act(() => acceptLead(id!, remark), '已办结')
                : deciding === 'close'
                  ? act(() => closeLead(id!, remark), '已办结')
                  : act(() => returnLead(id!, remark), '已退回')
            }
            destroyOnHidden
          >
            <Input.TextArea
              data-testid="clue-decision-remark"
              rows={4}
              maxLength={deciding === 'return' ? 500 : 1000}
              showCount
              placeholder={deciding === 'return' ? '退回意见' : '办结答复（举报人可凭受理编号查看）'}
              value={remark}
              onChange={(event) => setRemark(event.target.value)}
            />
          </Modal>
          <AssignDialog
            lead={assigning ? data : null}
            onClose={() => setAssigning(false)}
            onDone={() => {
              setAssigning(false);
              void message.success('已关联项目');
              void lead.refetch();
              onChanged();
            }}
          />
        </>
      )}
    </Drawer>
  );
}

interface FilterValues {
  status?: LeadStatus;
  source?: string;
  overdue?: boolean;
  unregistered?: boolean;
}

export default function ClueInbox() {
  const [entering, setEntering] = useState(false);
  const [reviewing, setReviewing] = useState<number | null>(null);
  const client = useQueryClient();
  const list = usePagedList<LeadFilter, LeadItem>({
    queryKey: ['clue', 'inbox'],
    fetchPage: fetchInbox,
    initialFilter: EMPTY_LEAD_FILTER,
    limit: 20,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: ['clue', 'inbox'] });

  const columns: TableColumnsType<LeadItem> = [
    { title: '受理编号', dataIndex: 'receipt', width: 180 },
    { title: '举报人', dataIndex: 'reporterName', width: 90 },
    {
      title: '项目',
      key: 'project',
      ellipsis: true,
      render: (_, lead) =>
        lead.unregistered ? (
          <>
            <Tag color="orange">未登记项目</Tag>
            {lead.projectName || lead.siteName}
          </>
        ) : (
          lead.projectName
        ),
    },
    { title: '欠薪金额（元）', dataIndex: 'amount', width: 130, align: 'right' },
    { title: '来源', dataIndex: 'sourceLabel', width: 100 },
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
    { title: '提交时间', dataIndex: 'createdTime', width: 170 },
    {
      title: '操作',
      key: 'open',
      width: 70,
      render: (_, lead) => (
        <Button type="link" size="small" data-testid={`clue-open-${lead.id}`} onClick={() => setReviewing(lead.id)}>
          查看
        </Button>
      ),
    },
  ];

  return (
    <Card
      data-testid="clue-inbox"
      title="线索管理"
      variant="borderless"
      extra={
        <Button type="primary" onClick={() => setEntering(true)} data-testid="clue-enter">
          录入热线线索
        </Button>
      }
    >
      <FilterForm<FilterValues>
        searchTestId="clue-search"
        onSearch={(values) =>
          list.search({
            status: values.status ?? '',
            source: values.source ?? '',
            projectId: null,
            overdue: values.overdue ?? false,
            unregistered: values.unregistered ?? false,
          })
        }
      >
        <Form.Item name="status">
          <Select data-testid="clue-filter-status" placeholder="全部状态" allowClear style={{ width: 130 }} options={STATUS_OPTIONS} />
        </Form.Item>
        <Form.Item name="source">
          <Select data-testid="clue-filter-source" placeholder="全部来源" allowClear style={{ width: 130 }} options={SOURCE_OPTIONS} />
        </Form.Item>
        <Form.Item name="overdue" valuePropName="checked">
          <Checkbox data-testid="clue-filter-overdue">仅看逾期</Checkbox>
        </Form.Item>
        <Form.Item name="unregistered" valuePropName="checked">
          <Checkbox data-testid="clue-filter-unregistered">仅看未登记项目</Checkbox>
        </Form.Item>
      </FilterForm>
      <ServerTable<LeadFilter, LeadItem> list={list} rowKey="id" columns={columns} scroll={{ x: 1100 }} />
      <EntryDialog
        open={entering}
        onClose={() => setEntering(false)}
        onDone={() => {
          setEntering(false);
          refresh();
        }}
      />
      <ReviewDrawer id={reviewing} onClose={() => setReviewing(null)} onChanged={refresh} />
    </Card>
  );
}
