// The body of a family's page: its guardians (with the notes, for staff) and its children.
import { Link } from '@remix-run/react';
import { useId } from 'react';
import { useSettings } from '~/settings/store';
import { STUDENT_STATUS_LABELS, type StudentRecord } from '../forms/student-form';
import { GuardianList } from './GuardianList';
import type { FamilyRecord } from '../forms/family-form';

export function FamilyOverview({
  family,
  students,
  staffView,
}: {
  family: FamilyRecord;
  /** The family's children. */
  students: readonly StudentRecord[];
  /** Staff see the family's notes and which guardians are linked to a parent account. */
  staffView: boolean;
}) {
  const skin = useSettings((s) => s.skin);
  const headingId = useId();
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section
        aria-labelledby={`${headingId}-guardians`}
        className={`p-6 ${skin.card} ${skin.rounded}`}
      >
        <h2 id={`${headingId}-guardians`} className="text-xl font-semibold">
          Guardians
        </h2>
        <GuardianList guardians={family.guardians} showLinkedAccounts={staffView} />
        {family.notes && staffView ? (
          <p className="mt-4">
            <span className="font-medium">Notes: </span>
            {family.notes}
          </p>
        ) : null}
      </section>

      <section
        aria-labelledby={`${headingId}-children`}
        className={`p-6 ${skin.card} ${skin.rounded}`}
      >
        <h2 id={`${headingId}-children`} className="text-xl font-semibold">
          Children
        </h2>
        {students.length === 0 ? (
          <p className="mt-4 text-muted">No students in this family.</p>
        ) : (
          <ul className="mt-4 grid gap-2">
            {students.map((s) => (
              <li key={s.id}>
                <Link to={`/dash/students/${s.id}`} className={skin.link}>
                  {s.firstName} {s.lastName}
                </Link>{' '}
                <span className="text-muted">({STUDENT_STATUS_LABELS[s.status]})</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
