/**
 * 系统设置 → 监管账号 (/system/regulators): the regulator accounts a 管理员 manages, each with a district scope
 * and a role (审核, 监察, 管理员). A 管理员 of a district picks districts only within its own. Initial passwords
 * are shown once here and must be changed at the first login.
 */
import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Cascader, Form, Input, Modal, Select, Space, message, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { showAnyError } from '@/api/client';
import { AccountLinks, AccountStatusTags, InitialPasswordModal, useAccountActions } from '@/components/accounts/AccountAdmin';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import { fetchSupervisingDistricts, type AreaOption } from '@/pages/area/service';
import { useSession } from '@/store/session';
import { cascaderOptions } from '@/utils/cascader';
import { useFormSubmit } from '@/utils/useFormSubmit';
import {
  ROLE_OPTIONS,
  createRegulator,
  editRegulator,
  fetchRegulators,
  resetRegulatorPassword,
  setRegulatorEnabled,
  type RegulatorLine,
} from './service';

const DEFAULT_LIMIT = 10;

/** The codes from a tree's top down to `code`; empty when the tree does not hold it. */
export function pathTo(options: readonly AreaOption[], code: string): string[] {
  for (const option of options) {
    if (option.value === code) return [option.value];
    const below = pathTo(option.children ?? [], code);
    if (below.length > 0) return [option.value, ...below];
  }
  return [];
}

/** The part of the tree a manager of `district` may choose from: its own district's subtree ('' → all). */
export function districtOptions(tree: readonly AreaOption[], district: string): AreaOption[] {
  if (!district) return [...tree];
  const find = (options: readonly AreaOption[]): AreaOption | undefined => {
    for (const option of options) {
      if (option.value === district) return option;
      const found = find(option.children ?? []);
      if (found) return found;
    }
    return undefined;
  };
  const own = find(tree);
  return own ? [own] : [];
}

interface DialogValues {
  username: string;
  name: string;
  phone: string;
  district: string[];
  role: string;
}

export default function Regulators() {
  const queryClient = useQueryClient();
  const ownDistrict = useSession((state) => state.userInfo?.district ?? '');
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<RegulatorLine | 'new' | null>(null);
  const [form] = Form.useForm<DialogValues>();
  const { saving, submit } = useFormSubmit(form);

  const tree = useQuery({ queryKey: ['area', 'guanxia'], queryFn: fetchSupervisingDistricts });
  const options = useMemo(() => districtOptions(tree.data ?? [], ownDistrict), [tree.data, ownDistrict]);
  const list = usePagedList({
    queryKey: ['auth', 'regulators'],
    fetchPage: fetchRegulators,
    initialFilter: '',
    limit: DEFAULT_LIMIT,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['auth', 'regulators'] });
  const accounts = useAccountActions({
    setEnabled: setRegulatorEnabled,
    resetPassword: async (id) => {
      const reset = await resetRegulatorPassword(id);
      return { login: reset.username, password: reset.password };
    },
    refresh,
  });

  const open = (row: RegulatorLine | 'new') => {
    form.resetFields();
    if (row !== 'new') {
      form.setFieldsValue({
        username: row.username,
        name: row.name,
        phone: row.phone,
        district: pathTo(tree.data ?? [], row.district),
        role: row.role,
      });
    } else if (ownDistrict) {
      form.setFieldsValue({ district: pathTo(tree.data ?? [], ownDistrict) });
    }
    setEditing(row);
  };

  const save = () =>
    submit(
      async (values) => {
        const fields = {
          name: values.name ?? '',
          phone: values.phone ?? '',
          district: values.district?.at(-1) ?? '',
          role: values.role ?? '',
        };
        if (editing === 'new') {
          const created = await createRegulator({ ...fields, username: values.username ?? '' });
          accounts.show({ title: '监管账号已创建', login: created.username, password: created.password });
          void message.success('保存成功');
        } else if (editing) {
          await editRegulator(editing.id, fields);
          void message.success('保存成功');
        }
        setEditing(null);
        refresh();
      },
      { onError: showAnyError },
    );

  const columns: TableColumnsType<RegulatorLine> = [
    { title: '登录账号', dataIndex: 'username', key: 'username', width: 140 },
    { title: '姓名', dataIndex: 'name', key: 'name', width: 110 },
    { title: '电话', dataIndex: 'phone', key: 'phone', width: 130 },
    { title: '管辖区域', dataIndex: 'districtName', key: 'districtName', width: 200 },
    { title: '角色', dataIndex: 'roleLabel', key: 'roleLabel', width: 90 },
    {
      title: '状态',
      key: 'status',
      width: 150,
      render: (_, row) => <AccountStatusTags account={row} />,
    },
    {
      title: '操作',
      key: 'action',
      render: (_, row) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => open(row)} data-testid={`regulator-edit-${row.username}`}>
            编辑
          </Button>
          <AccountLinks account={row} actions={accounts} testIdOf={(kind) => `regulator-${kind}-${row.username}`} />
        </Space>
      ),
    },
  ];

  return (
    <Card data-testid="regulators-page" variant="borderless" title="监管账号">
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Input.Search
          allowClear
          placeholder="账号或姓名"
          style={{ width: 280 }}
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          onSearch={(value) => list.search(value.trim())}
          enterButton="查询"
          data-testid="regulator-search"
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} data-testid="regulator-create">
          新增监管账号
        </Button>
      </Space>
      <ServerTable<string, RegulatorLine>
        data-testid="regulators-table"
        list={list}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1000 }}
        totalText={(total) => `共 ${total} 个账号`}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? '新增监管账号' : '编辑监管账号'}
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        confirmLoading={saving}
        okText="保存"
        okButtonProps={{ 'data-testid': 'regulator-save' } as Record<string, string>}
        destroyOnHidden
        forceRender
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="username"
            label="登录账号"
            rules={[
              { required: true, message: '请输入4-30位字母、数字或下划线组成的账号' },
              { pattern: /^[A-Za-z0-9_]{4,30}$/, message: '请输入4-30位字母、数字或下划线组成的账号' },
            ]}
          >
            <Input disabled={editing !== 'new'} maxLength={30} data-testid="regulator-username" />
          </Form.Item>
          <Form.Item name="name" label="姓名" rules={[{ required: true, message: '请填写姓名' }]}>
            <Input maxLength={30} data-testid="regulator-name" />
          </Form.Item>
          <Form.Item name="phone" label="电话">
            <Input maxLength={20} data-testid="regulator-phone" />
          </Form.Item>
          <Form.Item
            name="district"
            label="管辖区域"
            extra={ownDistrict ? '只能选择本账号管辖区域内的区域' : '不选表示全部区域'}
            rules={ownDistrict ? [{ required: true, message: '请选择正确的管辖区域' }] : []}
          >
            <Cascader
              options={cascaderOptions(options)}
              changeOnSelect
              placeholder="全部区域"
              loading={tree.isLoading}
              data-testid="regulator-district"
            />
          </Form.Item>
          <Form.Item name="role" label="角色" rules={[{ required: true, message: '请选择角色' }]}>
            <Select options={ROLE_OPTIONS} data-testid="regulator-role" />
          </Form.Item>
        </Form>
      </Modal>
      <InitialPasswordModal shown={accounts.shown} onClose={accounts.close} tell="账号使用人" valueTestId="regulator-password" />
    </Card>
  );
}
