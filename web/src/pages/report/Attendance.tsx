/**
 * 统计报表 → 考勤统计: attended workers and the rate per day over 30 days, attended days per unit and team per
 * month, the workers with the most absent days and the key staff's presence (under 80 % flagged).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Table, Tag, type TableColumnsType } from 'antd';
import { useProjectInView } from '@/store/projectInView';
import ChartCard from './ChartCard';
import ReportFilters from './ReportFilters';
import { seriesOf } from './charts';
import { EMPTY_REPORT_FILTER, exportAttendance, fetchAttendance, type AttendanceReport } from './service';

type Day = AttendanceReport['days'][number];
type TeamMonth = AttendanceReport['teams'][number];
type Absent = AttendanceReport['mostAbsent'][number];
type KeyStaff = AttendanceReport['keyStaff'][number];

const dayColumns: TableColumnsType<Day> = [
  { title: '日期', dataIndex: 'day', key: 'day' },
  { title: '日历', dataIndex: 'class', key: 'class' },
  { title: '在场', dataIndex: 'onSite', key: 'onSite', align: 'right' },
  { title: '出勤', dataIndex: 'attended', key: 'attended', align: 'right' },
  { title: '出勤率', key: 'rate', align: 'right', render: (_, row) => `${row.rate.toFixed(1)}%` },
];

const teamColumns: TableColumnsType<TeamMonth> = [
  { title: '月份', dataIndex: 'month', key: 'month' },
  { title: '参建单位', dataIndex: 'unit', key: 'unit' },
  { title: '班组', dataIndex: 'team', key: 'team' },
  { title: '出勤人天', dataIndex: 'attendedDays', key: 'attendedDays', align: 'right' },
  { title: '出勤人数', dataIndex: 'workers', key: 'workers', align: 'right' },
];

const absentColumns: TableColumnsType<Absent> = [
  { title: '姓名', dataIndex: 'name', key: 'name' },
  { title: '在场工作日', dataIndex: 'workingDays', key: 'workingDays', align: 'right' },
  { title: '出勤', dataIndex: 'attendedDays', key: 'attendedDays', align: 'right' },
  { title: '缺勤', dataIndex: 'absentDays', key: 'absentDays', align: 'right' },
];

const staffColumns: TableColumnsType<KeyStaff> = [
  { title: '项目', dataIndex: 'project', key: 'project' },
  { title: '岗位', dataIndex: 'post', key: 'post' },
  { title: '姓名', dataIndex: 'name', key: 'name' },
  { title: '应到工作日', dataIndex: 'workingDays', key: 'workingDays', align: 'right' },
  { title: '有效天数', dataIndex: 'validDays', key: 'validDays', align: 'right' },
  {
    title: '在岗率',
    key: 'rate',
    align: 'right',
    render: (_, row) => (row.low ? <Tag color="red">{`${row.rate.toFixed(1)}% 低于80%`}</Tag> : `${row.rate.toFixed(1)}%`),
  },
];

/** Attended days per month, one series per team (at most the first eight teams by days). */
function teamSeries(teams: TeamMonth[]) {
  const months = [...new Set(teams.map((row) => row.month))].sort();
  const label = (row: TeamMonth) => (row.team === '未分班组' ? `${row.unit} ${row.team}` : row.team);
  const totals = new Map<string, number>();
  teams.forEach((row) => totals.set(label(row), (totals.get(label(row)) ?? 0) + row.attendedDays));
  const names = [...totals.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([name]) => name);
  return seriesOf(
    months,
    names.map((name) => ({
      name,
      data: months.map((month) =>
        teams.filter((row) => row.month === month && label(row) === name).reduce((sum, row) => sum + row.attendedDays, 0),
      ),
    })),
  );
}

export default function Attendance() {
  const [filter, setFilter] = useState(EMPTY_REPORT_FILTER);
  const inView = useProjectInView((state) => state.project?.id);
  const report = useQuery({ queryKey: ['report', 'attendance', inView, filter], queryFn: () => fetchAttendance(filter) });
  const data = report.data;
  return (
    <Card data-testid="report-attendance" title="考勤统计" variant="borderless">
      <ReportFilters filter={filter} onChange={setFilter} exportFile={exportAttendance} fileName="考勤统计.xlsx" />
      {report.error ? <Alert type="error" showIcon message={report.error.message} style={{ marginBottom: 16 }} /> : null}
      {data ? (
        <>
          <ChartCard
            title={`每日出勤（${data.windowStart} 至 ${data.windowEnd}）`}
            testId="attendance-days"
            option={seriesOf(
              data.days.map((day) => day.day.slice(5)),
              [
                { name: '在场', data: data.days.map((day) => day.onSite) },
                { name: '出勤', data: data.days.map((day) => day.attended) },
                { name: '出勤率', data: data.days.map((day) => day.rate), line: true, percent: true },
              ],
            )}
            table={
              <Table<Day>
                size="small"
                rowKey="day"
                columns={dayColumns}
                dataSource={data.days}
                pagination={{ pageSize: 10, size: 'small' }}
                data-testid="attendance-days-table"
              />
            }
          />
          <ChartCard
            title="参建单位与班组月度出勤"
            testId="attendance-teams"
            option={teamSeries(data.teams)}
            table={
              <Table<TeamMonth>
                size="small"
                rowKey={(row) => `${row.month}-${row.unit}-${row.team}`}
                columns={teamColumns}
                dataSource={data.teams}
                pagination={{ pageSize: 10, size: 'small' }}
                data-testid="attendance-teams-table"
              />
            }
          />
          <ChartCard
            title="缺勤最多的人员（近30天工作日）"
            testId="attendance-absent"
            option={seriesOf(
              data.mostAbsent.map((row) => row.name),
              [{ name: '缺勤天数', data: data.mostAbsent.map((row) => row.absentDays) }],
            )}
            table={
              <Table<Absent>
                size="small"
                rowKey={(row) => `${row.projectId}-${row.workerId}`}
                columns={absentColumns}
                dataSource={data.mostAbsent}
                pagination={false}
                data-testid="attendance-absent-table"
              />
            }
          />
          <Card title="关键岗位人员在岗率" size="small" data-testid="attendance-key-staff">
            <Table<KeyStaff>
              size="small"
              rowKey={(row) => `${row.projectId}-${row.post}-${row.name}`}
              columns={staffColumns}
              dataSource={data.keyStaff}
              pagination={false}
            />
          </Card>
        </>
      ) : null}
    </Card>
  );
}
