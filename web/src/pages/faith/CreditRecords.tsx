/**
 * One credit-record screen (faith/record, faith/award, faith/punishment): server-side filtered list, add and
 * correct (Modal), view (Drawer), revoke with a reason. Every record shows who issued it (人社局 or 项目) and its
 * state; a revoked record stays listed as 已撤销 with its reason. 修改 and 撤销 appear only where the server allows
 * them (`canChange`): the regulator on the bureau's records, a project on its own. Punishments are the bureau's.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import FileList from '@/components/upload/FileList';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Drawer,
  Input,
  Radio,
  Space,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { ApiError, showApiError } from '@/api/client';
import ReasonDialog from '@/components/ReasonDialog';
import RevealNumber from '@/components/RevealNumber';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import { useRegulatorMay, useSession } from '@/store/session';
import CreditDialog from './CreditDialog';
import {
  AUTHORITY_TEXT,
  EMPTY_CREDIT_FILTER,
  fetchCredit,
  fetchCredits,
  KIND_TEXT,
  MSG_REVOKE_REASON_REQUIRED,
  MSG_REVOKE_REASON_TOO_LONG,
  revokeCredit,
  REVOKE_REASON_MAX,
  type Credit,
  type CreditFilter,
  type CreditKind,
} from './service';

const DAY = 'YYYY-MM-DD';

const SUBJECT_FILTERS = [
  { value: '', label: '全部' },
  { value: 'worker', label: '工人' },
  { value: 'unit', label: '单位' },
];

const subjectTag = (type: string) => (type === 'unit' ? <Tag color="blue">单位</Tag> : <Tag color="orange">工人</Tag>);

const authorityTag = (record: Credit) => (
  <Tooltip title={record.enteredBy ? `登记人：${record.enteredBy}` : undefined}>
    <Tag color={record.authority === 'bureau' ? 'geekblue' : 'default'}>{AUTHORITY_TEXT[record.authority] ?? record.authority}</Tag>
  </Tooltip>
);

function StateCell({ record }: { record: Credit }) {
  if (!record.revoked) return <Tag color="green">有效</Tag>;
  return (
    <div data-testid={`credit-revoked-${record.id}`}>
      <Tag color="default">已撤销</Tag>
      <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
        {record.revokedTime.slice(0, 10)} {record.revokedBy}：{record.revokeReason}
      </Typography.Text>
    </div>
  );
}

/** 撤销: the reason is required and kept with the record. */
function RevokeDialog({ record, onClose, onRevoked }: { record: Credit | null; onClose: () => void; onRevoked: () => void }) {
  return (
    <ReasonDialog
      open={record !== null}
      title={record ? `撤销记录：${record.subjectName} ${record.recordDate}` : '撤销记录'}
      okText="撤销"
      danger
      note="撤销后记录仍保留在列表中，标记为已撤销，并记录撤销原因和撤销人。"
      label="撤销原因"
      placeholder="例如：登记有误，经核实无此事"
      rows={3}
      maxLength={REVOKE_REASON_MAX}
      requiredMessage={MSG_REVOKE_REASON_REQUIRED}
      tooLongMessage={MSG_REVOKE_REASON_TOO_LONG}
      fieldTestId="credit-revoke-reason"
      submitTestId="credit-revoke-confirm"
      successMessage="已撤销"
      onSubmit={(reason) => revokeCredit(record?.id ?? 0, reason)}
      onClose={onClose}
      onDone={onRevoked}
    />
  );
}

function CreditDrawer({ id, kind, onClose }: { id: number | null; kind: CreditKind; onClose: () => void }) {
  const record = useQuery({ queryKey: ['credit', 'detail', id], queryFn: () => fetchCredit(id ?? 0), enabled: id !== null });
  const data = record.data;
  return (
    <Drawer title={`${KIND_TEXT[kind].title}详情`} open={id !== null} onClose={onClose} size={560}>
      {record.isError && <Alert type="error" showIcon title={record.error instanceof ApiError ? record.error.message : '加载失败'} />}
      {data && (
        <Descriptions column={1} bordered size="small" data-testid="credit-detail">
          <Descriptions.Item label="项目">{data.projectName}</Descriptions.Item>
          <Descriptions.Item label="对象">
            <Space>
              {subjectTag(data.subjectType)}
              {data.subjectName}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label="登记方">
            <Space>
              {authorityTag(data)}
              {data.enteredBy}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label="状态">
            <StateCell record={data} />
          </Descriptions.Item>
          {data.subjectType === 'worker' && (
            <Descriptions.Item label="身份证号码">
              {data.idNumber} {data.registered ? <Tag color="green">已实名登记</Tag> : <Tag>未登记</Tag>}
            </Descriptions.Item>
          )}
          <Descriptions.Item label="日期">{data.recordDate}</Descriptions.Item>
          <Descriptions.Item label={KIND_TEXT[kind].reason}>{data.reason}</Descriptions.Item>
          <Descriptions.Item label="发布单位">{data.issuer}</Descriptions.Item>
          <Descriptions.Item label="附件">
            {data.attachments.length === 0 ? '无' : <FileList urls={data.attachments} />}
          </Descriptions.Item>
          <Descriptions.Item label="登记时间">{data.createdTime}</Descriptions.Item>
          {data.updatedTime && <Descriptions.Item label="最后修改">{data.updatedTime}</Descriptions.Item>}
        </Descriptions>
      )}
    </Drawer>
  );
}

export default function CreditRecords({ kind }: { kind: CreditKind }) {
  const text = KIND_TEXT[kind];
  const queryClient = useQueryClient();
  const isBuilder = useSession((state) => state.roles.includes('builder'));
  const isAdmin = useSession((state) => state.roles.includes('admin'));
  const mayInspect = useRegulatorMay('inspect');
  const [keywordInput, setKeywordInput] = useState('');
  const [viewing, setViewing] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Credit | null>(null);
  const [revoking, setRevoking] = useState<Credit | null>(null);
  /**
   * Builders add their own bad-behaviour records and awards; punishments and the bureau's records are the
   * regulator's, recorded by a 监察 or 管理员.
   */
  const canAdd = (isAdmin && mayInspect) || (isBuilder && kind !== 'punishment');
  const list = usePagedList({
    queryKey: ['credit', 'list', kind],
    fetchPage: (filter: CreditFilter, page, limit) => fetchCredits(kind, filter, page, limit),
    initialFilter: EMPTY_CREDIT_FILTER,
  });
  const filter = list.filter;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['credit'] });

  /** A correction starts from the detail: the list row's ID number is masked. */
  const correct = async (row: Credit) => {
    try {
      setEditing(await queryClient.fetchQuery({ queryKey: ['credit', 'detail', row.id], queryFn: () => fetchCredit(row.id) }));
    } catch (error) {
      showApiError(error);
    }
  };

  const columns: TableColumnsType<Credit> = [
    ...(isAdmin ? [{ title: '项目', dataIndex: 'projectName', key: 'projectName', ellipsis: true }] : []),
    {
      title: kind === 'bad' ? '姓名' : '对象',
      key: 'subject',
      render: (_, row) => (
        <Space size={4}>
          {kind !== 'bad' && subjectTag(row.subjectType)}
          {row.subjectName}
        </Space>
      ),
    },
    {
      title: '身份证号码',
      dataIndex: 'idNumber',
      key: 'idNumber',
      width: 200,
      render: (value: string, row) => <RevealNumber value={value} record="credit" id={row.id} />,
    },
    { title: '日期', dataIndex: 'recordDate', key: 'recordDate', width: 110 },
    { title: text.reason, dataIndex: 'reason', key: 'reason', ellipsis: true },
    { title: '发布单位', dataIndex: 'issuer', key: 'issuer', ellipsis: true, width: 200 },
    { title: '登记方', key: 'authority', width: 80, render: (_, row) => authorityTag(row) },
    { title: '状态', key: 'state', width: 180, render: (_, row) => <StateCell record={row} /> },
    {
      title: '操作',
      key: 'action',
      width: 150,
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" data-testid={`credit-view-${row.id}`} onClick={() => setViewing(row.id)}>
            查看
          </Button>
          {row.canChange && (!isAdmin || mayInspect) && (
            <>
              <Button type="link" size="small" data-testid={`credit-edit-${row.id}`} onClick={() => void correct(row)}>
                修改
              </Button>
              <Button type="link" size="small" danger data-testid={`credit-revoke-${row.id}`} onClick={() => setRevoking(row)}>
                撤销
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ];

  const onRange = (range: [Dayjs | null, Dayjs | null] | null) =>
    list.search({ ...filter, date_from: range?.[0]?.format(DAY) ?? '', date_to: range?.[1]?.format(DAY) ?? '' });

  return (
    <Card data-testid={`credit-page-${kind}`} title={text.title} variant="borderless">
      <Space wrap size={16} style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap size={16}>
          {kind !== 'bad' && (
            <Radio.Group
              data-testid="credit-subject-filter"
              optionType="button"
              buttonStyle="solid"
              value={filter.subject_type}
              options={SUBJECT_FILTERS}
              onChange={(event) => list.search({ ...filter, subject_type: event.target.value as string })}
            />
          )}
          <DatePicker.RangePicker onChange={(range) => onRange(range)} placeholder={['开始日期', '结束日期']} />
          <Input.Search
            allowClear
            placeholder={kind === 'bad' ? '姓名或身份证号码' : '名称或身份证号码'}
            style={{ width: 240 }}
            maxLength={20}
            value={keywordInput}
            onChange={(event) => setKeywordInput(event.target.value)}
            onSearch={(value) => list.search({ ...filter, keyword: value.trim() })}
            enterButton="查询"
            data-testid="credit-search"
          />
        </Space>
        {canAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="credit-add">
            新增{text.noun}记录
          </Button>
        )}
        {isBuilder && kind === 'punishment' && <Typography.Text type="secondary">处罚记录由人社局录入，项目可查看</Typography.Text>}
      </Space>
      <ServerTable<CreditFilter, Credit> list={list} data-testid="credit-table" rowKey="id" columns={columns} />
      <CreditDrawer id={viewing} kind={kind} onClose={() => setViewing(null)} />
      {canAdd && (
        <CreditDialog
          kind={kind}
          open={adding}
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            refresh();
          }}
        />
      )}
      {editing && (
        <CreditDialog
          kind={kind}
          open
          editing={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
      <RevokeDialog
        record={revoking}
        onClose={() => setRevoking(null)}
        onRevoked={() => {
          setRevoking(null);
          refresh();
        }}
      />
    </Card>
  );
}
