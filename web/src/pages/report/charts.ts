/** The reports' chart options, built from the same rows their tables show. */
import type { ChartOption } from '@/components/chart/echarts';
import { groupYuan } from '@/utils/money';
import type { Slice } from './service';

/** A chart's yuan (numbers drawn from the API's exact amounts) written as the tables write them. */
const yuanOf = (value: unknown) => groupYuan(Number(value).toFixed(2));

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

/**
 * Several series over the same categories; `line` draws lines instead of bars. `money`: the values are yuan,
 * written with thousands separators and two decimals in the tooltip and on the value axis.
 */
export function seriesOf(
  categories: string[],
  series: { name: string; data: number[]; line?: boolean; percent?: boolean }[],
  { money = false } = {},
): ChartOption {
  const percentAxis = series.some((one) => one.percent);
  const valueAxis = money ? { type: 'value' as const, axisLabel: { formatter: yuanOf } } : { type: 'value' as const };
  return {
    tooltip: money ? { trigger: 'axis', valueFormatter: yuanOf } : { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: money ? 96 : 56, right: percentAxis ? 48 : 16, top: 32, bottom: 40 },
    xAxis: { type: 'category', data: categories },
    yAxis: percentAxis
      ? [valueAxis, { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } }]
      : [valueAxis],
    series: series.map((one) => ({
      type: one.line ? 'line' : 'bar',
      name: one.name,
      data: one.data,
      yAxisIndex: one.percent ? 1 : 0,
    })),
  };
}
