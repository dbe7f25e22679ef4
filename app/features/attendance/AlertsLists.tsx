// The three lists of the "Needs attention" page, each with an honest empty state, and the page's
// choice to count only the absences no family reported (issue 32), kept in the URL.
import { Form, Link } from '@remix-run/react';
import { formatDate } from '~/domain/format';
import { useSettings } from '~/settings/store';
import { Button, ButtonLink } from '~/ui/Button';
import { Card } from '~/ui/Card';
import { CheckboxField, TextField, type FormState } from '~/ui/form/Field';
import { SchoolDay } from '~/ui/SchoolDay';
import {
  classroomLabel,
  studentHref,
  type LowAttendanceRow,
  type NotMarkedClass,
  type StreakRow,
} from './alerts';

/** "Mon 16 Nov", from an ISO date read as a calendar day (UTC, like the seed and the fake). */
export function formatDay(date: string): string {
  return formatDate(date, 'short');
}

export function Day({ date }: { date: string }) {
  return <time dateTime={date}>{formatDay(date)}</time>;
}

export function NotMarkedCard({ classes, today }: { classes: NotMarkedClass[]; today?: string }) {
  return (
    <Card title="Not yet marked today">
      {today ? <SchoolDay day={today} className="mb-2" /> : null}
      {classes.length === 0 ? (
        <p className="text-muted">Every class meeting today has a roll call.</p>
      ) : (
        <ul aria-label="Not yet marked today" className="divide-y divide-border">
          {classes.map(({ classroom, campusName, facilitatorNames, href }) => (
            <li
              key={classroom.id}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
            >
              <span className="min-w-0">
                <span className="block font-medium">{classroom.name}</span>
                <span className="block text-sm text-muted">
                  {[
                    campusName,
                    facilitatorNames.length > 0
                      ? facilitatorNames.join(', ')
                      : 'No facilitator assigned',
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </span>
              <ButtonLink
                variant="secondary"
                to={href}
                aria-label={`Take the roll call of ${classroomLabel(classroom, campusName)}`}
              >
                Take the roll call
              </ButtonLink>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** What the lists count, as the alerts page's checkbox says it (a GET form: the choice is in the URL). */
export function AlertOptions({
  unreportedOnly,
  thresholdPercent,
}: {
  unreportedOnly: boolean;
  thresholdPercent: number;
}) {
  const skin = useSettings((s) => s.skin);
  return (
    <Form
      method="get"
      aria-label="Which absences count"
      // A new URL (Back) shows its own choice.
      key={String(unreportedOnly)}
      className={`mb-6 flex flex-wrap items-end gap-x-4 gap-y-3 p-4 ${skin.card} ${skin.rounded}`}
    >
      {/* The threshold chosen below stays as it is. */}
      <input type="hidden" name="threshold" value={thresholdPercent} />
      <div className="min-w-0 flex-1 basis-64">
        <CheckboxField
          name="unreported"
          label="Count only unreported absences"
          hint="Leaves out absences a family reported, and excused days, from the low-attendance and absence-streak lists."
          defaultChecked={unreportedOnly}
        />
      </div>
      <Button type="submit" variant="secondary">
        Apply
      </Button>
    </Form>
  );
}

export function LowAttendanceCard({
  rows,
  thresholdPercent,
  form,
  unreportedOnly = false,
}: {
  rows: LowAttendanceRow[];
  thresholdPercent: number;
  form: FormState | null;
  /** Counting only unreported absences (the page's choice, kept when the threshold changes). */
  unreportedOnly?: boolean;
}) {
  const skin = useSettings((s) => s.skin);
  return (
    <Card title="Low attendance over the last 30 days">
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3">
        {unreportedOnly ? <input type="hidden" name="unreported" value="on" /> : null}
        <TextField
          name="threshold"
          label="Below (per cent)"
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          form={form}
          defaultValue={String(thresholdPercent)}
          className="w-40"
        />
        <Button type="submit" variant="secondary">
          Show
        </Button>
      </Form>
      {rows.length === 0 ? (
        <p className="text-muted">
          No student is below {thresholdPercent} % over the last 30 days
          {unreportedOnly ? ', counting only unreported absences' : ''}.
        </p>
      ) : (
        <div className="overflow-x-auto">
          <p className="mb-2 font-medium">
            {rows.length} {rows.length === 1 ? 'student is' : 'students are'} below{' '}
            {thresholdPercent} %, lowest first. Late counts as present;{' '}
            {unreportedOnly
              ? 'absences a family reported, and excused days, are not counted.'
              : 'excused counts as missed.'}
          </p>
          <table className="w-full border-collapse text-left">
            <caption className="sr-only">
              Students below {thresholdPercent} % over the last 30 days, lowest first
              {unreportedOnly ? ', counting only unreported absences' : ''}
            </caption>
            <thead>
              <tr className="border-b border-border text-sm text-muted">
                <th scope="col" className="py-2 pr-4 font-medium">
                  Student
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">
                  Rate
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">
                  {unreportedOnly ? 'Unreported absences' : 'Absences'}
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">
                  {unreportedOnly ? 'Reported, not counted' : 'Excused'}
                </th>
                <th scope="col" className="hidden py-2 text-right font-medium sm:table-cell">
                  {unreportedOnly ? 'Days counted' : 'Marked days'}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ student, label, summary, percent, reported }) => (
                <tr key={student.id} className="border-b border-border last:border-0">
                  <th scope="row" className="py-2 pr-4 font-normal">
                    <Link to={studentHref(student.id)} className={skin.link}>
                      {label}
                    </Link>
                  </th>
                  <td className="py-2 pr-4 text-right whitespace-nowrap tabular-nums">
                    {percent} %
                  </td>
                  <td className="py-2 pr-4 text-right tabular-nums">
                    {summary.absent}
                    {!unreportedOnly && reported > 0 ? (
                      <span className="block text-sm whitespace-nowrap text-muted">
                        {reported} reported
                      </span>
                    ) : null}
                  </td>
                  <td className="py-2 pr-4 text-right tabular-nums">
                    {unreportedOnly ? reported : summary.excused}
                  </td>
                  <td className="hidden py-2 text-right tabular-nums sm:table-cell">
                    {summary.marked}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

export function StreaksCard({
  rows,
  unreportedOnly = false,
}: {
  rows: StreakRow[];
  /** Counting only unreported absences: a day a family reported ends a streak. */
  unreportedOnly?: boolean;
}) {
  const skin = useSettings((s) => s.skin);
  return (
    <Card title="Absent 3 days in a row">
      {unreportedOnly ? (
        <p className="mb-2 text-sm text-muted">
          Counting only unreported absences: a day a family reported ends a streak.
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p className="text-muted">
          No student has been absent{unreportedOnly ? ' without a report' : ''} on their last 3 roll
          calls.
        </p>
      ) : (
        <ul aria-label="Absent 3 days in a row" className="divide-y divide-border">
          {rows.map(({ student, label, dates, reportedDates }) => (
            <li key={student.id} className="py-2">
              <Link to={studentHref(student.id)} className={`${skin.link} font-medium`}>
                {label}
              </Link>
              <span className="block text-sm text-muted">
                Absent {dates.length} days:{' '}
                {dates.map((date, i) => (
                  <span key={date}>
                    {i > 0 ? ', ' : null}
                    <Day date={date} />
                    {reportedDates.includes(date) ? ' (reported)' : null}
                  </span>
                ))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
