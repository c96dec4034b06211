/**
 * 班组管理 (bzInfo): the project's teams with server-side filters (unit, name, status) and pages; add and
 * edit in a drawer (unit on site, name, leader, work type, entry date), exit with a date, removal. A team
 * with workers neither exits nor goes: the server says how many.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Drawer, Form, Input, Popconfirm, Select, Space, Tag, message } from 'antd';
import type { FormRule, TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { PlusOutlined } from '@ant-design/icons';
import { useCanWrite } from '@/store/session';
import { ApiError, showApiError } from '@/api/client';
import { useFormSubmit } from '@/utils/useFormSubmit';
import { idNumberRule, personNameRule, phoneRule, requiredDateRule, requiredRule } from '@/utils/rules';
import { fetchAllUnits } from '@/pages/company/service';
import DateDialog from '@/components/DateDialog';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import {
  deleteTeam,
  exitTeam,
  fetchTeam,
  fetchTeams,
  fetchWorkTypes,
  MSG_ENTRY_REQUIRED,
  MSG_EXIT_REQUIRED,
  MSG_NAME_REQUIRED,
  MSG_NAME_TOO_LONG,
  MSG_UNIT_REQUIRED,
  MSG_WORK_TYPE_REQUIRED,
  NAME_MAX,
  saveTeam,
  type TeamFilter,
  type TeamItem,
} from './service';

const DAY = 'YYYY-MM-DD';

interface TeamValues {
  unit_id?: number;
  name: string;
  leader_name: string;
  leader_phone: string;
  leader_id_number: string;
  work_type?: string;
  entry_date: Dayjs | null;
}

const nameRule: FormRule = {
  required: true,
  validator: (_rule, value: string | undefined) => {
    const text = (value ?? '').trim();
    if (!text) return Promise.reject(new Error(MSG_NAME_REQUIRED));
    if ([...text].length > NAME_MAX) return Promise.reject(new Error(MSG_NAME_TOO_LONG));
    return Promise.resolve();
  },
};

function TeamDrawer({ team, onClose, onSaved }: { team: TeamItem | null; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<TeamValues>();
  const { saving, submit } = useFormSubmit(form);
  const units = useQuery({ queryKey: ['company', 'all', 'onsite'], queryFn: () => fetchAllUnits(true) });
  const workTypes = useQuery({ queryKey: ['team', 'workTypes'], queryFn: fetchWorkTypes, staleTime: Infinity });
  const unitOptions = (units.data ?? []).map((unit) => ({ value: unit.id, label: `${unit.name}（${unit.role_label}）` }));
  if (team && !unitOptions.some((option) => option.value === team.unit_id)) {
    unitOptions.push({ value: team.unit_id, label: `${team.unit_name}（${team.unit_role_label}）` });
  }
  const initial: Partial<TeamValues> = team
    ? {
        unit_id: team.unit_id,
        name: team.name,
        leader_name: team.leader_name,
        leader_phone: team.leader_phone,
        leader_id_number: team.leader_id_number,
        work_type: team.work_type,
        entry_date: team.entry_date ? dayjs(team.entry_date, DAY) : null,
      }
    : {};
  const save = () =>
    submit(
      async (values) => {
        await saveTeam({
          id: team ? String(team.id) : undefined,
          unit_id: values.unit_id ? String(values.unit_id) : '',
          name: values.name,
          leader_name: values.leader_name,
          leader_phone: values.leader_phone,
          leader_id_number: values.leader_id_number,
          work_type: values.work_type ?? '',
          entry_date: values.entry_date ? values.entry_date.format(DAY) : '',
        });
        onSaved();
      },
      { success: '操作成功!' },
    );
  return (
    <Drawer
      title={team ? '编辑班组' : '新增班组'}
      open
      size={480}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="team-save">
            保存
          </Button>
        </Space>
      }
    >
      <Form<TeamValues> form={form} layout="vertical" initialValues={initial}>
        <Form.Item label="所属单位" name="unit_id" rules={[requiredRule(MSG_UNIT_REQUIRED)]} extra="只能选择在场的单位">
          <Select options={unitOptions} loading={units.isLoading} placeholder="请选择所属单位" data-testid="team-unit" />
        </Form.Item>
        <Form.Item label="班组名称" name="name" rules={[nameRule]}>
          <Input maxLength={NAME_MAX} data-testid="team-name" />
        </Form.Item>
        <Form.Item label="班组长" name="leader_name" rules={[personNameRule()]}>
          <Input maxLength={50} data-testid="team-leader" />
        </Form.Item>
        <Form.Item label="班组长电话" name="leader_phone" rules={[phoneRule()]}>
          <Input maxLength={20} data-testid="team-phone" />
        </Form.Item>
        <Form.Item label="班组长身份证号" name="leader_id_number" rules={[idNumberRule()]}>
          <Input maxLength={18} data-testid="team-id-number" />
        </Form.Item>
        <Form.Item label="工种" name="work_type" rules={[requiredRule(MSG_WORK_TYPE_REQUIRED)]}>
          <Select options={workTypes.data ?? []} showSearch optionFilterProp="label" placeholder="请选择工种" data-testid="team-work-type" />
        </Form.Item>
        <Form.Item label="进场日期" name="entry_date" rules={[requiredDateRule(MSG_ENTRY_REQUIRED)]}>
          <DatePicker style={{ width: '100%' }} data-testid="team-entry-date" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

/** Editing starts from `Team/detail`, never from the list row: the list masks the leader's ID number. */
function TeamEditor({ id, onClose, onSaved }: { id: number; onClose: () => void; onSaved: () => void }) {
  const detail = useQuery({ queryKey: ['team', 'detail', id], queryFn: () => fetchTeam(id) });
  if (detail.data) return <TeamDrawer team={detail.data} onClose={onClose} onSaved={onSaved} />;
  return (
    <Drawer title="编辑班组" open size={480} onClose={onClose} loading={detail.isLoading}>
      {detail.isError && <Alert type="error" showIcon title={detail.error instanceof ApiError ? detail.error.message : '加载失败'} />}
    </Drawer>
  );
}

type Editing = { team: TeamItem | null } | null;

export default function Teams() {
  const canWrite = useCanWrite();
  const queryClient = useQueryClient();
  const [nameInput, setNameInput] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [exiting, setExiting] = useState<TeamItem | null>(null);
  const list = usePagedList({
    queryKey: ['team', 'list'],
    fetchPage: (filter: TeamFilter, page, limit) => fetchTeams(filter, page, limit),
    initialFilter: { name: '', status: '' },
  });
  const filter = list.filter;
  const units = useQuery({ queryKey: ['company', 'all', 'any'], queryFn: () => fetchAllUnits(false) });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['team'] });
    void queryClient.invalidateQueries({ queryKey: ['company'] });
  };

  const remove = async (team: TeamItem) => {
    try {
      await deleteTeam(team.id);
      message.success('删除成功');
      refresh();
    } catch (error) {
      showApiError(error);
    }
  };

  const columns: TableColumnsType<TeamItem> = [
    { title: '班组名称', dataIndex: 'name', key: 'name' },
    { title: '所属单位', key: 'unit', render: (_, row) => `${row.unit_name}（${row.unit_role_label}）` },
    { title: '工种', dataIndex: 'work_type_label', key: 'work_type_label', width: 110 },
    { title: '班组长', key: 'leader', render: (_, row) => `${row.leader_name} ${row.leader_phone}` },
    { title: '进场日期', dataIndex: 'entry_date', key: 'entry_date', width: 110 },
    { title: '退场日期', dataIndex: 'exit_date', key: 'exit_date', width: 110, render: (date: string) => date || '—' },
    { title: '在场工人', dataIndex: 'worker_count', key: 'worker_count', width: 90 },
    {
      title: '状态',
      key: 'status',
      width: 90,
      render: (_, row) => <Tag color={row.status === 1 ? 'success' : 'default'}>{row.status_label}</Tag>,
    },
    {
      title: '操作',
      key: 'action',
      width: 180,
      render: (_, row) => canWrite && (
        <Space size={0}>
          <Button type="link" size="small" data-testid={`team-edit-${row.id}`} onClick={() => setEditing({ team: row })}>
            编辑
          </Button>
          {row.status === 1 && (
            <Button type="link" size="small" data-testid={`team-exit-${row.id}`} onClick={() => setExiting(row)}>
              退场
            </Button>
          )}
          <Popconfirm title={`确定删除${row.name}吗？`} onConfirm={() => remove(row)} okButtonProps={{ 'data-testid': 'team-delete-confirm' }}>
            <Button type="link" size="small" danger data-testid={`team-delete-${row.id}`}>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card title="班组管理" variant="borderless" data-testid="bz-info">
      <Space wrap size={12} style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap size={12}>
          <Select
            allowClear
            style={{ width: 260 }}
            placeholder="全部单位"
            value={filter.unit_id as number | undefined}
            options={(units.data ?? []).map((unit) => ({ value: unit.id, label: unit.name }))}
            onChange={(unitId?: number) => list.search({ ...filter, unit_id: unitId })}
            data-testid="team-unit-filter"
          />
          <Input.Search
            placeholder="班组名称"
            allowClear
            style={{ width: 220 }}
            value={nameInput}
            onChange={(event) => setNameInput(event.target.value)}
            onSearch={(value) => list.search({ ...filter, name: value.trim() })}
            enterButton="查询"
            data-testid="team-search"
          />
          <Select
            style={{ width: 120 }}
            value={filter.status as string}
            options={[
              { value: '', label: '全部状态' },
              { value: '1', label: '在场' },
              { value: '2', label: '已退场' },
            ]}
            onChange={(status: string) => list.search({ ...filter, status })}
          />
        </Space>
        {canWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ team: null })} data-testid="team-add">
            新增班组
          </Button>
        )}
      </Space>
      <ServerTable<TeamFilter, TeamItem> list={list} rowKey="id" columns={columns} data-testid="team-table" />
      {editing &&
        (editing.team ? (
          <TeamEditor
            id={editing.team.id}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              refresh();
            }}
          />
        ) : (
          <TeamDrawer
            team={null}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              refresh();
            }}
          />
        ))}
      {exiting && (
        <DateDialog
          title={`${exiting.name}退场`}
          label="退场日期"
          required={MSG_EXIT_REQUIRED}
          onClose={() => setExiting(null)}
          onOk={async (date) => {
            await exitTeam(exiting.id, date);
            message.success('退场成功');
            setExiting(null);
            refresh();
          }}
        />
      )}
    </Card>
  );
}
