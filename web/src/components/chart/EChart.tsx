/**
 * One chart on a div: initialised once on mount, `setOption` whenever the option changes (replacing the
 * previous one, so a page refreshing its data never accumulates series), resized with its box, disposed on
 * unmount.
 */
import { useEffect, useRef } from 'react';
import { echarts, type ChartOption } from './echarts';

interface EChartProps {
  option: ChartOption;
  /** Pixels, or a CSS length such as '100%' to fill a sized box. */
  height?: number | string;
  /** For tests and journeys. */
  testId?: string;
}

export default function EChart({ option, height = 300, testId }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof echarts.init> | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const instance = echarts.init(element);
    chart.current = instance;
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => instance.resize());
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={box} style={{ width: '100%', height }} data-testid={testId} />;
}
