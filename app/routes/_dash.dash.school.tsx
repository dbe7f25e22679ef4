// School setup (/dash/school): campuses, classrooms with their weekly schedules, and subjects, for
// the roles that may change them (the 'school' area guard answers 403 for everyone else). Creating
// and editing happen on /dash/school/:kind/new and /dash/school/:kind/:id; deleting happens here,
// after a confirmation modal.
import {
  Link,
  useFetcher,
  useLoaderData,
  type ClientActionFunctionArgs,
  type ClientLoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/react';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { requireArea } from '~/auth/guards';
import { loadCollection, useRevalidateOnDataChange } from '~/data/route-data';
import {
  campusSchema,
  classroomSchema,
  facilitatorSchema,
  subjectSchema,
  type Campus,
  type Classroom,
  type Subject,
} from '~/domain/records';
import { canManageFacilitators } from '~/features/facilitators/schemas';
import { countClassroomsUsing, deleteSchoolRecord } from '~/features/school/actions';
import { KIND_LABELS, SCHOOL_KINDS, weekdayName, type SchoolKind } from '~/features/school/schemas';
import { settingsStore, useSettings } from '~/settings/store';
import { MobileActionBar } from '~/ui/MobileActionBar';
import { Modal } from '~/ui/Modal';
import { EmptyState, PageHeading } from '~/ui/PageHeading';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  await requireArea(request, handle.area);
  const [campuses, classrooms, subjects, facilitators] = await Promise.all([
    loadCollection('campuses', { schema: campusSchema, sort: { field: 'name' } }),
    loadCollection('classrooms', { schema: classroomSchema, sort: { field: 'name' } }),
    loadCollection('subjects', { schema: subjectSchema, sort: { field: 'name' } }),
    loadCollection('facilitators', { schema: facilitatorSchema }),
  ]);
  const facilitatorNames = Object.fromEntries(
    facilitators.flatMap((f) => (f.id ? [[f.id, `${f.firstName} ${f.lastName}`]] : [])),
  );
  return { campuses, classrooms, subjects, facilitatorNames };
}

const deleteFormSchema = z.object({
  intent: z.literal('delete'),
  kind: z.enum(SCHOOL_KINDS),
  id: z.string().min(1),
});

export async function clientAction({ request }: ClientActionFunctionArgs) {
  const user = await requireArea(request, handle.area);
  const parsed = deleteFormSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return { ok: false, message: 'Unknown action' };
  const result = await deleteSchoolRecord(parsed.data.kind, parsed.data.id, {
    linkFacilitators: canManageFacilitators(user.roles),
  });
  if (!result.ok) {
    settingsStore.setError(result.message);
    return result;
  }
  settingsStore.notify(`Deleted the ${KIND_LABELS[parsed.data.kind].one}`, 'success');
  return { ok: true, message: '' };
}

export const handle = {
  title: 'School Setup',
  description: 'Campuses, classrooms with their schedules, and subjects.',
  area: 'school',
  nav: { label: 'School setup', order: 110 },
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

interface PendingDelete {
  kind: SchoolKind;
  id: string;
  name: string;
  usedBy: number;
}

type Names = Record<string, string>;

function byId<T extends { id?: string; name: string }>(items: readonly T[]): Names {
  return Object.fromEntries(items.flatMap((i) => (i.id ? [[i.id, i.name]] : [])));
}

export default function SchoolSetup() {
  const { campuses, classrooms, subjects, facilitatorNames } = useLoaderData<typeof clientLoader>();
  useRevalidateOnDataChange(['campuses', 'classrooms', 'subjects', 'facilitators']);
  const skin = useSettings((s) => s.skin);
  const fetcher = useFetcher<typeof clientAction>();
  const [pending, setPending] = useState<PendingDelete | null>(null);
  const busy = fetcher.state !== 'idle';
  const campusNames = byId(campuses);
  const subjectNames = byId(subjects);
  const { title, description } = handle;

  // Close the modal once the delete has been answered (a refusal is shown as a toast).
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data) setPending(null);
  }, [fetcher.state, fetcher.data]);

  function askDelete(kind: SchoolKind, id: string | undefined, name: string) {
    if (!id) return;
    setPending({ kind, id, name, usedBy: countClassroomsUsing(classrooms, kind, id) });
  }

  const addLinks = SCHOOL_KINDS.map((kind) => (
    <Link key={kind} to={`/dash/school/${kind}/new`} className={`${skin.button} ${skin.rounded}`}>
      Add {KIND_LABELS[kind].one}
    </Link>
  ));

  return (
    <>
      <PageHeading title={title} lead={description} />
      <nav aria-label="School setup sections" className="mb-6 flex flex-wrap gap-3">
        {SCHOOL_KINDS.map((kind) => (
          <a key={kind} href={`#${kind}`} className={skin.link}>
            {KIND_LABELS[kind].many}
          </a>
        ))}
      </nav>
      <div className="grid gap-8">
        <Section kind="campuses" count={campuses.length}>
          {campuses.map((campus) => (
            <Row
              key={campus.id}
              kind="campuses"
              record={campus}
              details={<CampusDetails campus={campus} />}
              onDelete={() => askDelete('campuses', campus.id, campus.name)}
            />
          ))}
        </Section>
        <Section kind="classrooms" count={classrooms.length}>
          {classrooms.map((classroom) => (
            <Row
              key={classroom.id}
              kind="classrooms"
              record={classroom}
              details={
                <ClassroomDetails
                  classroom={classroom}
                  campusNames={campusNames}
                  subjectNames={subjectNames}
                  facilitatorNames={facilitatorNames}
                />
              }
              onDelete={() => askDelete('classrooms', classroom.id, classroom.name)}
            />
          ))}
        </Section>
        <Section kind="subjects" count={subjects.length}>
          {subjects.map((subject) => (
            <Row
              key={subject.id}
              kind="subjects"
              record={subject}
              details={<SubjectDetails subject={subject} />}
              onDelete={() => askDelete('subjects', subject.id, subject.name)}
            />
          ))}
        </Section>
      </div>
      <MobileActionBar label="School setup actions">{addLinks}</MobileActionBar>
      <Modal
        open={pending !== null}
        title={pending ? `Delete ${pending.name}?` : 'Delete'}
        onClose={() => setPending(null)}
        actions={
          pending && pending.usedBy > 0
            ? [{ label: 'Close', variant: 'secondary', onClick: () => setPending(null) }]
            : [
                { label: 'Cancel', variant: 'secondary', onClick: () => setPending(null) },
                {
                  label: `Delete ${pending ? KIND_LABELS[pending.kind].one : ''}`.trim(),
                  variant: 'danger',
                  busy,
                  busyLabel: 'Deleting…',
                  onClick: () => {
                    if (!pending) return;
                    fetcher.submit(
                      { intent: 'delete', kind: pending.kind, id: pending.id },
                      { method: 'post' },
                    );
                  },
                },
              ]
        }
      >
        {pending && pending.usedBy > 0 ? (
          <p>
            {pending.usedBy === 1 ? 'One classroom uses' : `${pending.usedBy} classrooms use`} this{' '}
            {KIND_LABELS[pending.kind].one}. Change {pending.usedBy === 1 ? 'it' : 'them'} first,
            then delete it.
          </p>
        ) : (
          <p>This cannot be undone. Other devices lose it at their next sync.</p>
        )}
      </Modal>
    </>
  );
}

function Section({
  kind,
  count,
  children,
}: {
  kind: SchoolKind;
  count: number;
  children: React.ReactNode;
}) {
  const skin = useSettings((s) => s.skin);
  const headingId = `${kind}-heading`;
  const label = KIND_LABELS[kind];
  return (
    <section id={kind} aria-labelledby={headingId} className="scroll-mt-20">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-xl font-semibold">
          {label.many} <span className="text-base font-normal text-muted">({count})</span>
        </h2>
        <Link
          to={`/dash/school/${kind}/new`}
          className={`${skin.button} ${skin.rounded} hidden sm:inline-flex`}
        >
          Add {label.one}
        </Link>
      </div>
      {count === 0 ? (
        <EmptyState title={`No ${label.many.toLowerCase()} yet.`}>
          Use “Add {label.one}” to create the first one.
        </EmptyState>
      ) : (
        <ul className={`${skin.card} ${skin.rounded} overflow-hidden`}>{children}</ul>
      )}
    </section>
  );
}

function Row({
  kind,
  record,
  details,
  onDelete,
}: {
  kind: SchoolKind;
  record: Campus | Classroom | Subject;
  details: React.ReactNode;
  onDelete: () => void;
}) {
  const skin = useSettings((s) => s.skin);
  return (
    <li className={`flex flex-wrap items-start justify-between gap-3 px-4 py-3 ${skin.listItem}`}>
      <div className="min-w-0">
        <h3 className="font-semibold">{record.name}</h3>
        <div className="text-sm text-muted">{details}</div>
      </div>
      <div className="flex gap-2">
        <Link
          to={`/dash/school/${kind}/${record.id ?? ''}`}
          aria-label={`Edit ${record.name}`}
          className={`${skin.buttonSecondary} ${skin.rounded}`}
        >
          Edit
        </Link>
        <button
          type="button"
          aria-label={`Delete ${record.name}`}
          onClick={onDelete}
          className={`${skin.buttonDanger} ${skin.rounded}`}
        >
          Delete
        </button>
      </div>
    </li>
  );
}

function CampusDetails({ campus }: { campus: Campus }) {
  return (
    <p>{[campus.address, campus.phone, campus.timezone].filter((v) => v !== '').join(' · ')}</p>
  );
}

function SubjectDetails({ subject }: { subject: Subject }) {
  return (
    <p className="flex items-center gap-2">
      <span
        aria-hidden="true"
        className="inline-block size-3 rounded-full border border-border"
        style={{ backgroundColor: subject.colour }}
      />
      <span>
        {subject.code}
        {subject.description ? ` · ${subject.description}` : ''}
      </span>
    </p>
  );
}

function ClassroomDetails({
  classroom,
  campusNames,
  subjectNames,
  facilitatorNames,
}: {
  classroom: Classroom;
  campusNames: Names;
  subjectNames: Names;
  facilitatorNames: Names;
}) {
  const facilitators = classroom.facilitatorIds.map((id) => facilitatorNames[id] ?? 'Unknown');
  const lessons = [...classroom.schedule].sort(
    (a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start),
  );
  return (
    <>
      <p>
        {campusNames[classroom.campusId] ?? 'Unknown campus'} · capacity {classroom.capacity}
        {facilitators.length > 0 ? ` · ${facilitators.join(', ')}` : ''}
      </p>
      {lessons.length > 0 ? (
        <details className="mt-1">
          <summary className="cursor-pointer">
            {lessons.length === 1 ? '1 lesson a week' : `${lessons.length} lessons a week`}
          </summary>
          <ul className="mt-1 grid gap-0.5">
            {lessons.map((lesson, i) => (
              <li key={i}>
                {weekdayName(lesson.weekday)} {lesson.start}–{lesson.end}:{' '}
                {subjectNames[lesson.subjectId] ?? 'Unknown subject'}
              </li>
            ))}
          </ul>
        </details>
      ) : (
        <p>No lessons scheduled.</p>
      )}
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/ui/errors';
