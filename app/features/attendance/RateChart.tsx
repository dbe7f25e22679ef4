// The daily attendance-rate chart: a small SVG drawn here (no chart library), loaded only by the
// reports page through React.lazy. It is one image to assistive technology, named by its title and
// described by a sentence of figures; RateChartTable gives the same numbers as a table. The axis
// labels are HTML beside and under the plot, so they keep their size on a phone.
import { useId } from 'react';
import type { DailyRate } from '~/domain/attendance';
import { formatDay } from './AlertsLists';
import { CHART_HEIGHT, chartBars, chartSummary, rateY } from './rate-chart';

const GRID = [0, 0.5, 0.9, 1] as const;

export default function RateChart({ days, title }: { days: DailyRate[]; title: string }) {
  const id = useId();
  const bars = chartBars(days);
  const first = days[0];
  const last = days[days.length - 1];
  return (
    <div role="img" aria-labelledby={`${id}-title ${id}-desc`} className="max-w-3xl text-sm">
      <span id={`${id}-title`} className="sr-only">
        {title}
      </span>
      <span id={`${id}-desc`} className="sr-only">
        {chartSummary(days)}
      </span>
      <div className="flex">
        <div className="relative w-12 shrink-0 text-muted" style={{ height: CHART_HEIGHT }}>
          {GRID.map((rate) => (
            <span
              key={rate}
              className="absolute right-2 -translate-y-1/2 text-xs leading-none whitespace-nowrap"
              style={{ top: rateY(rate) }}
            >
              {Math.round(rate * 100)} %
            </span>
          ))}
        </div>
        <svg width="100%" height={CHART_HEIGHT} className="min-w-0 flex-1 text-muted">
          {GRID.map((rate) => (
            <line
              key={rate}
              x1="0"
              x2="100%"
              y1={rateY(rate)}
              y2={rateY(rate)}
              stroke="currentColor"
              strokeWidth={1}
              strokeDasharray={rate === 0 ? undefined : '4 4'}
              opacity={rate === 0 ? 1 : 0.6}
            />
          ))}
          {bars.map((bar) => (
            <rect
              key={bar.date}
              x={`${bar.x}%`}
              width={`${bar.width}%`}
              y={bar.y}
              height={bar.height}
              className="fill-primary"
            />
          ))}
        </svg>
      </div>
      <div className="ml-12 mt-1 flex justify-between text-muted">
        <span>{first ? formatDay(first.date) : null}</span>
        <span>{last ? formatDay(last.date) : null}</span>
      </div>
    </div>
  );
}
