import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Image, Input, Modal, Select, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import { TableOutlined, UploadOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useCanWrite } from '@/store/session';
import { useSpansProjects } from '@/store/useProjectId';
import { showApiError } from '@/api/client';
import FilterForm from '@/components/FilterForm';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import { fetchOptions } from '@/pages/worker/service';
import AttendanceImportDialog from './RecordImport';
import {
  EMPTY_RECORD_FILTER,
  fetchRecords,
  photoUrl,
  SOURCE_OPTIONS,
  type PunchRecord,
  type RecordFilter,
} from './service';
import RevealNumber from '@/components/RevealNumber';

const DEFAULT_LIMIT = 20;

interface FilterValues {
  keyword?: string;
  unitId?: number;
  teamId?: number;
  range?: [Dayjs | null, Dayjs | null] | null;
  source?: string;
}

export function toRecordFilter(values: FilterValues): RecordFilter {
  return {
    keyword: values.keyword ?? '',
    unitId: values.unitId === undefined ? '' : String(values.unitId),
    teamId: values.teamId === undefined ? '' : String(values.teamId),
    startDate: values.range?.[0]?.format('YYYY-MM-DD') ?? '',
    endDate: values.range?.[1]?.format('YYYY-MM-DD') ?? '',
    source: values.source ?? '',
  };
}

const SOURCE_COLOR: Record<string, string> = { device: 'blue', import: 'purple', manual: 'orange' };
const DIRECTION_COLOR: Record<string, string> = { in: 'green', out: 'geekblue', attended: 'green', absent: 'red' };

/** 人员管理 → 考勤管理: punch records (devices, imports) and manual corrections, searched and paged on the server. */
export default function Records() {
  const canWrite = useCanWrite();
  // The regulator without a project in view reads every project's rows: each row names its project.
  const spansProjects = useSpansProjects();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FilterValues>();
  const [importing, setImporting] = useState(false);
  const [photo, setPhoto] = useState<string | null>(null);
  const options = useQuery({ queryKey: ['worker', 'options', ''], queryFn: () => fetchOptions() });
  const unitId = Form.useWatch('unitId', form);
  const teams = useMemo(
    () => (options.data?.teams ?? []).filter((team) => unitId === undefined || team.unitId === unitId),
    [options.data, unitId],
  );
  const records = usePagedList({
    queryKey: ['attendance', 'records'],
    fetchPage: fetchRecords,
    initialFilter: EMPTY_RECORD_FILTER,
    limit: DEFAULT_LIMIT,
  });

  const showPhoto = async (id: number) => {
    try {
      setPhoto(await photoUrl(id));
    } catch (error) {
      showApiError(error);
    }
  };

  const columns: TableColumnsType<PunchRecord> = [
    ...(spansProjects ? [{ title: '项目', dataIndex: 'projectName', width: 200, ellipsis: true }] : []),
    { title: '姓名', dataIndex: 'name', width: 100 },
    { title: '身份证号', dataIndex: 'idNumber', width: 200, render: (value: string, row) => <RevealNumber value={value} record="worker" id={row.workerId} /> },
    { title: '所属单位', dataIndex: 'unitName', ellipsis: true },
    { title: '班组', dataIndex: 'teamName', width: 100, render: (text: string) => text || '—' },
    {
      title: '考勤日期',
      dataIndex: 'day',
      width: 150,
      render: (day: string, record) => (
        <Space size={4} wrap>
          <span>{day}</span>
          {record.outsideEmployment && (
            <Tooltip title="这一天不在该工人的在场期间（进场至退场），记录保留，但不计出勤、不计工资">
              <Tag color="default" data-testid={`outside-${record.source}-${record.id}`}>不在场期间，不计出勤</Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    { title: '时间', dataIndex: 'time', width: 170 },
    {
      title: '所属班次',
      dataIndex: 'shiftDay',
      width: 190,
      render: (shiftDay: string, record) => (
        <Space size={4} wrap>
          <span>{shiftDay || '—'}</span>
          {record.unpaired && (
            <Tooltip title="这次打卡在班次内没有配对的进场或出场打卡，记录保留，不计工时">
              <Tag color="warning" data-testid={`unpaired-${record.id}`}>未配对，不计工时</Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: '类型',
      dataIndex: 'directionLabel',
      width: 100,
      render: (label: string, record) => <Tag color={DIRECTION_COLOR[record.direction]}>{label}</Tag>,
    },
    {
      title: '来源',
      dataIndex: 'sourceLabel',
      width: 170,
      render: (label: string, record) => (
        <Space size={4}>
          <Tag color={SOURCE_COLOR[record.source]}>{label}</Tag>
          {record.deviceName && <span>{record.deviceName}</span>}
        </Space>
      ),
    },
    { title: '备注', dataIndex: 'note', ellipsis: { showTitle: true }, render: (text: string) => text || '—' },
    {
      title: '照片',
      key: 'photo',
      width: 70,
      render: (_, record) => (record.hasPhoto ? <Button type="link" size="small" onClick={() => void showPhoto(record.id)}>查看</Button> : '—'),
    },
  ];

  return (
    <Card data-testid="attendance-page" title={spansProjects ? '考勤记录（全部项目）' : '考勤记录'} variant="borderless"
      extra={
        <Space>
          <Button icon={<TableOutlined />} data-testid="attendance-sheet" onClick={() => void navigate('/project/sheets')}>月度考勤表</Button>
          {canWrite && <Button icon={<UploadOutlined />} data-testid="attendance-import" onClick={() => setImporting(true)}>导入考勤</Button>}
        </Space>
      }>
      <FilterForm<FilterValues> form={form} data-testid="attendance-filters" searchTestId="attendance-search"
        onSearch={(values) => records.search(toRecordFilter(values))} onReset={records.reset}>
        <Form.Item name="keyword">
          <Input placeholder="姓名或身份证号" allowClear style={{ width: 190 }} data-testid="attendance-filter-keyword" />
        </Form.Item>
        <Form.Item name="unitId">
          <Select placeholder="所属单位" allowClear style={{ width: 200 }} options={options.data?.units ?? []}
            onChange={() => form.setFieldsValue({ teamId: undefined })} />
        </Form.Item>
        <Form.Item name="teamId">
          <Select placeholder="班组" allowClear style={{ width: 120 }} options={teams} />
        </Form.Item>
        <Form.Item name="range">
          <DatePicker.RangePicker placeholder={['考勤日期从', '至']} />
        </Form.Item>
        <Form.Item name="source">
          <Select placeholder="来源" allowClear style={{ width: 110 }} options={SOURCE_OPTIONS} data-testid="attendance-filter-source" />
        </Form.Item>
      </FilterForm>
      <ServerTable<RecordFilter, PunchRecord>
        list={records}
        data-testid="attendance-table"
        rowKey={(record) => `${record.source}-${record.id}`}
        columns={columns}
      />
      <AttendanceImportDialog open={importing} onClose={() => setImporting(false)}
        onImported={() => void queryClient.invalidateQueries({ queryKey: ['attendance'] })} />
      <Modal open={photo !== null} title="打卡照片" footer={null} onCancel={() => { if (photo) URL.revokeObjectURL(photo); setPhoto(null); }}>
        {photo && <Image src={photo} alt="打卡照片" preview={false} />}
      </Modal>
    </Card>
  );
}
