// One student's attendance summary: the term and the last 30 days side by side, each with the
// attendance rate and its basis, the counts of absences, lates and excused days, and their dates.
// Used on the student profile and on /dash/attendance/summary; it renders only the plain summary
// (summary.ts), never roll-call documents. Where the page read the absence reports, the absences
// are split into reported and unreported, and a reported day is said so in the list of dates.
import { useId } from 'react';
import { useSettings } from '~/settings/store';
import {
  absenceSplit,
  emptyPeriodText,
  formatDay,
  formatRate,
  rateBasis,
  type StudentAttendanceSummary,
  type SummaryPeriod,
} from './summary';

type HeadingLevel = 'h2' | 'h3';

function DateList({
  label,
  dates,
  today,
  reported,
}: {
  label: string;
  dates: string[];
  today: string;
  /** Dates to mark "(reported)": absences a family reported. */
  reported?: readonly string[] | null;
}) {
  if (dates.length === 0) return null;
  const marked = new Set(reported ?? []);
  return (
    <div className="col-span-3 grid gap-0.5">
      <dt className="text-sm font-medium text-muted">{label}</dt>
      <dd>
        {dates
          .map((d) => (marked.has(d) ? `${formatDay(d, today)} (reported)` : formatDay(d, today)))
          .join(', ')}
      </dd>
    </div>
  );
}

function Period({
  period,
  callName,
  today,
  heading: Heading,
}: {
  period: SummaryPeriod;
  callName: string;
  today: string;
  heading: HeadingLevel;
}) {
  const headingId = useId();
  const s = period.summary;
  const split = absenceSplit(period);
  return (
    <section aria-labelledby={headingId} className="grid content-start gap-3">
      <Heading id={headingId} className="text-lg font-semibold">
        {period.label}{' '}
        <span className="text-sm font-normal text-muted">
          ({formatDay(period.from, today)} to {formatDay(period.to, today)})
        </span>
      </Heading>
      {s.marked === 0 ? (
        <p className="text-muted">{emptyPeriodText(period, callName)}</p>
      ) : (
        <dl className="grid grid-cols-3 gap-3">
          <div className="col-span-3 grid gap-0.5">
            <dt className="text-sm font-medium text-muted">Attendance</dt>
            <dd>
              <span className="text-2xl font-bold">{formatRate(s.rate)}</span>{' '}
              <span className="text-sm text-muted">{rateBasis(s)}</span>
            </dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-sm font-medium text-muted">Absences</dt>
            <dd className="text-xl font-semibold">{s.absent}</dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-sm font-medium text-muted">Lates</dt>
            <dd className="text-xl font-semibold">{s.late}</dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-sm font-medium text-muted">Excused</dt>
            <dd className="text-xl font-semibold">{s.excused}</dd>
          </div>
          {split ? (
            <div className="col-span-3 grid gap-0.5">
              <dt className="text-sm font-medium text-muted">Of the absences</dt>
              <dd>{split}</dd>
            </div>
          ) : null}
          <DateList
            label="Absent on"
            dates={s.absentDates}
            today={today}
            reported={period.reportedAbsentDates}
          />
          <DateList label="Late on" dates={s.lateDates} today={today} />
          <DateList label="Excused on" dates={s.excusedDates} today={today} />
        </dl>
      )}
    </section>
  );
}

/**
 * The summary's two periods. `heading` is the level of the period headings, one below the heading
 * the summary sits under (h3 under a profile section's h2).
 */
export function AttendanceSummary({
  summary,
  heading = 'h3',
}: {
  summary: StudentAttendanceSummary;
  heading?: HeadingLevel;
}) {
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <Period
        period={summary.term}
        callName={summary.callName}
        today={summary.today}
        heading={heading}
      />
      <Period
        period={summary.recent}
        callName={summary.callName}
        today={summary.today}
        heading={heading}
      />
    </div>
  );
}

/** A summary in a card headed by the student's name (the summary page, one per child). */
export function AttendanceSummaryCard({ summary }: { summary: StudentAttendanceSummary }) {
  const skin = useSettings((s) => s.skin);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`p-6 ${skin.card} ${skin.rounded}`}>
      <h2 id={headingId} className="mb-4 text-xl font-semibold">
        {summary.fullName}
      </h2>
      <AttendanceSummary summary={summary} heading="h3" />
    </section>
  );
}
