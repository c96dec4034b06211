import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input, Select, Space, type TableColumnsType, message } from 'antd';
import { DownloadOutlined, FileTextOutlined, UploadOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { Link, useSearchParams } from 'react-router';
import RevealNumber from '@/components/RevealNumber';
import FilterForm from '@/components/FilterForm';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import WorkerContractDialog, { ContractTag } from '@/pages/contract/WorkerContractDialog';
import { useSession } from '@/store/session';
import { useProjectId } from '@/store/useProjectId';
import ImportDialog from './components/ImportDialog';
import MoveDialog, { type Move } from './components/MoveDialog';
import WorkerDrawer, { StatusTag } from './components/WorkerDrawer';
import { downloadExport, EMPTY_FILTER, fetchOptions, fetchRoster, type RosterFilter, type RosterLine } from './service';

const DEFAULT_LIMIT = 20;

interface FilterValues {
  name?: string;
  idNumber?: string;
  unitId?: number;
  teamId?: number;
  workType?: string;
  status?: '' | '1' | '2';
  /** The labour contract: '1' 已签, '0' 未签. */
  contract?: '' | '0' | '1';
  entry?: [Dayjs | null, Dayjs | null] | null;
}

export function toFilter(values: FilterValues): RosterFilter {
  return {
    name: values.name ?? '',
    idNumber: values.idNumber ?? '',
    unitId: values.unitId === undefined ? '' : String(values.unitId),
    teamId: values.teamId === undefined ? '' : String(values.teamId),
    workType: values.workType ?? '',
    status: values.status ?? '',
    contract: values.contract ?? '',
    entryFrom: values.entry?.[0]?.format('YYYY-MM-DD') ?? '',
    entryTo: values.entry?.[1]?.format('YYYY-MM-DD') ?? '',
  };
}

/**
 * 人员管理 → 花名册: the project's roster, searched and paged on the server. The regulator opens a project's
 * roster from 注册审核 (`?projectId=`) and only reads it.
 */
export default function Roster() {
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  // The audit's link names its project; otherwise the regulator's project in view (keys the cached lists).
  const inView = useProjectId();
  const projectId = searchParams.get('projectId') ?? (inView === undefined ? undefined : String(inView));
  const isBuilder = useSession((state) => state.roles.includes('builder'));
  const [form] = Form.useForm<FilterValues>();
  // `?worker=<line id>` opens that worker (the link 进场登记 shows after 登记成功, a warning's worker), also when
  // the cached page is already open.
  const asked = Number(searchParams.get('worker')) || null;
  const [viewing, setViewing] = useState<number | null>(asked);
  const [lastAsked, setLastAsked] = useState(asked);
  if (asked !== lastAsked) {
    setLastAsked(asked);
    if (asked !== null) setViewing(asked);
  }
  const [move, setMove] = useState<Move | null>(null);
  const [contracting, setContracting] = useState<RosterLine | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const options = useQuery({ queryKey: ['worker', 'options', projectId ?? ''], queryFn: () => fetchOptions(projectId) });
  const unitId = Form.useWatch('unitId', form);
  const teams = useMemo(
    () => (options.data?.teams ?? []).filter((team) => unitId === undefined || team.unitId === unitId),
    [options.data, unitId],
  );

  const roster = usePagedList({
    queryKey: ['worker', 'list', projectId ?? ''],
    fetchPage: (filter: RosterFilter, page, limit) => fetchRoster({ ...filter, projectId }, page, limit),
    initialFilter: EMPTY_FILTER,
    limit: DEFAULT_LIMIT,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['worker'] });

  const exportRoster = async () => {
    setExporting(true);
    try {
      await downloadExport({ ...roster.filter, projectId });
    } catch (error) {
      void message.error(error instanceof Error ? error.message : '导出失败');
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumnsType<RosterLine> = [
    { title: '姓名', dataIndex: 'name', width: 100 },
    {
      title: '身份证号',
      dataIndex: 'idNumber',
      width: 210,
      render: (value: string, line) => <RevealNumber value={value} record="roster" id={line.id} projectId={projectId} />,
    },
    { title: '性别', dataIndex: 'gender', width: 60 },
    { title: '年龄', dataIndex: 'age', width: 60 },
    { title: '所属单位', dataIndex: 'unitName', ellipsis: true },
    { title: '班组', dataIndex: 'teamName', width: 100 },
    { title: '工种', dataIndex: 'workTypeLabel', width: 100 },
    { title: '进场日期', dataIndex: 'entryDate', width: 110 },
    { title: '退场日期', dataIndex: 'exitDate', width: 110, render: (text: string) => text || '—' },
    { title: '状态', dataIndex: 'status', width: 70, render: (status: number, line) => <StatusTag status={status} exitReason={line.exitReason} /> },
    {
      title: '合同',
      dataIndex: 'contractSigned',
      width: 70,
      render: (signed: boolean, line) => <span data-testid={`roster-contract-${line.id}`}><ContractTag signed={signed} /></span>,
    },
    {
      title: '操作',
      key: 'action',
      width: 220,
      render: (_, line) => (
        <Space size={0}>
          <Button type="link" size="small" data-testid={`roster-view-${line.id}`} onClick={() => setViewing(line.id)}>
            详情
          </Button>
          <Button type="link" size="small" data-testid={`roster-contract-open-${line.id}`} onClick={() => setContracting(line)}>
            合同
          </Button>
          {!isBuilder ? null : line.status === 1 ? (
            <Button type="link" size="small" danger data-testid={`roster-exit-${line.id}`} onClick={() => setMove({ kind: 'exit', line })}>
              退场
            </Button>
          ) : (
            <Button type="link" size="small" data-testid={`roster-reenter-${line.id}`} onClick={() => setMove({ kind: 'reenter', line })}>
              重新进场
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card data-testid="roster-page" title="花名册" variant="borderless"
      extra={
        <Space>
          <Link to="/system/contract" data-testid="roster-contract-templates">
            <Button icon={<FileTextOutlined />}>合同模板</Button>
          </Link>
          {isBuilder && (
            <Button icon={<UploadOutlined />} data-testid="roster-import" onClick={() => setImporting(true)}>
              批量导入
            </Button>
          )}
          <Button icon={<DownloadOutlined />} loading={exporting} data-testid="roster-export" onClick={() => void exportRoster()}>
            导出
          </Button>
        </Space>
      }
    >
      <FilterForm<FilterValues>
        form={form}
        data-testid="roster-filters"
        searchTestId="roster-search"
        onSearch={(values) => roster.search(toFilter(values))}
        onReset={roster.reset}
      >
        <Form.Item name="name">
          <Input placeholder="姓名" allowClear style={{ width: 120 }} data-testid="roster-filter-name" />
        </Form.Item>
        <Form.Item name="idNumber">
          <Input placeholder="身份证号" allowClear style={{ width: 190 }} data-testid="roster-filter-idNumber" />
        </Form.Item>
        <Form.Item name="unitId">
          <Select placeholder="所属单位" allowClear style={{ width: 200 }} options={options.data?.units ?? []}
            onChange={() => form.setFieldsValue({ teamId: undefined })} data-testid="roster-filter-unit" />
        </Form.Item>
        <Form.Item name="teamId">
          <Select placeholder="班组" allowClear style={{ width: 120 }} options={teams} data-testid="roster-filter-team" />
        </Form.Item>
        <Form.Item name="workType">
          <Select placeholder="工种" allowClear style={{ width: 120 }} options={options.data?.workTypes ?? []} data-testid="roster-filter-workType" />
        </Form.Item>
        <Form.Item name="status">
          <Select placeholder="状态" allowClear style={{ width: 100 }} data-testid="roster-filter-status"
            options={[{ value: '1', label: '在场' }, { value: '2', label: '退场' }]} />
        </Form.Item>
        <Form.Item name="contract">
          <Select placeholder="合同" allowClear style={{ width: 100 }} data-testid="roster-filter-contract"
            options={[{ value: '1', label: '已签' }, { value: '0', label: '未签' }]} />
        </Form.Item>
        <Form.Item name="entry">
          <DatePicker.RangePicker placeholder={['进场日期从', '至']} data-testid="roster-filter-entry" />
        </Form.Item>
      </FilterForm>

      <ServerTable<RosterFilter, RosterLine>
        list={roster}
        data-testid="roster-table"
        rowKey="id"
        columns={columns}
        totalText={(total) => `共 ${total} 人`}
      />

      <WorkerDrawer
        id={viewing}
        projectId={projectId}
        canEdit={isBuilder}
        onClose={() => setViewing(null)}
        onChanged={(id) => {
          setViewing(id);
          refresh();
        }}
      />
      <MoveDialog
        move={move}
        onClose={() => setMove(null)}
        onMoved={() => {
          setMove(null);
          refresh();
        }}
      />
      <WorkerContractDialog
        line={contracting}
        projectId={projectId}
        canEdit={isBuilder}
        onClose={() => setContracting(null)}
        onSigned={() => {
          setContracting(null);
          refresh();
        }}
      />
      <ImportDialog open={importing} onClose={() => setImporting(false)} onImported={refresh} />
    </Card>
  );
}
