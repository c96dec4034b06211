import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Divider, Drawer, Form, Input, Select, type TableColumnsType } from 'antd';
import FilterForm from '@/components/FilterForm';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import UploadField from '@/components/upload/UploadField';
import { useFormSubmit } from '@/utils/useFormSubmit';
import { useCanWrite } from '@/store/session';
import WarningFacts from './WarningFacts';
import WarningThread from './WarningThread';
import {
  EMPTY_WARNING_FILTER,
  fetchProjectWarnings,
  fetchThread,
  fetchWarning,
  LEVELS,
  saveNote,
  STATUSES,
  type WarningFilter,
  type WarningItem,
} from './service';
import { levelColumn, statusColumn, workerColumn } from './columns';

interface NoteValues {
  content: string;
  attachments?: string[];
}

/** The drawer of one warning: its facts, the thread and the project's answer with attachments. */
function WarningDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const [form] = Form.useForm<NoteValues>();
  const { saving, run } = useFormSubmit();
  const canWrite = useCanWrite();
  const queryClient = useQueryClient();
  const warning = useQuery({ queryKey: ['warning', id], queryFn: () => fetchWarning(id!), enabled: id !== null });
  const thread = useQuery({ queryKey: ['warning', id, 'thread'], queryFn: () => fetchThread(id!), enabled: id !== null });

  const submit = async (values: NoteValues) => {
    if (id === null) return;
    await run(
      async () => {
        await saveNote(id, values.content.trim(), values.attachments ?? []);
        form.resetFields();
        await queryClient.invalidateQueries({ queryKey: ['warning', id, 'thread'] });
      },
      { success: '操作成功!' },
    );
  };

  return (
    <Drawer open={id !== null} title="预警详情" width={720} onClose={onClose} destroyOnHidden data-testid="warning-drawer">
      {warning.data && <WarningFacts warning={warning.data} />}
      <Divider titlePlacement="start">回复记录</Divider>
      <WarningThread notes={thread.data ?? []} />
      {canWrite && (
        <>
          <Divider titlePlacement="start">回复</Divider>
          <Form<NoteValues> form={form} layout="vertical" onFinish={submit}>
            <Form.Item
              name="content"
              label="回复内容"
              rules={[
                { required: true, whitespace: true, message: '请填写回复内容' },
                { max: 500, message: '回复内容不能超过500个字' },
              ]}
            >
              <Input.TextArea data-testid="warning-note" rows={4} maxLength={500} showCount placeholder="说明整改情况" />
            </Form.Item>
            <Form.Item name="attachments" label="附件">
              <UploadField kind="attachment" data-testid="warning-attachments" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="warning-note-submit">
              提交回复
            </Button>
          </Form>
        </>
      )}
    </Drawer>
  );
}

interface FilterValues {
  level?: string;
  status?: string;
}

/** 消息中心 → 预警信息: the project's early warnings, filtered and paged on the server; each opens in a drawer. */
export default function Warnings() {
  const [open, setOpen] = useState<number | null>(null);
  const list = usePagedList<WarningFilter, WarningItem>({
    queryKey: ['warning', 'list'],
    fetchPage: fetchProjectWarnings,
    initialFilter: EMPTY_WARNING_FILTER,
    limit: 10,
  });

  const columns: TableColumnsType<WarningItem> = [
    levelColumn(80),
    { title: '预警类型', dataIndex: 'ruleLabel', width: 170 },
    { title: '所属期间', dataIndex: 'period', width: 110, render: (period: string) => period || '—' },
    workerColumn(220),
    { title: '预警内容', dataIndex: 'facts', ellipsis: { showTitle: true } },
    { title: '产生时间', dataIndex: 'raisedAt', width: 170 },
    statusColumn(90),
    {
      title: '操作',
      key: 'open',
      width: 80,
      render: (_, row) => (
        <Button type="link" size="small" data-testid={`warning-open-${row.id}`} onClick={() => setOpen(row.id)}>
          查看
        </Button>
      ),
    },
  ];

  return (
    <Card data-testid="warning-page" title="预警信息" variant="borderless">
      <FilterForm<FilterValues>
        searchTestId="warning-search"
        onSearch={(values) => list.search({ ...EMPTY_WARNING_FILTER, level: values.level ?? '', status: values.status ?? '' })}
        onReset={list.reset}
      >
        <Form.Item name="level">
          <Select
            data-testid="warning-filter-level"
            placeholder="预警级别"
            allowClear
            style={{ width: 140 }}
            options={LEVELS.map(({ value, label }) => ({ value, label }))}
          />
        </Form.Item>
        <Form.Item name="status">
          <Select data-testid="warning-filter-status" placeholder="状态" allowClear style={{ width: 120 }} options={STATUSES} />
        </Form.Item>
      </FilterForm>
      <ServerTable<WarningFilter, WarningItem> list={list} data-testid="warning-table" rowKey="id" columns={columns} />
      <WarningDrawer id={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
