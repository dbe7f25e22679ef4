// The register page's parts: the classroom and date-range form (a GET form, so the choice lives in
// the URL), the legend, the students × dates table and the list of notes. The table is plain markup
// from a view computed once (register-view.ts): no per-cell components or hooks, so a 30 × 60
// register renders in one pass. A reported absence (issue 32) has its own symbol and words.
import { Form, Link } from '@remix-run/react';
import { useId } from 'react';
import {
  ATTENDANCE_STATUS_INFO,
  NOT_MARKED_SYMBOL,
  type AttendanceStatus,
} from '~/domain/attendance';
import { ATTENDANCE_STATUSES } from '~/domain/records';
import { useSettings } from '~/settings/store';
import { Button } from '~/ui/Button';
import { SelectField, TextField, type FormState, type Option } from '~/ui/form/Field';
import {
  REPORTED_ABSENT,
  type RegisterCellView,
  type RegisterQuery,
  type RegisterView,
} from './register-view';
import { formatDay } from './summary';

/** Cell backgrounds per status: a second cue only; the symbol and the hidden word carry the meaning. */
const CELL_TONE: Record<AttendanceStatus | 'none', string> = {
  present: '',
  absent: 'bg-danger-soft font-bold',
  late: 'bg-warning-soft font-bold',
  excused: 'bg-info-soft font-bold',
  none: 'text-muted',
};

function tone(cell: Pick<RegisterCellView, 'status'>): string {
  return CELL_TONE[cell.status ?? 'none'];
}

export function RegisterFilters({
  classrooms,
  query,
  form,
}: {
  classrooms: readonly Option[];
  query: RegisterQuery;
  form: FormState | null;
}) {
  const skin = useSettings((s) => s.skin);
  return (
    <Form
      method="get"
      // A new URL (Back, another classroom) shows its own choice, not the last one typed.
      key={`${query.classroom}|${query.from}|${query.to}`}
      className={`mb-6 grid gap-4 p-4 sm:grid-cols-2 sm:items-start lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] ${skin.card} ${skin.rounded}`}
    >
      <SelectField
        name="classroom"
        label="Classroom"
        options={classrooms}
        defaultValue={query.classroom}
        form={form}
      />
      <TextField name="from" label="From" type="date" defaultValue={query.from} form={form} />
      <TextField name="to" label="To" type="date" defaultValue={query.to} form={form} />
      <Button type="submit" className="sm:mt-6">
        Show register
      </Button>
    </Form>
  );
}

const LEGEND: Array<{ symbol: string; word: string; status: AttendanceStatus | null }> = [
  ...ATTENDANCE_STATUSES.flatMap((status) => {
    const item = {
      status,
      symbol: ATTENDANCE_STATUS_INFO[status].symbol,
      word: ATTENDANCE_STATUS_INFO[status].label,
    };
    // A reported absence beside the absence it sets apart.
    return status === 'absent'
      ? [
          { ...item, word: 'Absent, not reported' },
          {
            status,
            symbol: REPORTED_ABSENT.symbol,
            word: 'Absent, reported by the family',
          },
        ]
      : [item];
  }),
  { symbol: NOT_MARKED_SYMBOL, word: 'Not marked', status: null },
];

/** What the symbols mean, in words; readable without colour. */
export function RegisterLegend() {
  const headingId = useId();
  return (
    <div className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
      <h2 id={headingId} className="font-semibold">
        Legend
      </h2>
      <ul aria-labelledby={headingId} className="flex flex-wrap gap-x-4 gap-y-2">
        {LEGEND.map((item) => (
          <li key={item.word} className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className={`inline-flex h-6 min-w-6 items-center justify-center border border-border px-0.5 ${tone(item)}`}
            >
              {item.symbol}
            </span>
            {item.word}
          </li>
        ))}
        <li className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="inline-flex size-6 items-center justify-center border border-border"
          >
            P*
          </span>
          With a note (listed below)
        </li>
      </ul>
    </div>
  );
}

/** The register table: sticky names, one column per roll call, the rate and absences at the end. */
export function RegisterTable({ view }: { view: RegisterView }) {
  const skin = useSettings((s) => s.skin);
  const captionId = useId();
  const first = view.columns[0];
  const last = view.columns[view.columns.length - 1];
  const sticky = 'sticky left-0 z-10 bg-card';
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      // A scrolling region is focusable so the keyboard can scroll it (WCAG 2.1.1).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      // `relative`: the cells' visually hidden words are positioned boxes; without a positioned
      // scroll container they would escape it and make the whole page scroll sideways.
      className={`relative max-w-full overflow-x-auto border border-border bg-card ${skin.rounded}`}
    >
      <table className="border-separate border-spacing-0 text-sm">
        <caption id={captionId} className="px-3 py-2 text-left font-semibold">
          Attendance register: {view.classroomLabel}
          {first && last ? (
            <span className="font-normal text-muted">
              {', '}
              {first.label} to {last.label}
            </span>
          ) : null}
        </caption>
        <thead>
          <tr>
            <th
              scope="col"
              className={`${sticky} border-b border-r border-border px-3 py-2 text-left align-bottom`}
            >
              Student
            </th>
            {view.columns.map((column) => {
              const visible = (
                <span aria-hidden="true" className="grid leading-tight">
                  {/* An empty month line keeps the day numbers level (and draws no stray underline). */}
                  <span className="h-4 text-xs font-normal text-muted">{column.month}</span>
                  <span className="text-xs font-normal">{column.weekday}</span>
                  <span>{column.day}</span>
                </span>
              );
              return (
                <th
                  key={column.date}
                  scope="col"
                  className="min-w-8 border-b border-border px-0.5 py-1 text-center align-bottom"
                >
                  {column.href ? (
                    <Link
                      to={column.href}
                      title={`Roll call of ${column.label}`}
                      className={`block ${skin.link}`}
                    >
                      {visible}
                      <span className="sr-only">{column.label}</span>
                    </Link>
                  ) : (
                    <>
                      {visible}
                      <span className="sr-only">{column.label}</span>
                    </>
                  )}
                </th>
              );
            })}
            <th scope="col" className="border-b border-l border-border px-2 py-2 align-bottom">
              Rate
            </th>
            <th scope="col" className="border-b border-border px-2 py-2 align-bottom">
              Absences
            </th>
          </tr>
        </thead>
        <tbody>
          {view.rows.map((row) => (
            <tr key={row.studentId}>
              <th
                scope="row"
                className={`${sticky} max-w-44 truncate border-b border-r border-border px-3 py-1.5 text-left font-medium`}
              >
                <Link
                  to={`/dash/students/${encodeURIComponent(row.studentId)}`}
                  className={skin.link}
                >
                  {row.name}
                </Link>
              </th>
              {row.cells.map((cell, i) => (
                <td
                  key={view.columns[i]?.date ?? i}
                  className={`border-b border-border px-0.5 py-1.5 text-center ${tone(cell)}`}
                >
                  {/* One string per span: React sets it as the span's text instead of keeping a
                  text node per part, in each of the 1,800 cells of a 30 × 60 register. */}
                  <span aria-hidden="true">{cell.note ? `${cell.symbol}*` : cell.symbol}</span>
                  <span className="sr-only">
                    {cell.note ? `${cell.word}, note: ${cell.note}` : cell.word}
                  </span>
                </td>
              ))}
              <td className="border-b border-l border-border px-2 py-1.5 text-right tabular-nums">
                {row.rate}
              </td>
              <td className="border-b border-border px-2 py-1.5 text-right whitespace-nowrap tabular-nums">
                {row.absences}
                {row.reportedAbsences > 0 ? (
                  <span className="text-xs text-muted"> ({row.reportedAbsences} reported)</span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The notes of the range, by date: the "*" cells in words for everyone. */
export function RegisterNotes({ view }: { view: RegisterView }) {
  const headingId = useId();
  if (view.notes.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h2 id={headingId} className="mb-2 text-lg font-semibold">
        Notes
      </h2>
      <ul className="grid gap-1">
        {view.notes.map((n, i) => (
          <li key={`${n.date}-${n.studentName}-${i}`}>
            <span className="font-medium">{n.dateLabel}</span>, {n.studentName}: {n.note}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "between Mon 26 Oct and Mon 23 Nov": the range in words for the empty states. */
export function rangeText(query: Pick<RegisterQuery, 'from' | 'to'>, today: string): string {
  return `between ${formatDay(query.from, today)} and ${formatDay(query.to, today)}`;
}
