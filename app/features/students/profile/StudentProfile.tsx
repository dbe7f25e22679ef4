// A student's profile page body: the heading with the staff's actions (edit, withdraw, delete), the
// "not yet synced" notice, and the personal details, family, classrooms and status history.
import { Link } from '@remix-run/react';
import { useId, useState, type ReactNode } from 'react';
import { ageOn } from '~/domain/clock';
import { formatDate } from '~/domain/format';
import { AttendanceSummary } from '~/features/attendance';
import type { StudentAttendanceSummary } from '~/features/attendance';
import { HistorySection } from '~/features/audit';
import { useSettings } from '~/settings/store';
import { Button, ButtonLink } from '~/ui/Button';
import { MobileActionBar } from '~/ui/MobileActionBar';
import { PageHeading } from '~/ui/PageHeading';
import { splitNotes } from '../forms/status-history';
import { STUDENT_STATUS_LABELS, type StudentRecord } from '../forms/student-form';
import { GuardianList } from './GuardianList';
import { DeleteDialog, WithdrawDialog } from './StudentDialogs';
import type { FamilyRecord } from '../forms/family-form';

export interface StudentProfileData {
  student: StudentRecord;
  family: FamilyRecord | null;
  /** Whether the person's roles read families at all (a student's do not). */
  canReadFamilies: boolean;
  classrooms: ReadonlyArray<{ id: string; name: string }>;
  campusName: string;
  /** The student has changes not yet accepted by the backend. */
  pending: boolean;
  canWrite: boolean;
  today: string;
  /** The term and the last 30 days; null when the person's roles read no attendance. */
  attendance?: StudentAttendanceSummary | null;
  /** Where "back" leads: the person's students list, or their home when they have no list. */
  backLink: { to: string; label: string };
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-sm font-medium text-muted">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Section({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  const skin = useSettings((s) => s.skin);
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={`p-6 ${skin.card} ${skin.rounded} ${className ?? ''}`}
    >
      <h2 id={headingId} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function StudentProfile(data: StudentProfileData) {
  const { student, family } = data;
  const skin = useSettings((s) => s.skin);
  const [withdrawOpen, setWithdrawOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);

  const { text: notes, history } = splitNotes(student.notes);
  const name = `${student.firstName} ${student.lastName}`;
  const title = student.preferredName ? `${name} (“${student.preferredName}”)` : name;
  const canWithdraw = data.canWrite && student.status !== 'withdrawn';

  const actions = data.canWrite ? (
    <>
      <ButtonLink to={`/dash/students/${student.id}/edit`}>Edit student</ButtonLink>
      {canWithdraw ? (
        <Button variant="secondary" onClick={() => setWithdrawOpen(true)}>
          Withdraw
        </Button>
      ) : null}
      <Button variant="danger" onClick={() => setDeleteOpen(true)}>
        Delete
      </Button>
    </>
  ) : null;

  return (
    <>
      <PageHeading
        title={title}
        lead={`${STUDENT_STATUS_LABELS[student.status]} · ${data.campusName}`}
        actions={actions ? <div className="hidden flex-wrap gap-2 sm:flex">{actions}</div> : null}
      />
      {data.pending ? (
        <p role="status" className={`mb-4 p-3 ${skin.info} ${skin.rounded}`}>
          Changes to this student are saved on this device and not yet synced.
        </p>
      ) : null}
      <p className="mb-4">
        <Link to={data.backLink.to} className={skin.link}>
          {data.backLink.label}
        </Link>
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Personal details">
          <dl className="mt-4 grid gap-3 sm:grid-cols-2">
            <Detail term="Date of birth">
              <time dateTime={student.dateOfBirth}>{formatDate(student.dateOfBirth, 'date')}</time>{' '}
              (age {ageOn(student.dateOfBirth, data.today)})
            </Detail>
            <Detail term="Status">{STUDENT_STATUS_LABELS[student.status]}</Detail>
            <Detail term="Campus">{data.campusName}</Detail>
            <Detail term="Enrolled on">
              {student.enrolledOn ? (
                <time dateTime={student.enrolledOn}>{formatDate(student.enrolledOn, 'date')}</time>
              ) : (
                'Not recorded'
              )}
            </Detail>
            {student.medicalNotes ? (
              <Detail term="Medical notes">{student.medicalNotes}</Detail>
            ) : null}
            {notes ? <Detail term="Notes">{notes}</Detail> : null}
          </dl>
        </Section>

        {data.canReadFamilies ? (
          <Section title="Family">
            {family ? (
              <>
                <p className="mt-4">
                  <Link to={`/dash/families/${family.id}`} className={skin.link}>
                    The {family.familyName} family
                  </Link>
                </p>
                <GuardianList guardians={family.guardians} className="mt-3 grid gap-3" />
              </>
            ) : (
              <p className="mt-4 text-muted">The family record is not available.</p>
            )}
          </Section>
        ) : null}

        <Section title="Classrooms">
          {data.classrooms.length === 0 ? (
            <p className="mt-4 text-muted">Not in a classroom.</p>
          ) : (
            <ul className="mt-4 list-disc pl-6">
              {data.classrooms.map((c) => (
                <li key={c.id}>{c.name}</li>
              ))}
            </ul>
          )}
        </Section>

        <Section title="Status history">
          {history.length === 0 ? (
            <p className="mt-4 text-muted">
              No changes recorded; the status is{' '}
              {STUDENT_STATUS_LABELS[student.status].toLowerCase()}.
            </p>
          ) : (
            <ol className="mt-4 grid gap-2">
              {[...history].reverse().map((entry, index) => (
                <li key={`${entry.date}-${index}`}>
                  <time dateTime={entry.date} className="font-medium">
                    {formatDate(entry.date, 'date')}
                  </time>
                  : {STUDENT_STATUS_LABELS[entry.status]}
                  {entry.note ? ` — ${entry.note}` : ''}
                </li>
              ))}
            </ol>
          )}
        </Section>
        {data.attendance ? (
          <Section title="Attendance" className="lg:col-span-2">
            <div className="mt-4">
              <AttendanceSummary summary={data.attendance} heading="h3" />
            </div>
          </Section>
        ) : null}
        <HistorySection collection="students" docId={student.id} className="lg:col-span-2" />
      </div>

      {actions ? (
        <>
          <div aria-hidden="true" className="h-20 sm:hidden" />
          <MobileActionBar label="Student actions">{actions}</MobileActionBar>
        </>
      ) : null}

      {data.canWrite ? (
        <>
          <WithdrawDialog
            open={withdrawOpen}
            onClose={() => setWithdrawOpen(false)}
            name={name}
            today={data.today}
          />
          <DeleteDialog open={deleteOpen} onClose={() => setDeleteOpen(false)} name={name} />
        </>
      ) : null}
    </>
  );
}
