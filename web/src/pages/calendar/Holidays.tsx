import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Popconfirm, Select, Space, Spin, type TableColumnsType, Tag, message } from 'antd';
import { LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { ApiError, showApiError } from '@/api/client';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import { useRegulatorMay } from '@/store/session';
import { FIRST_YEAR, LAST_YEAR, type SpecialKind } from '@/utils/rules/calendar';
import HolidayDialog, { type Editing } from './HolidayDialog';
import YearGrid from './YearGrid';
import { YEAR_OPTIONS } from '@/components/calendar/grid';
import { type CalendarDay, MSG_DELETED, type SpecialDayRow, deleteSpecialDay, fetchCalendarYear, fetchSpecialDays } from './service';

const KIND_COLORS: Record<string, string> = { statutory: 'red', off: 'default', workday: 'blue' };
const WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日'];

/**
 * 系统设置 → 节假日设置 (regulator): China's holiday arrangement by year. The grid shows the year as the wage
 * area counts it; the table lists the special days (server-paginated) with 新增 / 修改 / 删除. Next year's
 * arrangement, once the State Council publishes it, is entered here.
 */
export default function Holidays() {
  const queryClient = useQueryClient();
  const list = usePagedList<number, SpecialDayRow>({
    queryKey: ['calendar', 'list'],
    fetchPage: fetchSpecialDays,
    initialFilter: new Date().getFullYear(),
  });
  const year = list.filter;
  const [editing, setEditing] = useState<Editing | null>(null);
  const mayKeep = useRegulatorMay('calendar');

  const grid = useQuery({ queryKey: ['calendar', 'year', year], queryFn: () => fetchCalendarYear(year), placeholderData: keepPreviousData });

  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['calendar'] });
  const chooseYear = (next: number) => list.search(Math.min(LAST_YEAR, Math.max(FIRST_YEAR, next)));

  async function remove(row: SpecialDayRow) {
    try {
      await deleteSpecialDay(row.day);
      message.success(MSG_DELETED);
      refresh();
    } catch (error) {
      showApiError(error);
    }
  }

  const pick = (day: CalendarDay) => {
    if (!mayKeep) return;
    setEditing(
      day.kind
        ? { day: day.day, kind: day.kind as SpecialKind, name: day.name, existing: true }
        : { day: day.day, kind: day.weekday >= 6 ? 'workday' : undefined, existing: false },
    );
  };

  const columns: TableColumnsType<SpecialDayRow> = [
    { title: '日期', dataIndex: 'day', key: 'day', width: 130 },
    { title: '星期', dataIndex: 'weekday', key: 'weekday', width: 80, render: (weekday: number) => `周${WEEKDAYS[weekday - 1] ?? ''}` },
    {
      title: '类型',
      dataIndex: 'kindLabel',
      key: 'kind',
      width: 120,
      render: (label: string, row) => <Tag color={KIND_COLORS[row.kind]}>{label}</Tag>,
    },
    { title: '名称', dataIndex: 'name', key: 'name' },
    { title: '来源', dataIndex: 'sourceLabel', key: 'source', width: 110 },
    { title: '更新时间', dataIndex: 'updatedTime', key: 'updatedTime', width: 180 },
    ...(mayKeep
      ? [
          {
            title: '操作',
            key: 'action',
            width: 140,
            render: (_: unknown, row: SpecialDayRow) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  data-testid={`holiday-edit-${row.day}`}
                  onClick={() => setEditing({ day: row.day, kind: row.kind as SpecialKind, name: row.name, existing: true })}
                >
                  修改
                </Button>
                <Popconfirm
                  title={`删除 ${row.day} ${row.kindLabel} ${row.name}？`}
                  description="删除后该日按星期计（周一至周五为工作日，周末为休息日）。"
                  okText="删除"
                  okButtonProps={{ danger: true, 'data-testid': 'holiday-delete-confirm' }}
                  cancelText="取消"
                  onConfirm={() => remove(row)}
                >
                  <Button type="link" size="small" danger data-testid={`holiday-delete-${row.day}`}>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card data-testid="holidays-page" title="节假日设置" variant="borderless">
      <Space wrap size={16} style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space>
          <Button icon={<LeftOutlined />} aria-label="上一年" disabled={year <= FIRST_YEAR} onClick={() => chooseYear(year - 1)} />
          <Select
            data-testid="holidays-year"
            value={year}
            showSearch
            style={{ width: 120 }}
            options={YEAR_OPTIONS.map((option) => ({ value: option, label: `${option}年` }))}
            onChange={chooseYear}
          />
          <Button icon={<RightOutlined />} aria-label="下一年" disabled={year >= LAST_YEAR} onClick={() => chooseYear(year + 1)} />
        </Space>
        {mayKeep && (
          <Button type="primary" icon={<PlusOutlined />} data-testid="holiday-add" onClick={() => setEditing({ day: '', existing: false })}>
            新增
          </Button>
        )}
      </Space>

      {grid.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={grid.error instanceof ApiError ? grid.error.message : '加载失败'}
          action={
            <Button size="small" onClick={() => void grid.refetch()}>
              重试
            </Button>
          }
        />
      )}

      <Spin spinning={grid.isFetching}>
        {grid.data ? <YearGrid year={grid.data} onPick={pick} /> : <div style={{ minHeight: 120 }} />}
      </Spin>

      <ServerTable<number, SpecialDayRow>
        list={list}
        data-testid="holidays-table"
        style={{ marginTop: 24 }}
        rowKey="day"
        columns={columns}
        locale={{ emptyText: `${year}年暂无节假日安排，国务院公布后请点击“新增”录入` }}
      />

      <HolidayDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          refresh();
        }}
      />
    </Card>
  );
}
