/**
 * 参建单位 (contractorInfo): the project's units, builder and general contractor first, with server-side
 * filters and pages; add (newBulid), edit (editBuilds), exit and re-entry with a date, removal. Exit and
 * removal take several rows at once; the server refuses, naming the unit and saying why.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button, Card, Input, Popconfirm, Select, Space, Tag, message } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useCanWrite } from '@/store/session';
import { showApiError } from '@/api/client';
import DateDialog from '@/components/DateDialog';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import {
  deleteUnits,
  exitUnits,
  fetchUnitList,
  MSG_ENTRY_REQUIRED,
  MSG_EXIT_REQUIRED,
  reenterUnit,
  type UnitFilter,
  type UnitListItem,
} from './service';

const ROLE_FILTERS: { value: UnitFilter['type']; label: string }[] = [
  { value: '', label: '全部类型' },
  { value: 'builder', label: '建设单位' },
  { value: 'contractor', label: '施工总包' },
  { value: 'subcontractor', label: '专业分包' },
  { value: 'labour', label: '劳务分包' },
];

const STATUS_FILTERS: { value: UnitFilter['status']; label: string }[] = [
  { value: '', label: '全部状态' },
  { value: '1', label: '在场' },
  { value: '2', label: '已退场' },
];

const ROLE_COLORS: Record<string, string> = { builder: 'blue', contractor: 'geekblue', subcontractor: 'cyan', labour: 'purple' };

type Dialog = { kind: 'exit'; ids: number[] } | { kind: 'reentry'; id: number } | null;

export default function ContractorInfo() {
  const canWrite = useCanWrite();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [nameInput, setNameInput] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = usePagedList<UnitFilter, UnitListItem>({
    queryKey: ['company', 'list'],
    fetchPage: fetchUnitList,
    initialFilter: { name: '', type: '', status: '' },
  });
  const { filter } = list;

  // A unit's exit also exits its teams: the team list is stale too.
  const refresh = () => {
    setSelected([]);
    void queryClient.invalidateQueries({ queryKey: ['company'] });
    void queryClient.invalidateQueries({ queryKey: ['team'] });
  };

  const remove = async (ids: number[]) => {
    try {
      await deleteUnits(ids);
      message.success('删除成功');
      refresh();
    } catch (error) {
      showApiError(error);
    }
  };

  const columns: TableColumnsType<UnitListItem> = [
    { title: '单位名称', dataIndex: 'name', key: 'name' },
    {
      title: '类型',
      key: 'role',
      width: 110,
      render: (_, row) => <Tag color={ROLE_COLORS[row.role]}>{row.role_label}</Tag>,
    },
    { title: '分包类型', dataIndex: 'construction_type_label', key: 'construction_type_label', render: (label: string) => label || '—' },
    { title: '项目负责人', key: 'leader', render: (_, row) => (row.project_leader ? `${row.project_leader} ${row.project_leader_phone}` : '—') },
    { title: '进场日期', dataIndex: 'entry_date', key: 'entry_date', width: 110, render: (date: string) => date || '—' },
    { title: '退场日期', dataIndex: 'exit_date', key: 'exit_date', width: 110, render: (date: string) => date || '—' },
    {
      title: '状态',
      key: 'status',
      width: 90,
      render: (_, row) => <Tag color={row.status === 1 ? 'success' : 'default'}>{row.status_label}</Tag>,
    },
    { title: '班组/在场工人', key: 'counts', width: 120, render: (_, row) => `${row.team_count} / ${row.worker_count}` },
    {
      title: '操作',
      key: 'action',
      width: 200,
      render: (_, row) =>
        row.fixed ? (
          <Button type="link" size="small" onClick={() => void navigate(row.role === 'builder' ? '/project/builderInfo' : '/project/constructInfo')}>
            查看
          </Button>
        ) : (
          canWrite && <Space size={0}>
            <Button type="link" size="small" data-testid={`unit-edit-${row.id}`} onClick={() => void navigate(`/project/editBuilds?id=${row.id}`)}>
              编辑
            </Button>
            {row.status === 1 ? (
              <Button type="link" size="small" data-testid={`unit-exit-${row.id}`} onClick={() => setDialog({ kind: 'exit', ids: [row.id] })}>
                退场
              </Button>
            ) : (
              <Button type="link" size="small" data-testid={`unit-reentry-${row.id}`} onClick={() => setDialog({ kind: 'reentry', id: row.id })}>
                重新进场
              </Button>
            )}
            <Popconfirm title={`确定删除${row.name}吗？`} onConfirm={() => remove([row.id])} okButtonProps={{ 'data-testid': 'unit-delete-confirm' }}>
              <Button type="link" size="small" danger data-testid={`unit-delete-${row.id}`}>
                删除
              </Button>
            </Popconfirm>
          </Space>
        ),
    },
  ];

  return (
    <Card title="参建单位" variant="borderless" data-testid="contractor-info">
      <Space wrap size={12} style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap size={12}>
          <Input.Search
            placeholder="单位名称"
            allowClear
            style={{ width: 240 }}
            value={nameInput}
            onChange={(event) => setNameInput(event.target.value)}
            onSearch={(value) => list.search({ ...filter, name: value.trim() })}
            enterButton="查询"
            data-testid="unit-search"
          />
          <Select style={{ width: 130 }} value={filter.type} options={ROLE_FILTERS} onChange={(type) => list.search({ ...filter, type })} data-testid="unit-type-filter" />
          <Select style={{ width: 120 }} value={filter.status} options={STATUS_FILTERS} onChange={(status) => list.search({ ...filter, status })} data-testid="unit-status-filter" />
        </Space>
        {canWrite && <Space wrap>
          <Button disabled={selected.length === 0} onClick={() => setDialog({ kind: 'exit', ids: selected })} data-testid="unit-exit-batch">
            批量退场
          </Button>
          <Popconfirm title={`确定删除选中的${selected.length}个单位吗？`} onConfirm={() => remove(selected)} disabled={selected.length === 0}>
            <Button danger disabled={selected.length === 0}>
              批量删除
            </Button>
          </Popconfirm>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/project/newBulid')} data-testid="unit-add">
            新增参建单位
          </Button>
        </Space>}
      </Space>
      <ServerTable<UnitFilter, UnitListItem>
        list={list}
        rowKey="id"
        columns={columns}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
          getCheckboxProps: (row) => ({ disabled: row.fixed }),
        }}
        data-testid="unit-table"
      />
      {dialog?.kind === 'exit' && (
        <DateDialog
          title="参建单位退场"
          label="退场日期"
          required={MSG_EXIT_REQUIRED}
          onClose={() => setDialog(null)}
          onOk={async (date) => {
            await exitUnits(dialog.ids, date);
            message.success('退场成功');
            setDialog(null);
            refresh();
          }}
        />
      )}
      {dialog?.kind === 'reentry' && (
        <DateDialog
          title="重新进场"
          label="进场日期"
          required={MSG_ENTRY_REQUIRED}
          onClose={() => setDialog(null)}
          onOk={async (date) => {
            await reenterUnit(dialog.id, date);
            message.success('操作成功!');
            setDialog(null);
            refresh();
          }}
        />
      )}
    </Card>
  );
}
