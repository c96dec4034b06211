import { Tooltip } from 'antd';
import type { CalendarDay, CalendarYear } from './service';
import { TINTS, describeDay, tintOf, weeksOf } from '@/components/calendar/grid';

const WEEK_HEAD = ['一', '二', '三', '四', '五', '六', '日'];

interface Props {
  year: CalendarYear;
  /** A day was clicked: open it for 新增 or 修改. */
  onPick: (day: CalendarDay) => void;
}

/** The year month by month, each day tinted by the arrangement (legend above the grid). */
export default function YearGrid({ year, onPick }: Props) {
  return (
    <div>
      <div data-testid="calendar-legend" style={{ display: 'flex', gap: 16, flexWrap: 'wrap', marginBottom: 12, fontSize: 13 }}>
        {(['statutory', 'off', 'workday', 'weekend'] as const).map((tint) => (
          <span key={tint} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
            <span style={{ width: 14, height: 14, borderRadius: 3, background: TINTS[tint].background, border: '1px solid #d9d9d9' }} />
            {TINTS[tint].label}
          </span>
        ))}
        <span style={{ color: '#8c8c8c' }}>
          全年工作日 {year.workingDays} 天，法定节假日 {year.statutoryDays} 天；点击日期可新增或修改
        </span>
      </div>
      {/* Six months a row where the pane is wide (the year in two rows), fewer on narrow screens. */}
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(max(200px, calc((100% - 60px) / 6)), 1fr))', gap: 12 }}>
        {year.months.map((month) => (
          <div key={month.month} data-testid={`calendar-month-${month.month}`} style={{ border: '1px solid #f0f0f0', borderRadius: 6, padding: 8 }}>
            <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 4 }}>
              <strong>{Number(month.month.slice(5))}月</strong>
              <span style={{ color: '#8c8c8c', fontSize: 12 }}>
                工作日 {month.workingDays} 天{month.statutoryDays > 0 ? `，法定 ${month.statutoryDays} 天` : ''}
              </span>
            </div>
            <table style={{ width: '100%', borderCollapse: 'separate', borderSpacing: 2, fontSize: 12, textAlign: 'center' }}>
              <thead>
                <tr>
                  {WEEK_HEAD.map((head) => (
                    <th key={head} style={{ fontWeight: 'normal', color: '#8c8c8c' }}>
                      {head}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {weeksOf(month.days).map((week, index) => (
                  <tr key={index}>
                    {week.map((day, cell) =>
                      day ? (
                        <td key={day.day} style={{ padding: 0 }}>
                          <Tooltip title={describeDay(day)}>
                            <button
                              type="button"
                              data-testid={`calendar-day-${day.day}`}
                              data-tint={tintOf(day)}
                              onClick={() => onPick(day)}
                              style={{
                                width: '100%',
                                height: 24,
                                border: 'none',
                                borderRadius: 3,
                                cursor: 'pointer',
                                background: TINTS[tintOf(day)].background,
                                color: TINTS[tintOf(day)].color,
                              }}
                            >
                              {Number(day.day.slice(8))}
                            </button>
                          </Tooltip>
                        </td>
                      ) : (
                        <td key={`pad-${cell}`} />
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      </div>
    </div>
  );
}
