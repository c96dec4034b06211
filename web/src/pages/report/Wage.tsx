/**
 * 统计报表 → 工资统计: payable (the wage sheets' net) and paid (the special account's payout flows) per month,
 * per unit with arrears (largest first), the share paid through the special account, the average net per
 * work type and how many of each unit's lines of a month their workers confirmed.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Row, Statistic, Table, type TableColumnsType } from 'antd';
import { useProjectInView } from '@/store/projectInView';
import { groupYuan } from '@/utils/money';
import ChartCard from './ChartCard';
import ReportFilters from './ReportFilters';
import { seriesOf } from './charts';
import { EMPTY_REPORT_FILTER, exportWage, fetchWage, type WageReport } from './service';

type Month = WageReport['months'][number];
type Unit = WageReport['units'][number];
type WorkType = WageReport['workTypes'][number];
type Confirmation = WageReport['confirmations'][number];

/** A column of yuan, written as every amount of the page is: 1,234,567.50. */
const yuan = <T,>(title: string, key: keyof T & string) => ({
  title,
  dataIndex: key,
  key,
  align: 'right' as const,
  render: (amount: string) => groupYuan(amount),
});

const monthColumns: TableColumnsType<Month> = [
  { title: '月份', dataIndex: 'month', key: 'month' },
  yuan<Month>('应发(元)', 'payable'),
  yuan<Month>('实发(元)', 'paid'),
];

const unitColumns: TableColumnsType<Unit> = [
  { title: '参建单位', dataIndex: 'unit', key: 'unit' },
  yuan<Unit>('应发(元)', 'payable'),
  yuan<Unit>('实发(元)', 'paid'),
  yuan<Unit>('欠发(元)', 'arrears'),
];

const workTypeColumns: TableColumnsType<WorkType> = [
  { title: '工种', dataIndex: 'workType', key: 'workType' },
  { title: '工资条数', dataIndex: 'lines', key: 'lines', align: 'right' },
  yuan<WorkType>('实发合计(元)', 'net'),
  yuan<WorkType>('人均(元)', 'average'),
];

const confirmationColumns: TableColumnsType<Confirmation> = [
  { title: '参建单位', dataIndex: 'unit', key: 'unit' },
  { title: '月份', dataIndex: 'month', key: 'month' },
  { title: '征询人数', dataIndex: 'asked', key: 'asked', align: 'right' },
  { title: '已确认', dataIndex: 'confirmed', key: 'confirmed', align: 'right' },
  { title: '确认率(%)', dataIndex: 'rate', key: 'rate', align: 'right', render: (rate: number) => rate.toFixed(1) },
];

export default function Wage() {
  const [filter, setFilter] = useState(EMPTY_REPORT_FILTER);
  const inView = useProjectInView((state) => state.project?.id);
  const report = useQuery({ queryKey: ['report', 'wage', inView, filter], queryFn: () => fetchWage(filter) });
  const data = report.data;
  return (
    <Card data-testid="report-wage" title="工资统计" variant="borderless">
      <ReportFilters filter={filter} onChange={setFilter} exportFile={exportWage} fileName="工资统计.xlsx" />
      {report.error ? <Alert type="error" showIcon message={report.error.message} style={{ marginBottom: 16 }} /> : null}
      {data ? (
        <>
          <Row gutter={16} style={{ marginBottom: 16 }}>
            <Col span={6}>
              <Statistic title="应发合计(元)" value={groupYuan(data.payable)} data-testid="wage-payable" />
            </Col>
            <Col span={6}>
              <Statistic title="专户实发(元)" value={groupYuan(data.paid)} data-testid="wage-paid" />
            </Col>
            <Col span={6}>
              <Statistic title="专户发放占比" value={data.specialShare} precision={1} suffix="%" data-testid="wage-share" />
            </Col>
          </Row>
          <ChartCard
            title="每月应发与实发"
            testId="wage-months"
            option={seriesOf(
              data.months.map((month) => month.month),
              [
                { name: '应发', data: data.months.map((month) => Number(month.payable)) },
                { name: '实发', data: data.months.map((month) => Number(month.paid)) },
              ],
              { money: true },
            )}
            table={
              <Table<Month>
                size="small"
                rowKey="month"
                columns={monthColumns}
                dataSource={data.months}
                pagination={false}
                data-testid="wage-months-table"
              />
            }
          />
          <ChartCard
            title="参建单位欠发（从多到少）"
            testId="wage-units"
            option={seriesOf(
              data.units.map((unit) => unit.unit),
              [
                { name: '应发', data: data.units.map((unit) => Number(unit.payable)) },
                { name: '实发', data: data.units.map((unit) => Number(unit.paid)) },
                { name: '欠发', data: data.units.map((unit) => Number(unit.arrears)) },
              ],
              { money: true },
            )}
            table={
              <Table<Unit>
                size="small"
                rowKey="unit"
                columns={unitColumns}
                dataSource={data.units}
                pagination={false}
                data-testid="wage-units-table"
              />
            }
          />
          <ChartCard
            title="各工种人均工资"
            testId="wage-work-types"
            option={seriesOf(
              data.workTypes.map((row) => row.workType),
              [{ name: '人均(元)', data: data.workTypes.map((row) => Number(row.average)) }],
              { money: true },
            )}
            table={
              <Table<WorkType>
                size="small"
                rowKey="workType"
                columns={workTypeColumns}
                dataSource={data.workTypes}
                pagination={false}
                data-testid="wage-work-types-table"
              />
            }
          />
          <Card size="small" title="工人确认率（各单位每月工资经工人本人确认的比例）" style={{ marginTop: 16 }}>
            <Table<Confirmation>
              size="small"
              rowKey={(row) => `${row.unit}-${row.month}`}
              columns={confirmationColumns}
              dataSource={data.confirmations}
              pagination={false}
              locale={{ emptyText: '所选月份尚无经确认的工资表' }}
              data-testid="wage-confirmations-table"
            />
          </Card>
        </>
      ) : null}
    </Card>
  );
}
