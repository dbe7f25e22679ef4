// A student's profile (/dash/students/:studentId): personal details, the family with its guardians,
// the classrooms and the status history, with edit, withdraw and delete for people who may write
// students. A record the person may not see is "not found": their cache does not hold it and the
// backend refuses it (see load-record.ts), so a parent cannot tell another family's child exists.
import {
  Link,
  redirect,
  useFetcher,
  useLoaderData,
  type ClientActionFunctionArgs,
  type ClientLoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/react';
import { useEffect, useId, useRef, useState } from 'react';
import { z } from 'zod';
import { requireArea } from '~/auth/guards';
import { cacheService } from '~/data/cache-service';
import { deleteFromAction, loadCollection, useRevalidateOnDataChange } from '~/data/route-data';
import { collectionAccess } from '~/domain/permissions';
import { Field } from '~/features/students/forms/Field';
import { todayIso } from '~/features/students/forms/fields';
import { splitNotes } from '~/features/students/forms/status-history';
import { STUDENT_STATUS_LABELS } from '~/features/students/forms/student-form';
import { requireWriter } from '~/features/students/forms/student-routes';
import {
  campusRecordSchema,
  classroomRecordSchema,
  familyRecordSchema,
  loadRecord,
  pendingIds,
  studentRecordSchema,
} from '~/features/students/profile/load-record';
import { withdrawStudent } from '~/features/students/profile/withdraw';
import { settingsStore, useSettings } from '~/settings/store';
import { GeneralErrorBoundary, pageNotFound } from '~/ui/errors';
import { MobileActionBar } from '~/ui/MobileActionBar';
import { Modal } from '~/ui/Modal';
import { PageHeading } from '~/ui/PageHeading';
import { withErrorTitle, type RouteHandle } from '~/ui/route-handle';

async function loadStudent(request: Request, id: string | undefined) {
  const student = id ? await loadRecord('students', id, studentRecordSchema) : null;
  if (!student) throw pageNotFound(new URL(request.url).pathname);
  return student;
}

export async function clientLoader({ request, params }: ClientLoaderFunctionArgs) {
  const user = await requireArea(request, handle.area);
  const student = await loadStudent(request, params.studentId);
  const canReadFamilies = collectionAccess(user.roles, 'families') !== 'none';
  const [family, classrooms, campuses, pending] = await Promise.all([
    canReadFamilies
      ? loadRecord('families', student.familyId, familyRecordSchema)
      : Promise.resolve(null),
    loadCollection('classrooms', { schema: classroomRecordSchema }),
    loadCollection('campuses', { schema: campusRecordSchema }),
    pendingIds('students'),
  ]);
  return {
    student,
    family,
    canReadFamilies,
    classrooms: classrooms.filter((c) => student.classroomIds.includes(c.id)),
    campusName: campuses.find((c) => c.id === student.campusId)?.name ?? student.campusId,
    pending: pending.has(student.id),
    canWrite: collectionAccess(user.roles, 'students') === 'write',
    today: todayIso(),
  };
}

export async function clientAction({ request, params }: ClientActionFunctionArgs) {
  await requireWriter(request, 'students');
  const student = await loadStudent(request, params.studentId);
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent === 'delete') {
    if (!(await deleteFromAction('students', student.id))) {
      settingsStore.setError('Failed to delete item');
      return { intent: 'delete', status: 'failed', message: 'Failed to delete item' } as const;
    }
    settingsStore.notify('Student deleted', 'success');
    throw redirect('/dash/students');
  }
  if (intent === 'withdraw') {
    const result = await withdrawStudent(form, {
      student,
      save: (item) => cacheService.save('students', item),
    });
    if (result.status === 'saved') settingsStore.notify('Student withdrawn', 'success');
    if (result.status === 'failed') settingsStore.setError(result.message);
    return { intent: 'withdraw', ...result } as const;
  }
  return { intent: 'unknown', status: 'failed', message: 'Unknown action' } as const;
}

const metaDataSchema = z.object({
  student: z.object({ firstName: z.string(), lastName: z.string() }),
});

export const handle = {
  title: 'Student',
  description: 'A student: family, classrooms, status and attendance.',
  area: 'students',
} satisfies RouteHandle;

export const meta: MetaFunction = ({ data, error }) => {
  const parsed = metaDataSchema.safeParse(data);
  return withErrorTitle(error, [
    {
      title: parsed.success
        ? `${parsed.data.student.firstName} ${parsed.data.student.lastName}`
        : 'Student',
    },
    { name: 'description', content: 'A student: details, family, classrooms and status.' },
  ]);
};

function ageOn(dateOfBirth: string, today: string): number {
  const [by = 0, bm = 0, bd = 0] = dateOfBirth.split('-').map(Number);
  const [ty = 0, tm = 0, td = 0] = today.split('-').map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-sm font-medium text-muted">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export default function StudentProfile() {
  const data = useLoaderData<typeof clientLoader>();
  const { student, family } = data;
  const skin = useSettings((s) => s.skin);
  useRevalidateOnDataChange(['students', 'families', 'classrooms']);
  const withdrawFetcher = useFetcher<typeof clientAction>();
  const deleteFetcher = useFetcher<typeof clientAction>();
  const [withdrawOpen, setWithdrawOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const withdrawForm = useRef<HTMLFormElement>(null);
  const headingId = useId();

  const withdrawResult = withdrawFetcher.data;
  useEffect(() => {
    if (withdrawFetcher.state === 'idle' && withdrawResult?.status === 'saved') {
      setWithdrawOpen(false);
    }
  }, [withdrawFetcher.state, withdrawResult]);
  const withdrawErrors =
    withdrawResult && withdrawResult.status === 'invalid' ? withdrawResult.fieldErrors : {};

  const { text: notes, history } = splitNotes(student.notes);
  const name = `${student.firstName} ${student.lastName}`;
  const title = student.preferredName ? `${name} (“${student.preferredName}”)` : name;
  const canWithdraw = data.canWrite && student.status !== 'withdrawn';

  const actions = data.canWrite ? (
    <>
      <Link to={`/dash/students/${student.id}/edit`} className={`${skin.button} ${skin.rounded}`}>
        Edit student
      </Link>
      {canWithdraw ? (
        <button
          type="button"
          onClick={() => setWithdrawOpen(true)}
          className={`${skin.buttonSecondary} ${skin.rounded}`}
        >
          Withdraw
        </button>
      ) : null}
      <button
        type="button"
        onClick={() => setDeleteOpen(true)}
        className={`${skin.buttonDanger} ${skin.rounded}`}
      >
        Delete
      </button>
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
        <Link to="/dash/students" className={skin.link}>
          Back to the students
        </Link>
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        <section
          aria-labelledby={`${headingId}-details`}
          className={`p-6 ${skin.card} ${skin.rounded}`}
        >
          <h2 id={`${headingId}-details`} className="text-xl font-semibold">
            Personal details
          </h2>
          <dl className="mt-4 grid gap-3 sm:grid-cols-2">
            <Detail term="Date of birth">
              {student.dateOfBirth} (age {ageOn(student.dateOfBirth, data.today)})
            </Detail>
            <Detail term="Status">{STUDENT_STATUS_LABELS[student.status]}</Detail>
            <Detail term="Campus">{data.campusName}</Detail>
            <Detail term="Enrolled on">{student.enrolledOn ?? 'Not recorded'}</Detail>
            {student.medicalNotes ? (
              <Detail term="Medical notes">{student.medicalNotes}</Detail>
            ) : null}
            {notes ? <Detail term="Notes">{notes}</Detail> : null}
          </dl>
        </section>

        {data.canReadFamilies ? (
          <section
            aria-labelledby={`${headingId}-family`}
            className={`p-6 ${skin.card} ${skin.rounded}`}
          >
            <h2 id={`${headingId}-family`} className="text-xl font-semibold">
              Family
            </h2>
            {family ? (
              <>
                <p className="mt-4">
                  <Link to={`/dash/families/${family.id}`} className={skin.link}>
                    The {family.familyName} family
                  </Link>
                </p>
                {family.guardians.length === 0 ? (
                  <p className="mt-2 text-muted">No guardians recorded.</p>
                ) : (
                  <ul className="mt-3 grid gap-3" aria-label="Guardians">
                    {family.guardians.map((g, index) => (
                      <li key={`${g.name}-${index}`} className="grid gap-0.5">
                        <span className="font-medium">
                          {g.name}
                          {g.relationship ? `, ${g.relationship}` : ''}
                          {g.isPrimary ? ' (primary contact)' : ''}
                        </span>
                        {g.email ? (
                          <a href={`mailto:${g.email}`} className={skin.link}>
                            {g.email}
                          </a>
                        ) : null}
                        {g.phone ? (
                          <a href={`tel:${g.phone.replace(/[^\d+]/g, '')}`} className={skin.link}>
                            {g.phone}
                          </a>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                )}
              </>
            ) : (
              <p className="mt-4 text-muted">The family record is not available.</p>
            )}
          </section>
        ) : null}

        <section
          aria-labelledby={`${headingId}-rooms`}
          className={`p-6 ${skin.card} ${skin.rounded}`}
        >
          <h2 id={`${headingId}-rooms`} className="text-xl font-semibold">
            Classrooms
          </h2>
          {data.classrooms.length === 0 ? (
            <p className="mt-4 text-muted">Not in a classroom.</p>
          ) : (
            <ul className="mt-4 list-disc pl-6">
              {data.classrooms.map((c) => (
                <li key={c.id}>{c.name}</li>
              ))}
            </ul>
          )}
        </section>

        <section
          aria-labelledby={`${headingId}-history`}
          className={`p-6 ${skin.card} ${skin.rounded}`}
        >
          <h2 id={`${headingId}-history`} className="text-xl font-semibold">
            Status history
          </h2>
          {history.length === 0 ? (
            <p className="mt-4 text-muted">
              No changes recorded; the status is{' '}
              {STUDENT_STATUS_LABELS[student.status].toLowerCase()}.
            </p>
          ) : (
            <ol className="mt-4 grid gap-2">
              {[...history].reverse().map((entry, index) => (
                <li key={`${entry.date}-${index}`}>
                  <span className="font-medium">{entry.date}</span>:{' '}
                  {STUDENT_STATUS_LABELS[entry.status]}
                  {entry.note ? ` — ${entry.note}` : ''}
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>

      {actions ? (
        <>
          <div aria-hidden="true" className="h-20 sm:hidden" />
          <MobileActionBar label="Student actions">{actions}</MobileActionBar>
        </>
      ) : null}

      <Modal
        open={withdrawOpen}
        title={`Withdraw ${name}?`}
        onClose={() => setWithdrawOpen(false)}
        actions={[
          { label: 'Cancel', variant: 'secondary', onClick: () => setWithdrawOpen(false) },
          {
            label: 'Withdraw student',
            onClick: () => {
              if (withdrawForm.current) withdrawFetcher.submit(withdrawForm.current);
            },
            busy: withdrawFetcher.state !== 'idle',
            busyLabel: 'Withdrawing…',
          },
        ]}
      >
        <p>The student leaves their classrooms; the date and note go into the status history.</p>
        <withdrawFetcher.Form
          method="post"
          ref={withdrawForm}
          noValidate
          className="mt-4 grid gap-4"
        >
          <input type="hidden" name="intent" value="withdraw" />
          {withdrawErrors._form ? (
            <p role="alert" className="font-medium text-danger">
              {withdrawErrors._form}
            </p>
          ) : null}
          <Field label="Leaving date" error={withdrawErrors.date}>
            {(p) => <input {...p} type="date" name="date" defaultValue={data.today} />}
          </Field>
          <Field label="Note (optional)" error={withdrawErrors.note}>
            {(p) => <textarea {...p} name="note" rows={2} />}
          </Field>
        </withdrawFetcher.Form>
      </Modal>

      <Modal
        open={deleteOpen}
        title={`Delete ${name}?`}
        onClose={() => setDeleteOpen(false)}
        actions={[
          { label: 'Cancel', variant: 'secondary', onClick: () => setDeleteOpen(false) },
          {
            label: 'Delete student',
            variant: 'danger',
            onClick: () => deleteFetcher.submit({ intent: 'delete' }, { method: 'post' }),
            busy: deleteFetcher.state !== 'idle',
            busyLabel: 'Deleting…',
          },
        ]}
      >
        <p>
          This removes the student&apos;s record for everyone. It cannot be undone; to keep the
          record, withdraw the student instead.
        </p>
      </Modal>
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary };
