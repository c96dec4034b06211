/**
 * 项目监管 → 项目目录: every project in the regulator's district with each area's figures (server/src/regulator),
 * search, district, status and warning-level filters, sort, server paging and .xlsx export. 查看 puts a project in view: every
 * enterprise page then shows that project, read-only.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Cascader, Form, Input, Select, Space, Tag, message, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { MSG_UNKNOWN } from '@/api/client';
import { saveBlob } from '@/api/files';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import { fetchSupervisingDistricts, type AreaOption } from '@/pages/area/service';
import { useProjectInView } from '@/store/projectInView';
import { fenToYuan } from '@/utils/money';
import {
  EMPTY_DIRECTORY_FILTER,
  STATUS_OPTIONS,
  WARNING_OPTIONS,
  exportDirectory,
  fetchDirectory,
  type AuditStatus,
  type DirectoryFilter,
  type DirectoryRow,
  type WarningLevel,
  type SortColumn,
} from './service';

const DEFAULT_LIMIT = 20;
const STATUS_COLORS: Record<string, string> = { '0': 'default', '1': 'processing', '2': 'success', '3': 'error' };
const GUARANTEE_COLORS: Record<string, string> = { none: 'warning', valid: 'success', expired: 'error' };

interface CascaderOption {
  value: string;
  label: string;
  children?: CascaderOption[];
}

const cascader = (options: AreaOption[] | undefined): CascaderOption[] =>
  (options ?? []).map((option) => ({
    value: option.value,
    label: option.label,
    children: option.children?.length ? cascader(option.children) : undefined,
  }));

const money = (fen: number | null | undefined) => (fen == null ? '—' : fenToYuan(fen));

/** A project's open warnings by level (红 / 橙 / 黄), '无' when there are none. */
function OpenWarnings({ row }: { row: DirectoryRow }) {
  const levels = [
    { count: row.warningsRed, color: 'red', label: '红' },
    { count: row.warningsOrange, color: 'orange', label: '橙' },
    { count: row.warningsYellow, color: 'gold', label: '黄' },
  ].filter((level) => level.count > 0);
  if (levels.length === 0) return <span data-testid={`directory-warnings-${row.id}`}>无</span>;
  return (
    <span data-testid={`directory-warnings-${row.id}`}>
      {levels.map((level) => (
        <Tag key={level.label} color={level.color}>
          {level.label} {level.count}
        </Tag>
      ))}
    </span>
  );
}

export default function Directory() {
  const navigate = useNavigate();
  const view = useProjectInView((state) => state.view);
  const queryClient = useQueryClient();
  const [exporting, setExporting] = useState(false);
  const [name, setName] = useState('');
  const projects = usePagedList({
    queryKey: ['regulator', 'directory'],
    fetchPage: fetchDirectory,
    initialFilter: EMPTY_DIRECTORY_FILTER,
    limit: DEFAULT_LIMIT,
  });
  const { filter } = projects;
  const districts = useQuery({ queryKey: ['area', 'guanxia_list'], queryFn: fetchSupervisingDistricts, staleTime: Infinity });

  const change = (next: Partial<DirectoryFilter>) => projects.search({ ...filter, ...next });

  const open = (row: DirectoryRow) => {
    view({ id: row.id, name: row.name });
    void queryClient.invalidateQueries();
    navigate('/project/projectInfo');
  };

  const download = async () => {
    setExporting(true);
    try {
      saveBlob(await exportDirectory(filter), '项目目录.xlsx');
    } catch (error) {
      void message.error(error instanceof Error ? error.message : MSG_UNKNOWN);
    } finally {
      setExporting(false);
    }
  };

  const sorted = (column: SortColumn) =>
    filter.sort === column ? (filter.order === 'desc' ? ('descend' as const) : ('ascend' as const)) : null;

  const columns: TableColumnsType<DirectoryRow> = [
    { title: '项目名称', dataIndex: 'name', key: 'name', sorter: true, sortOrder: sorted('name'), width: 220, fixed: 'left' },
    { title: '所属区域', dataIndex: 'districtName', key: 'district', sorter: true, sortOrder: sorted('district'), width: 200 },
    {
      title: '审核状态',
      key: 'status',
      sorter: true,
      sortOrder: sorted('status'),
      width: 110,
      render: (_, row) => <Tag color={STATUS_COLORS[row.auditStatus]}>{row.auditStatusLabel}</Tag>,
    },
    { title: '建设单位', dataIndex: 'builder', key: 'builder', width: 200, ellipsis: true },
    { title: '施工总承包单位', dataIndex: 'contractor', key: 'contractor', width: 200, ellipsis: true },
    {
      title: '合同价(元)',
      key: 'contractPrice',
      sorter: true,
      sortOrder: sorted('contractPrice'),
      align: 'right',
      width: 140,
      render: (_, row) => money(row.contractPriceFen),
    },
    { title: '在场人数', dataIndex: 'workersOnSite', key: 'workersOnSite', align: 'right', width: 90 },
    { title: '最近考勤', key: 'lastAttendance', width: 110, render: (_, row) => row.lastAttendance || '—' },
    {
      title: '本月工资 已发/应发(元)',
      key: 'wages',
      width: 200,
      align: 'right',
      render: (_, row) => (
        <span title={`工资月份 ${row.wageMonth}`}>
          {fenToYuan(row.wagesPaidFen)} / {fenToYuan(row.wagesPayableFen)}
        </span>
      ),
    },
    { title: '专户余额(元)', key: 'balance', align: 'right', width: 130, render: (_, row) => money(row.balanceFen) },
    {
      title: '保函',
      key: 'guarantee',
      width: 160,
      render: (_, row) => <Tag color={GUARANTEE_COLORS[row.guaranteeState]}>{row.guaranteeLabel}</Tag>,
    },
    {
      title: '未处理预警',
      key: 'warnings',
      width: 150,
      render: (_, row) => <OpenWarnings row={row} />,
    },
    {
      title: '工人异议',
      key: 'disputes',
      width: 110,
      render: (_, row) =>
        row.disputes === 0 ? (
          <span data-testid={`directory-disputes-${row.id}`}>无</span>
        ) : (
          <span data-testid={`directory-disputes-${row.id}`}>
            {row.disputes}
            {row.disputesUnanswered > 0 ? <Tag color="orange">未答复 {row.disputesUnanswered}</Tag> : null}
          </span>
        ),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 80,
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => open(row)} data-testid={`directory-view-${row.id}`}>
          查看
        </Button>
      ),
    },
  ];

  return (
    <Card data-testid="directory-page" title="项目目录" variant="borderless">
      <Space wrap size={16} style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Form layout="inline" onFinish={() => change({ name })}>
          <Form.Item label="项目名称">
            <Input
              allowClear
              value={name}
              onChange={(event) => setName(event.target.value)}
              placeholder="输入项目名称"
              data-testid="directory-name"
            />
          </Form.Item>
          <Form.Item label="所属区域">
            <Cascader
              changeOnSelect
              style={{ width: 240 }}
              options={cascader(districts.data)}
              loading={districts.isLoading}
              placeholder="全部区域"
              onChange={(path) => change({ district: path?.length ? String(path[path.length - 1]) : '' })}
              data-testid="directory-district"
            />
          </Form.Item>
          <Form.Item label="审核状态">
            <Select<AuditStatus>
              style={{ width: 130 }}
              value={filter.status}
              options={STATUS_OPTIONS}
              onChange={(status) => change({ status })}
              data-testid="directory-status"
            />
          </Form.Item>
          <Form.Item label="预警">
            <Select<WarningLevel>
              style={{ width: 140 }}
              value={filter.warning}
              options={WARNING_OPTIONS}
              onChange={(warning) => change({ warning })}
              data-testid="directory-warning"
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" data-testid="directory-search">
              查询
            </Button>
          </Form.Item>
        </Form>
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void download()} data-testid="directory-export">
          导出Excel
        </Button>
      </Space>
      <ServerTable<DirectoryFilter, DirectoryRow>
        data-testid="directory-table"
        list={projects}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1900 }}
        totalText={(total) => `共 ${total} 个项目`}
        onSort={(sorter) => {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          const sort = (one?.order ? String(one.columnKey ?? '') : '') as SortColumn;
          change({ sort, order: one?.order === 'descend' ? 'desc' : one?.order === 'ascend' ? 'asc' : '' });
        }}
      />
    </Card>
  );
}
