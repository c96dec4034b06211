/** A report's chart with its table beside it (below on narrow screens). */
import type { ReactNode } from 'react';
import { Card, Col, Row } from 'antd';
import EChart from '@/components/chart/EChart';
import type { ChartOption } from '@/components/chart/echarts';

interface ChartCardProps {
  title: string;
  option: ChartOption;
  table: ReactNode;
  testId: string;
}

export default function ChartCard({ title, option, table, testId }: ChartCardProps) {
  return (
    <Card title={title} size="small" style={{ marginBottom: 16 }} data-testid={testId}>
      <Row gutter={16}>
        <Col xs={24} xl={14}>
          <EChart option={option} testId={`${testId}-chart`} />
        </Col>
        <Col xs={24} xl={10}>
          {table}
        </Col>
      </Row>
    </Card>
  );
}
