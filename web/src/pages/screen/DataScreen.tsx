/**
 * 数据大屏 (/system/tvscreen): a 1920×1080 dark page for a TV, outside the shell (route meta `fullScreen`).
 * It reads everything in one call and again every 60 s, replacing what it shows (nothing accumulates); the
 * charts are disposed with the page. Names and ID numbers in the ticker come masked from the server.
 */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import EChart from '@/components/chart/EChart';
import type { ChartOption } from '@/components/chart/echarts';
import { useProjectInView } from '@/store/projectInView';
import { useSession } from '@/store/session';
import { groupYuan } from '@/utils/money';
import { fetchDistrictScreen, fetchProjectScreen, type ScreenData } from './service';
import './screen.css';

const ScreenMap = lazy(() => import('./ScreenMap'));

export const REFRESH_MS = 60_000;

const TEXT = '#e6f4ff';
const MUTED = '#8fb3d9';

function workTypeOption(data: ScreenData): ChartOption {
  const rows = [...data.byWorkType].reverse();
  return {
    grid: { left: 110, right: 60, top: 10, bottom: 20 },
    xAxis: { type: 'value', axisLabel: { color: MUTED, fontSize: 16 }, splitLine: { lineStyle: { color: '#1d3a5f' } } },
    yAxis: { type: 'category', data: rows.map((row) => row.name), axisLabel: { color: TEXT, fontSize: 20 } },
    series: [
      {
        type: 'bar',
        data: rows.map((row) => row.value),
        itemStyle: { color: '#36cfc9' },
        barMaxWidth: 28,
        label: { show: true, position: 'right', color: TEXT, fontSize: 18 },
      },
    ],
  };
}

function trendOption(data: ScreenData): ChartOption {
  return {
    grid: { left: 60, right: 30, top: 20, bottom: 40 },
    tooltip: { trigger: 'axis' },
    xAxis: {
      type: 'category',
      data: data.trend.map((day) => day.day.slice(5)),
      axisLabel: { color: MUTED, fontSize: 16 },
    },
    yAxis: { type: 'value', minInterval: 1, axisLabel: { color: MUTED, fontSize: 16 }, splitLine: { lineStyle: { color: '#1d3a5f' } } },
    series: [
      {
        type: 'line',
        data: data.trend.map((day) => day.value),
        symbolSize: 8,
        lineStyle: { width: 4, color: '#40a9ff' },
        itemStyle: { color: '#40a9ff' },
        areaStyle: { color: 'rgba(64, 169, 255, 0.18)' },
      },
    ],
  };
}

function Tile({ id, label, value, unit }: { id: string; label: string; value: string; unit?: string }) {
  return (
    <div className="screen-tile" data-testid={`screen-${id}`}>
      <div className="screen-tile-label">{label}</div>
      <div className="screen-tile-value">
        {value}
        {unit && <span className="screen-tile-unit">{unit}</span>}
      </div>
    </div>
  );
}

function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  // China time, as every time the server sends, whatever the TV's own time zone.
  return <span className="screen-clock">{now.toLocaleString('zh-CN', { hour12: false, timeZone: 'Asia/Shanghai' })}</span>;
}

export default function DataScreen() {
  const navigate = useNavigate();
  const isRegulator = useSession((state) => state.roles.includes('admin'));
  const tiles = useSession((state) => state.siteConfig?.maptiles ?? '');
  const centre = useSession((state) => state.siteConfig?.centerlatlng ?? '');
  const inView = useProjectInView((state) => state.project);
  const district = isRegulator && !inView;
  const [data, setData] = useState<ScreenData | null>(null);
  const [failure, setFailure] = useState('');

  useEffect(() => {
    let current = true;
    const load = () =>
      (district ? fetchDistrictScreen() : fetchProjectScreen()).then(
        (next) => {
          if (!current) return;
          setData(next);
          setFailure('');
        },
        (error: unknown) => current && setFailure(error instanceof Error ? error.message : '加载失败'),
      );
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [district]);

  const workTypes = useMemo(() => (data ? workTypeOption(data) : null), [data]);
  const trend = useMemo(() => (data ? trendOption(data) : null), [data]);

  return (
    <div className="screen" data-testid="data-screen">
      <header className="screen-header">
        <button type="button" className="screen-exit" onClick={() => navigate('/index')}>
          退出大屏
        </button>
        <h1 className="screen-title">{data?.title || '数据大屏'}</h1>
        <div className="screen-header-right">
          <Clock />
          {data && <span className="screen-refreshed">数据更新于 {data.refreshedAt.slice(11)}</span>}
        </div>
      </header>
      {failure && <div className="screen-failure">{failure}</div>}
      {data && workTypes && trend && (
        <>
          <section className="screen-tiles">
            <Tile id="onSite" label="在场人数" value={String(data.onSite)} unit="人" />
            <Tile id="attendedToday" label="今日出勤" value={String(data.attendedToday)} unit="人" />
            <Tile id="wagesPaid" label={`${data.wageMonth} 工资已发`} value={groupYuan(data.wagesPaid)} unit="元" />
            <div className="screen-tile" data-testid="screen-warnings">
              <div className="screen-tile-label">未关闭预警</div>
              <div className="screen-tile-value screen-levels">
                <span className="screen-red">红 {data.warnings.red}</span>
                <span className="screen-orange">橙 {data.warnings.orange}</span>
                <span className="screen-yellow">黄 {data.warnings.yellow}</span>
              </div>
            </div>
          </section>
          <main className={district ? 'screen-main screen-main-district' : 'screen-main'}>
            <section className="screen-panel screen-work-types">
              <h2>工种分布（在场）</h2>
              <div className="screen-chart">
                {data.byWorkType.length ? <EChart option={workTypes} height="100%" /> : <div className="screen-empty">暂无在场人员</div>}
              </div>
            </section>
            <section className="screen-centre">
              {district && (
                <div className="screen-panel screen-map-panel">
                  <h2>
                    辖区项目（{data.projects.length}）
                    <span className="screen-legend">
                      <i className="screen-dot screen-dot-red" />红
                      <i className="screen-dot screen-dot-orange" />橙
                      <i className="screen-dot screen-dot-yellow" />黄
                      <i className="screen-dot screen-dot-none" />无预警
                    </span>
                  </h2>
                  <div className="screen-map-box">
                    <Suspense fallback={null}>
                      <ScreenMap projects={data.projects} tiles={tiles} centre={centre} />
                    </Suspense>
                  </div>
                </div>
              )}
              <div className="screen-panel screen-trend">
                <h2>近30天出勤人数</h2>
                <div className="screen-chart">
                  <EChart option={trend} height="100%" />
                </div>
              </div>
            </section>
            <section className="screen-panel screen-ticker">
              <h2>最新打卡</h2>
              <ol className="screen-punches" data-testid="screen-punches">
                {data.latestPunches.map((punch, index) => (
                  <li key={`${punch.punchedAt}-${index}`}>
                    <span className="screen-punch-time">{punch.punchedAt.slice(5, 16)}</span>
                    <span className="screen-punch-name">{punch.name}</span>
                    <span className={punch.direction === '进场' ? 'screen-punch-in' : 'screen-punch-out'}>{punch.direction}</span>
                    <span className="screen-punch-id">{punch.idNumber}</span>
                    {district && <span className="screen-punch-project">{punch.projectName}</span>}
                  </li>
                ))}
                {data.latestPunches.length === 0 && <li className="screen-empty">今日暂无打卡</li>}
              </ol>
            </section>
          </main>
        </>
      )}
    </div>
  );
}
