/**
 * 统计报表 → 用工结构: workers on site by unit, team, work type, gender, age band and native province, the
 * over-age workers, and entries and exits per month; each chart with its table, 导出 the same tables as .xlsx.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Row, Statistic, Table, type TableColumnsType } from 'antd';
import { useProjectInView } from '@/store/projectInView';
import ChartCard from './ChartCard';
import ReportFilters from './ReportFilters';
import { barOf, pieOf, seriesOf } from './charts';
import { EMPTY_REPORT_FILTER, exportPeople, fetchPeople, type PeopleReport, type Slice } from './service';

type OverAge = PeopleReport['overAge'][number];
type Moves = PeopleReport['moves'][number];

function SliceTable({ title, slices, testId }: { title: string; slices: Slice[]; testId: string }) {
  const columns: TableColumnsType<Slice> = [
    { title, dataIndex: 'name', key: 'name' },
    { title: '人数', dataIndex: 'count', key: 'count', align: 'right', width: 90 },
  ];
  return (
    <Table<Slice>
      size="small"
      rowKey="name"
      columns={columns}
      dataSource={slices}
      pagination={slices.length > 10 ? { pageSize: 10, size: 'small' } : false}
      data-testid={testId}
    />
  );
}

const overAgeColumns: TableColumnsType<OverAge> = [
  { title: '姓名', dataIndex: 'name', key: 'name' },
  { title: '身份证号', dataIndex: 'idNumber', key: 'idNumber' },
  { title: '性别', dataIndex: 'gender', key: 'gender', width: 60 },
  { title: '年龄', dataIndex: 'age', key: 'age', width: 60, align: 'right' },
  { title: '参建单位', dataIndex: 'unit', key: 'unit' },
  { title: '班组', dataIndex: 'team', key: 'team' },
];

const moveColumns: TableColumnsType<Moves> = [
  { title: '月份', dataIndex: 'month', key: 'month' },
  { title: '进场', dataIndex: 'entries', key: 'entries', align: 'right' },
  { title: '退场', dataIndex: 'exits', key: 'exits', align: 'right' },
];

export default function People() {
  const [filter, setFilter] = useState(EMPTY_REPORT_FILTER);
  const inView = useProjectInView((state) => state.project?.id);
  const report = useQuery({ queryKey: ['report', 'people', inView, filter], queryFn: () => fetchPeople(filter) });
  const data = report.data;
  return (
    <Card data-testid="report-people" title="用工结构" variant="borderless">
      <ReportFilters filter={filter} onChange={setFilter} exportFile={exportPeople} fileName="用工结构.xlsx" />
      {report.error ? <Alert type="error" showIcon message={report.error.message} style={{ marginBottom: 16 }} /> : null}
      {data ? (
        <>
          <Row gutter={16} style={{ marginBottom: 16 }}>
            <Col span={6}>
              <Statistic title="在场人数" value={data.onSite} data-testid="people-on-site" />
            </Col>
            <Col span={6}>
              <Statistic title="统计项目数" value={data.projects} />
            </Col>
            <Col span={6}>
              <Statistic title="超龄人员" value={data.overAge.length} data-testid="people-over-age-count" />
            </Col>
          </Row>
          <ChartCard
            title="按参建单位"
            testId="people-units"
            option={barOf(data.byUnit)}
            table={<SliceTable title="参建单位" slices={data.byUnit} testId="people-units-table" />}
          />
          <ChartCard
            title="按班组"
            testId="people-teams"
            option={barOf(data.byTeam)}
            table={<SliceTable title="班组" slices={data.byTeam} testId="people-teams-table" />}
          />
          <ChartCard
            title="按工种"
            testId="people-work-types"
            option={barOf(data.byWorkType)}
            table={<SliceTable title="工种" slices={data.byWorkType} testId="people-work-types-table" />}
          />
          <ChartCard
            title="按性别"
            testId="people-genders"
            option={pieOf(data.byGender)}
            table={<SliceTable title="性别" slices={data.byGender} testId="people-genders-table" />}
          />
          <ChartCard
            title="按年龄段"
            testId="people-ages"
            option={barOf(data.byAge)}
            table={<SliceTable title="年龄段" slices={data.byAge} testId="people-ages-table" />}
          />
          <ChartCard
            title="按籍贯（发证省份）"
            testId="people-provinces"
            option={pieOf(data.byProvince)}
            table={<SliceTable title="籍贯" slices={data.byProvince} testId="people-provinces-table" />}
          />
          <ChartCard
            title="每月进退场"
            testId="people-moves"
            option={seriesOf(
              data.moves.map((month) => month.month),
              [
                { name: '进场', data: data.moves.map((month) => month.entries) },
                { name: '退场', data: data.moves.map((month) => month.exits) },
              ],
            )}
            table={
              <Table<Moves>
                size="small"
                rowKey="month"
                columns={moveColumns}
                dataSource={data.moves}
                pagination={false}
                data-testid="people-moves-table"
              />
            }
          />
          <Card title="超龄人员（男性超过60周岁、女性超过50周岁）" size="small" data-testid="people-over-age">
            <Table<OverAge>
              size="small"
              rowKey={(row) => `${row.projectId}-${row.workerId}`}
              columns={overAgeColumns}
              dataSource={data.overAge}
              pagination={{ pageSize: 10, size: 'small' }}
            />
          </Card>
        </>
      ) : null}
    </Card>
  );
}
