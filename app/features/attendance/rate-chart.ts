// The geometry and words of the daily attendance-rate chart: one bar per school day (a day with no
// marks, a weekend, leaves a gap), on a 0–100 % scale, and a sentence that says what the bars show
// for people who cannot see them. Across, positions are per cent of the plot's width (the chart
// fills a phone or a desktop without scaling its text); down, they are pixels. Pure, so the numbers
// are tested without a browser.
import type { DailyRate } from '~/domain/attendance';
import { wholePercent } from './alerts';

/** The plot's height in CSS pixels; its width follows the page, so the labels never shrink. */
export const CHART_HEIGHT = 200;
/** Room above the 100 % line for its label. */
export const CHART_TOP = 8;

export interface ChartBar {
  date: string;
  rate: number;
  /** Left edge and width in per cent of the plot's width. */
  x: number;
  width: number;
  /** Top and height in pixels. */
  y: number;
  height: number;
}

/** One bar per day with marks, placed in its day's slot so gaps show the days without any. */
export function chartBars(days: readonly DailyRate[]): ChartBar[] {
  const slot = days.length > 0 ? 100 / days.length : 100;
  const width = slot * 0.7;
  return days.flatMap((day, i) => {
    if (day.rate === null) return [];
    const y = rateY(day.rate);
    return [
      {
        date: day.date,
        rate: day.rate,
        x: i * slot + (slot - width) / 2,
        width,
        y,
        height: rateY(0) - y,
      },
    ];
  });
}

/** The y, in pixels, of a rate (0–1): the grid lines, the axis labels and the bars' tops. */
export function rateY(rate: number): number {
  return CHART_TOP + (CHART_HEIGHT - CHART_TOP) * (1 - rate);
}

/**
 * The chart's description: the span, the average over the days with marks, and the lowest and
 * highest day. "No roll calls in …" when there is nothing to draw.
 */
export function chartSummary(days: readonly DailyRate[]): string {
  const first = days[0]?.date;
  const last = days[days.length - 1]?.date;
  const span = first && last ? `from ${first} to ${last}` : '';
  const marked = days.filter((d): d is DailyRate & { rate: number } => d.rate !== null);
  if (marked.length === 0) return `No roll calls were marked ${span}.`.replace(/\s+\./, '.');
  const totalMarked = marked.reduce((n, d) => n + d.marked, 0);
  const totalAttended = marked.reduce((n, d) => n + d.attended, 0);
  let low = marked[0] ?? null;
  let high = marked[0] ?? null;
  for (const day of marked) {
    if (low && day.rate < low.rate) low = day;
    if (high && day.rate > high.rate) high = day;
  }
  const average = wholePercent(totalAttended / totalMarked);
  const dayWord = marked.length === 1 ? 'school day' : 'school days';
  return (
    `Attendance ${span}: ${average} % over ${marked.length} ${dayWord}; ` +
    `lowest ${wholePercent(low?.rate ?? 0)} % on ${low?.date ?? ''}, ` +
    `highest ${wholePercent(high?.rate ?? 0)} % on ${high?.date ?? ''}.`
  );
}
