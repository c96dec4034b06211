import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Descriptions, Form, Input, Modal, Select, Table, Typography, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import FilterForm from '@/components/FilterForm';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import { fetchAuditList } from '@/pages/audit/service';
import { useProjectInView } from '@/store/projectInView';
import { changesOf, EMPTY_OPLOG_FILTER, fetchOplog, fetchOplogKinds, type OplogFilter, type OplogLine } from './service';

interface FilterValues {
  projectId?: number;
  account?: string;
  kind?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

export function toOplogFilter(values: FilterValues): OplogFilter {
  return {
    projectId: values.projectId ?? null,
    account: values.account?.trim() ?? '',
    kind: values.kind ?? '',
    startDate: values.range?.[0]?.format('YYYY-MM-DD') ?? '',
    endDate: values.range?.[1]?.format('YYYY-MM-DD') ?? '',
  };
}

const target = (line: OplogLine) => (line.target_type ? `${line.target_type} #${line.target_id}` : '—');

/** The full line: every field, and the changes its detail names as before and after. */
function LineDetail({ line, onClose }: { line: OplogLine | null; onClose: () => void }) {
  const changes = line ? changesOf(line.detail) : [];
  return (
    <Modal open={line !== null} title="操作详情" footer={null} onCancel={onClose} width={760} destroyOnHidden>
      {line && (
        <div data-testid="oplog-detail">
          <Descriptions
            bordered
            size="small"
            column={2}
            items={[
              { key: 'time', label: '时间', children: line.time },
              { key: 'account', label: '操作账号', children: line.account_name || '—' },
              { key: 'action', label: '操作', children: line.action },
              { key: 'ip', label: 'IP', children: line.ip || '—' },
              { key: 'project', label: '项目', children: line.project_name || '—', span: 2 },
              { key: 'target', label: '对象', children: target(line), span: 2 },
              {
                key: 'detail',
                label: '内容',
                span: 2,
                children: <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{line.detail || '—'}</Typography.Paragraph>,
              },
            ]}
          />
          {changes.length > 0 && (
            <Table
              data-testid="oplog-changes"
              style={{ marginTop: 16 }}
              size="small"
              pagination={false}
              rowKey="key"
              dataSource={changes.map((change, index) => ({ ...change, key: index }))}
              columns={[
                { title: '项目', dataIndex: 'label', width: 160, render: (label: string) => label || '—' },
                { title: '修改前', dataIndex: 'before' },
                { title: '修改后', dataIndex: 'after' },
              ]}
            />
          )}
        </div>
      )}
    </Modal>
  );
}

/**
 * 系统设置 → 操作日志 (regulator): who did what to which record, filtered and paged on the server. It opens on
 * the project in view, if any (a district account reads the log one project at a time).
 */
export default function OperationLog() {
  const inView = useProjectInView((state) => state.project);
  const [projectSearch, setProjectSearch] = useState('');
  const [reading, setReading] = useState<OplogLine | null>(null);
  const kinds = useQuery({ queryKey: ['oplog', 'kinds'], queryFn: fetchOplogKinds });
  const projects = useQuery({
    queryKey: ['oplog', 'projects', projectSearch],
    queryFn: () => fetchAuditList({ status: '', name: projectSearch }, 1, 20),
  });
  const list = usePagedList<OplogFilter, OplogLine>({
    queryKey: ['oplog', 'list'],
    fetchPage: fetchOplog,
    initialFilter: { ...EMPTY_OPLOG_FILTER, projectId: inView?.id ?? null },
    limit: 20,
  });

  const projectOptions = (projects.data?.list ?? []).map((project) => ({ value: project.id, label: project.name || `项目 ${project.id}` }));
  if (inView && !projectOptions.some((option) => option.value === inView.id)) {
    projectOptions.unshift({ value: inView.id, label: inView.name });
  }

  const columns: TableColumnsType<OplogLine> = [
    { title: '时间', dataIndex: 'time', width: 170 },
    { title: '操作账号', dataIndex: 'account_name', width: 120, render: (name: string) => name || '—' },
    { title: '操作', dataIndex: 'action', width: 140 },
    { title: '对象', key: 'target', width: 160, ellipsis: true, render: (_, line) => target(line) },
    { title: '项目', dataIndex: 'project_name', width: 200, ellipsis: true, render: (name: string) => name || '—' },
    { title: '内容', dataIndex: 'detail', ellipsis: { showTitle: true }, render: (detail: string) => detail || '—' },
    { title: 'IP', dataIndex: 'ip', width: 130, render: (ip: string) => ip || '—' },
    {
      title: '详情',
      key: 'open',
      width: 70,
      render: (_, line) => (
        <Button type="link" size="small" data-testid={`oplog-open-${line.id}`} onClick={() => setReading(line)}>
          查看
        </Button>
      ),
    },
  ];

  return (
    <Card data-testid="oplog-page" title="操作日志" variant="borderless">
      <FilterForm<FilterValues>
        initialValues={{ projectId: inView?.id }}
        searchTestId="oplog-search"
        onSearch={(values) => list.search(toOplogFilter(values))}
        onReset={list.reset}
      >
        <Form.Item name="projectId">
          <Select
            data-testid="oplog-filter-project"
            placeholder="全部项目"
            allowClear
            showSearch={{ filterOption: false, onSearch: setProjectSearch }}
            style={{ width: 260 }}
            loading={projects.isFetching}
            options={projectOptions}
          />
        </Form.Item>
        <Form.Item name="account">
          <Input data-testid="oplog-filter-account" placeholder="操作账号" allowClear maxLength={50} style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="kind">
          <Select
            data-testid="oplog-filter-kind"
            placeholder="操作类型"
            allowClear
            showSearch
            style={{ width: 180 }}
            options={(kinds.data?.kinds ?? []).map((kind) => ({ value: kind, label: kind }))}
          />
        </Form.Item>
        <Form.Item name="range">
          <DatePicker.RangePicker data-testid="oplog-filter-dates" placeholder={['开始日期', '结束日期']} />
        </Form.Item>
      </FilterForm>
      <ServerTable<OplogFilter, OplogLine> list={list} data-testid="oplog-table" rowKey="id" columns={columns} />
      <LineDetail line={reading} onClose={() => setReading(null)} />
    </Card>
  );
}
