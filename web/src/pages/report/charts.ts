/** The reports' chart options, built from the same rows their tables show. */
import type { ChartOption } from '@/components/chart/echarts';
import type { Slice } from './service';

export function barOf(slices: Slice[], name = '人数'): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 40, right: 16, top: 24, bottom: 60 },
    xAxis: { type: 'category', data: slices.map((slice) => slice.name), axisLabel: { rotate: slices.length > 6 ? 30 : 0 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'bar', name, data: slices.map((slice) => slice.count) }],
  };
}

export function pieOf(slices: Slice[]): ChartOption {
  return {
    tooltip: { trigger: 'item' },
    legend: { bottom: 0 },
    series: [{ type: 'pie', radius: ['35%', '65%'], data: slices.map((slice) => ({ name: slice.name, value: slice.count })) }],
  };
}

/** Several series over the same categories; `line` draws lines instead of bars. */
export function seriesOf(
  categories: string[],
  series: { name: string; data: number[]; line?: boolean; percent?: boolean }[],
): ChartOption {
  const percentAxis = series.some((one) => one.percent);
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 56, right: percentAxis ? 48 : 16, top: 32, bottom: 40 },
    xAxis: { type: 'category', data: categories },
    yAxis: percentAxis
      ? [{ type: 'value' }, { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } }]
      : [{ type: 'value' }],
    series: series.map((one) => ({
      type: one.line ? 'line' : 'bar',
      name: one.name,
      data: one.data,
      yAxisIndex: one.percent ? 1 : 0,
    })),
  };
}
