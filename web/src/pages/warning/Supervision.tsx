import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Divider, Drawer, Form, Input, Modal, Select, Space, Table, Tag, Timeline, message, type TableColumnsType } from 'antd';
import FilterForm from '@/components/FilterForm';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import { useFormSubmit } from '@/utils/useFormSubmit';
import { fetchAuditList } from '@/pages/audit/service';
import WarningFacts from './WarningFacts';
import WarningThread from './WarningThread';
import {
  closeWarning,
  comment,
  EMPTY_WARNING_FILTER,
  fetchCounts,
  fetchRegulatorWarning,
  fetchRegulatorWarnings,
  LEVELS,
  reopenWarning,
  STATUSES,
  type WarningCounts,
  type WarningFilter,
  type WarningItem,
} from './service';
import { levelColumn, statusColumn, workerColumn } from './columns';

type Decision = 'close' | 'reopen';

/** The drawer of one warning for the regulator: facts, thread, history, a comment, close or reopen. */
function SupervisionDrawer({ id, onClose, onChanged }: { id: number | null; onClose: () => void; onChanged: () => void }) {
  const [form] = Form.useForm<{ content: string }>();
  const [decision, setDecision] = useState<Decision | null>(null);
  const [remark, setRemark] = useState('');
  const { saving: busy, run } = useFormSubmit();
  const queryClient = useQueryClient();
  const detail = useQuery({ queryKey: ['warning', 'admin', id], queryFn: () => fetchRegulatorWarning(id!), enabled: id !== null });
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['warning', 'admin', id] });
    onChanged();
  };

  const act = (step: () => Promise<unknown>, after: () => void) =>
    run(
      async () => {
        await step();
        after();
        await refresh();
      },
      { success: '操作成功!' },
    );

  const warning = detail.data?.warning;
  return (
    <Drawer open={id !== null} title="预警详情" width={760} onClose={onClose} destroyOnHidden data-testid="supervision-drawer">
      {warning && (
        <>
          <WarningFacts warning={warning} />
          <Space style={{ marginTop: 12 }}>
            {warning.status === 'open' ? (
              <Button danger data-testid="supervision-close" onClick={() => setDecision('close')}>
                关闭预警
              </Button>
            ) : (
              <Button data-testid="supervision-reopen" onClick={() => setDecision('reopen')}>
                重新打开
              </Button>
            )}
          </Space>
          <Divider titlePlacement="start">回复与批注</Divider>
          <WarningThread notes={detail.data?.notes ?? []} />
          <Form
            form={form}
            layout="vertical"
            onFinish={(values) => act(() => comment(warning.id, values.content.trim()), () => form.resetFields())}
          >
            <Form.Item
              name="content"
              label="批注"
              rules={[
                { required: true, whitespace: true, message: '请填写回复内容' },
                { max: 500, message: '回复内容不能超过500个字' },
              ]}
            >
              <Input.TextArea data-testid="supervision-comment" rows={3} maxLength={500} showCount />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy} data-testid="supervision-comment-submit">
              提交批注
            </Button>
          </Form>
          <Divider titlePlacement="start">处理记录</Divider>
          <Timeline
            data-testid="supervision-history"
            items={(detail.data?.history ?? []).map((event, index) => ({
              key: index,
              children: `${event.createdAt} ${event.accountName} ${event.action}${event.detail ? `：${event.detail}` : ''}`,
            }))}
          />
        </>
      )}
      <Modal
        open={decision !== null}
        title={decision === 'close' ? '关闭预警' : '重新打开预警'}
        confirmLoading={busy}
        onCancel={() => setDecision(null)}
        okButtonProps={{ 'data-testid': 'supervision-decision-ok' } as never}
        onOk={() => {
          if (!remark.trim()) {
            void message.error('请填写处理说明');
            return;
          }
          const run = decision === 'close' ? closeWarning : reopenWarning;
          void act(
            () => run(warning!.id, remark.trim()),
            () => {
              setDecision(null);
              setRemark('');
            },
          );
        }}
      >
        <Input.TextArea
          data-testid="supervision-remark"
          rows={3}
          maxLength={500}
          placeholder="处理说明"
          value={remark}
          onChange={(event) => setRemark(event.target.value)}
        />
      </Modal>
    </Drawer>
  );
}

/** The open warnings by level per district. */
function CountsTable({ counts }: { counts: WarningCounts | undefined }) {
  return (
    <Table
      data-testid="supervision-counts"
      size="small"
      pagination={false}
      rowKey="district"
      style={{ marginBottom: 16 }}
      dataSource={counts?.districts ?? []}
      columns={[
        { title: '行政区划', dataIndex: 'districtName' },
        ...LEVELS.map((level) => ({
          title: <Tag color={level.color}>{level.label}</Tag>,
          dataIndex: level.value,
          width: 120,
        })),
      ]}
    />
  );
}

interface FilterValues {
  level?: string;
  rule?: string;
  status?: string;
  district?: string;
  projectId?: number;
}

/** 项目监管 → 预警监管: every project's warnings in the regulator's district, counts by level, and each warning's handling. */
export default function Supervision() {
  const [open, setOpen] = useState<number | null>(null);
  const [projectSearch, setProjectSearch] = useState('');
  const counts = useQuery({ queryKey: ['warning', 'counts'], queryFn: fetchCounts });
  const projects = useQuery({
    queryKey: ['warning', 'projects', projectSearch],
    queryFn: () => fetchAuditList({ status: '2', name: projectSearch }, 1, 20),
  });
  const list = usePagedList<WarningFilter, WarningItem>({
    queryKey: ['warning', 'admin', 'list'],
    fetchPage: fetchRegulatorWarnings,
    initialFilter: EMPTY_WARNING_FILTER,
    limit: 20,
  });

  const columns: TableColumnsType<WarningItem> = [
    levelColumn(70),
    { title: '项目', dataIndex: 'projectName', width: 220, ellipsis: true },
    { title: '行政区划', dataIndex: 'districtName', width: 180, ellipsis: true },
    { title: '预警类型', dataIndex: 'ruleLabel', width: 160 },
    workerColumn(220),
    { title: '预警内容', dataIndex: 'facts', ellipsis: { showTitle: true } },
    { title: '产生时间', dataIndex: 'raisedAt', width: 170 },
    statusColumn(80),
    {
      title: '操作',
      key: 'open',
      width: 70,
      render: (_, row) => (
        <Button type="link" size="small" data-testid={`supervision-open-${row.id}`} onClick={() => setOpen(row.id)}>
          处理
        </Button>
      ),
    },
  ];

  return (
    <Card data-testid="supervision-page" title="预警监管" variant="borderless">
      <CountsTable counts={counts.data} />
      <FilterForm<FilterValues>
        searchTestId="supervision-search"
        onReset={list.reset}
        onSearch={(values) =>
          list.search({
            level: values.level ?? '',
            rule: values.rule ?? '',
            status: values.status ?? '',
            district: values.district ?? '',
            projectId: values.projectId ?? null,
          })
        }
      >
        <Form.Item name="level">
          <Select
            data-testid="supervision-filter-level"
            placeholder="预警级别"
            allowClear
            style={{ width: 130 }}
            options={LEVELS.map(({ value, label }) => ({ value, label }))}
          />
        </Form.Item>
        <Form.Item name="rule">
          <Select
            data-testid="supervision-filter-rule"
            placeholder="预警类型"
            allowClear
            style={{ width: 190 }}
            options={(counts.data?.rules ?? []).map((rule) => ({ value: rule.code, label: rule.label }))}
          />
        </Form.Item>
        <Form.Item name="status">
          <Select data-testid="supervision-filter-status" placeholder="状态" allowClear style={{ width: 110 }} options={STATUSES} />
        </Form.Item>
        <Form.Item name="district">
          <Select
            data-testid="supervision-filter-district"
            placeholder="行政区划"
            allowClear
            style={{ width: 150 }}
            options={(counts.data?.districts ?? []).map((row) => ({ value: row.district, label: row.districtName }))}
          />
        </Form.Item>
        <Form.Item name="projectId">
          <Select
            data-testid="supervision-filter-project"
            placeholder="全部项目"
            allowClear
            showSearch={{ filterOption: false, onSearch: setProjectSearch }}
            style={{ width: 240 }}
            options={(projects.data?.list ?? []).map((project) => ({ value: project.id, label: project.name || `项目 ${project.id}` }))}
          />
        </Form.Item>
      </FilterForm>
      <ServerTable<WarningFilter, WarningItem> list={list} data-testid="supervision-table" rowKey="id" columns={columns} />
      <SupervisionDrawer
        id={open}
        onClose={() => setOpen(null)}
        onChanged={() => {
          void counts.refetch();
          void list.query.refetch();
        }}
      />
    </Card>
  );
}
