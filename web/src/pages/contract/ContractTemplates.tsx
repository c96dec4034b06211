/**
 * 电子合同模板 (/system/contract): the templates the project may use (the built-in 建筑施工劳动合同 first) with
 * the editor, and every contract generated from the roster with its state and signed scan. The regulator
 * reads the project in view.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Popconfirm, Select, Space, Tabs, Tag, message, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { showApiError } from '@/api/client';
import FilterForm from '@/components/FilterForm';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import { useSession } from '@/store/session';
import { useProjectId } from '@/store/useProjectId';
import ScanLinks from './ScanLinks';
import TemplateDialog, { type Editing } from './TemplateDialog';
import {
  EMPTY_CONTRACT_FILTER,
  EMPTY_TEMPLATE_FILTER,
  deleteTemplate,
  fetchContracts,
  fetchTemplates,
  printPath,
  type ContractFilter,
  type ContractLine,
  type TemplateFilter,
  type TemplateLine,
} from './service';

function Templates({ projectId, canEdit }: { projectId?: string; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing | null>(null);
  const list = usePagedList({
    queryKey: ['contract', 'templates', projectId ?? ''],
    fetchPage: (filter: TemplateFilter, page, limit) => fetchTemplates(filter, page, limit, projectId),
    initialFilter: EMPTY_TEMPLATE_FILTER,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['contract'] });

  const remove = async (template: TemplateLine) => {
    try {
      await deleteTemplate(template.id);
      void message.success('删除成功');
      refresh();
    } catch (error) {
      showApiError(error);
    }
  };

  const columns: TableColumnsType<TemplateLine> = [
    {
      title: '模板名称',
      dataIndex: 'name',
      render: (name: string, template) => (
        <Space>
          {name}
          {template.builtin && <Tag color="blue">默认范本</Tag>}
        </Space>
      ),
    },
    { title: '版本', dataIndex: 'version', width: 80, render: (version: number) => `第${version}版` },
    { title: '更新时间', dataIndex: 'updatedAt', width: 180, render: (text: string) => text || '—' },
    {
      title: '操作',
      key: 'action',
      width: 200,
      render: (_, template) => (
        <Space size={0}>
          <Button type="link" size="small" data-testid={`template-view-${template.id}`}
            onClick={() => setEditing({ template, initial: { name: template.name, body: template.body }, readOnly: !canEdit || template.builtin })}>
            {canEdit && !template.builtin ? '编辑' : '查看'}
          </Button>
          {canEdit && (
            <Button type="link" size="small" data-testid={`template-copy-${template.id}`}
              onClick={() => setEditing({ initial: { name: `${template.name}（副本）`, body: template.body }, readOnly: false })}>
              复制
            </Button>
          )}
          {canEdit && !template.builtin && (
            <Popconfirm title="确定删除该模板？已生成的合同不受影响。" onConfirm={() => void remove(template)}>
              <Button type="link" size="small" danger data-testid={`template-delete-${template.id}`}>删除</Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <FilterForm<TemplateFilter>
        onSearch={(values) => list.search({ name: values.name ?? '' })}
        actions={canEdit && (
          <Button icon={<PlusOutlined />} data-testid="template-new" onClick={() => setEditing({ initial: { name: '', body: '' }, readOnly: false })}>
            新增模板
          </Button>
        )}>
        <Form.Item name="name">
          <Input placeholder="模板名称" allowClear style={{ width: 200 }} />
        </Form.Item>
      </FilterForm>
      <ServerTable<TemplateFilter, TemplateLine> list={list} rowKey="id" columns={columns} data-testid="template-table" />
      <TemplateDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          refresh();
        }}
      />
    </>
  );
}

function Contracts({ projectId }: { projectId?: string }) {
  const list = usePagedList({
    queryKey: ['contract', 'contracts', projectId ?? ''],
    fetchPage: (filter: ContractFilter, page, limit) => fetchContracts(filter, page, limit, projectId),
    initialFilter: EMPTY_CONTRACT_FILTER,
  });
  const columns: TableColumnsType<ContractLine> = [
    { title: '姓名', dataIndex: 'workerName', width: 100 },
    { title: '合同模板', dataIndex: 'templateName', render: (name: string, line) => `${name}（第${line.templateVersion}版）` },
    { title: '生成时间', dataIndex: 'createdAt', width: 180 },
    { title: '状态', dataIndex: 'statusLabel', width: 80, render: (label: string, line) => <Tag color={line.status === 'signed' ? 'green' : 'orange'}>{label}</Tag> },
    { title: '签字扫描件', dataIndex: 'files', render: (_, line) => <ScanLinks files={line.files} /> },
    {
      title: '操作',
      key: 'action',
      width: 90,
      render: (_, line) => <Link to={printPath(line.id, projectId)} data-testid={`contract-open-${line.id}`}>打印</Link>,
    },
  ];
  return (
    <>
      <FilterForm<ContractFilter> onSearch={(values) => list.search({ ...EMPTY_CONTRACT_FILTER, name: values.name ?? '', status: values.status ?? '' })}>
        <Form.Item name="name">
          <Input placeholder="姓名" allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="status">
          <Select placeholder="状态" allowClear style={{ width: 110 }} options={[{ value: 'generated', label: '待签' }, { value: 'signed', label: '已签' }]} />
        </Form.Item>
      </FilterForm>
      <ServerTable<ContractFilter, ContractLine> list={list} rowKey="id" columns={columns} data-testid="contract-table" />
    </>
  );
}

export default function ContractTemplates() {
  const inView = useProjectId();
  const projectId = inView === undefined ? undefined : String(inView);
  const canEdit = useSession((state) => state.roles.includes('builder'));
  return (
    <Card variant="borderless" title="电子合同" data-testid="contract-page"
      extra={<Link to="/user/list">到花名册为工人生成合同</Link>}>
      <Tabs
        items={[
          { key: 'templates', label: '合同模板', children: <Templates projectId={projectId} canEdit={canEdit} /> },
          { key: 'contracts', label: '已生成合同', children: <Contracts projectId={projectId} /> },
        ]}
      />
    </Card>
  );
}
