// The chart's numbers as a table (its text alternative), behind a "Show as a table" disclosure.
// School days only: a day without marks has nothing to report.
import type { DailyRate } from '~/domain/attendance';
import { wholePercent } from './alerts';
import { formatDay } from './AlertsLists';

export function RateChartTable({ days }: { days: DailyRate[] }) {
  const marked = days.filter((d) => d.rate !== null);
  return (
    <details className="mt-3">
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium">
        Show as a table
      </summary>
      {marked.length === 0 ? (
        <p className="text-muted">No roll calls were marked in these days.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full max-w-xl border-collapse text-left">
            <caption className="sr-only">Daily attendance rate, days with roll calls</caption>
            <thead>
              <tr className="border-b border-border text-sm text-muted">
                <th scope="col" className="py-2 pr-4 font-medium">
                  Date
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">
                  Rate
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">
                  Present or late
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Marked
                </th>
              </tr>
            </thead>
            <tbody>
              {marked.map((day) => (
                <tr key={day.date} className="border-b border-border last:border-0">
                  <th scope="row" className="py-1.5 pr-4 font-normal">
                    <time dateTime={day.date}>{formatDay(day.date)}</time>
                  </th>
                  <td className="py-1.5 pr-4 text-right whitespace-nowrap tabular-nums">
                    {wholePercent(day.rate ?? 0)} %
                  </td>
                  <td className="py-1.5 pr-4 text-right tabular-nums">{day.attended}</td>
                  <td className="py-1.5 text-right tabular-nums">{day.marked}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </details>
  );
}
