// A light horizontal bar chart: one row per category, its name (a link when the figure has a page)
// and its value written out, with a CSS bar under them scaled to the largest value. The words carry
// the figures, so the bars are decoration to assistive technology; a button swaps the chart for a
// <table> with a caption, the same figures in rows and columns. The bars use the theme's primary
// colour on the card (6.7:1 light, 9:1 dark, 19.6:1 accessible) inside a strong outline, so a short
// bar is still seen. No chart library: a home page should not pay for one.
import { Link } from '@remix-run/react';
import { useId, useState } from 'react';
import { useSettings } from '~/settings/store';

export interface BarChartRow {
  key: string;
  label: string;
  value: number;
  /** The page listing what the row counts. */
  href?: string;
}

export interface BarChartProps {
  /** What the figures are: the list's name and the table's caption ("Enrolled students by campus"). */
  caption: string;
  rows: readonly BarChartRow[];
  /** The table's column headings. */
  labelHeader: string;
  valueHeader: string;
  /** A total row at the foot of the table, with its link. */
  total?: { label: string; value: number; href?: string };
}

const numberFormat = new Intl.NumberFormat('en');

/** The bar's length in per cent of the track: the largest value fills it; nothing is 0. */
export function barPercent(value: number, max: number): number {
  if (max <= 0 || value <= 0) return 0;
  return Math.max(1, Math.round((value / max) * 1000) / 10);
}

export function BarChart({ caption, rows, labelHeader, valueHeader, total }: BarChartProps) {
  const skin = useSettings((s) => s.skin);
  const [asTable, setAsTable] = useState(false);
  const id = useId();
  const max = rows.reduce((m, row) => Math.max(m, row.value), 0);
  const label = (row: { label: string; href?: string }) =>
    row.href ? (
      <Link to={row.href} className={skin.link}>
        {row.label}
      </Link>
    ) : (
      row.label
    );
  return (
    <div className="grid gap-2">
      <div id={id}>
        {asTable ? (
          <table className="w-full text-sm">
            <caption className="mb-1 text-left font-medium">{caption}</caption>
            <thead>
              <tr className="border-b border-border-strong">
                <th scope="col" className="py-1 pr-2 text-left font-semibold">
                  {labelHeader}
                </th>
                <th scope="col" className="py-1 text-right font-semibold">
                  {valueHeader}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} className="border-b border-border">
                  <th scope="row" className="py-1 pr-2 text-left font-normal">
                    {label(row)}
                  </th>
                  <td className="py-1 text-right tabular-nums">{numberFormat.format(row.value)}</td>
                </tr>
              ))}
            </tbody>
            {total ? (
              <tfoot>
                <tr>
                  <th scope="row" className="py-1 pr-2 text-left font-semibold">
                    {label(total)}
                  </th>
                  <td className="py-1 text-right font-semibold tabular-nums">
                    {numberFormat.format(total.value)}
                  </td>
                </tr>
              </tfoot>
            ) : null}
          </table>
        ) : (
          <ul aria-label={caption} className="grid gap-3">
            {rows.map((row) => (
              <li key={row.key}>
                <div className="flex items-baseline justify-between gap-3">
                  <span className="min-w-0 wrap-anywhere">{label(row)}</span>
                  <span className="font-semibold tabular-nums">
                    {numberFormat.format(row.value)}
                  </span>
                </div>
                <div
                  aria-hidden="true"
                  data-bar
                  className="mt-1 h-3 overflow-hidden rounded-sm border border-border-strong"
                >
                  <div
                    className="h-full bg-primary"
                    style={{ width: `${barPercent(row.value, max)}%` }}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <button
          type="button"
          aria-controls={id}
          className={`${skin.link} text-sm`}
          onClick={() => setAsTable((v) => !v)}
        >
          {asTable ? 'Show as a chart' : 'Show as a table'}
        </button>
      </div>
    </div>
  );
}
