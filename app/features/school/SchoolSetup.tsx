// The school setup page's body: one card per kind (campuses, classrooms, subjects) listing its
// records with Edit and Delete, and the delete confirmation. The record being deleted is state here;
// the delete itself is the route's clientAction, submitted through a fetcher so the page stays.
import { useFetcher } from '@remix-run/react';
import { useEffect, useState, type ReactNode } from 'react';
import type { Campus, Classroom, Subject } from '~/domain/records';
import { useSettings } from '~/settings/store';
import { ButtonLink, Button } from '~/ui/Button';
import { Card } from '~/ui/Card';
import { ACTION_ICONS } from '~/ui/icons';
import { MobileActionBar } from '~/ui/MobileActionBar';
import { Modal } from '~/ui/Modal';
import {
  absenceAlertSummary,
  KIND_LABELS,
  SCHOOL_KINDS,
  weekdayName,
  type SchoolKind,
} from './schemas';
import { countClassroomsUsing, type SchoolDeleteResult } from './writes';

type Names = Record<string, string>;

interface PendingDelete {
  kind: SchoolKind;
  id: string;
  name: string;
  usedBy: number;
}

function byId(items: ReadonlyArray<{ id?: string; name: string }>): Names {
  return Object.fromEntries(items.flatMap((i) => (i.id ? [[i.id, i.name]] : [])));
}

export interface SchoolSetupProps {
  campuses: readonly Campus[];
  classrooms: readonly Classroom[];
  subjects: readonly Subject[];
  facilitatorNames: Names;
}

export function SchoolSetup({
  campuses,
  classrooms,
  subjects,
  facilitatorNames,
}: SchoolSetupProps) {
  const skin = useSettings((s) => s.skin);
  const fetcher = useFetcher<SchoolDeleteResult>();
  const [pending, setPending] = useState<PendingDelete | null>(null);
  const busy = fetcher.state !== 'idle';
  const campusNames = byId(campuses);
  const subjectNames = byId(subjects);

  // Close the modal once the delete has been answered (a refusal is shown as a toast).
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data) setPending(null);
  }, [fetcher.state, fetcher.data]);

  function askDelete(kind: SchoolKind, id: string | undefined, name: string) {
    if (!id) return;
    setPending({ kind, id, name, usedBy: countClassroomsUsing(classrooms, kind, id) });
  }

  return (
    <>
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
      <div className="h-20 sm:hidden" aria-hidden="true" />
      <MobileActionBar label="School setup actions">
        {SCHOOL_KINDS.map((kind) => (
          <ButtonLink key={kind} to={`/dash/school/${kind}/new`} size="sm">
            Add {KIND_LABELS[kind].one}
          </ButtonLink>
        ))}
      </MobileActionBar>
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
  children: ReactNode;
}) {
  const label = KIND_LABELS[kind];
  return (
    // The id is the target of the section links above and of the editor's way back.
    <div id={kind} className="scroll-mt-20">
      <Card
        padding="none"
        title={
          <>
            {label.many} <span className="text-base font-normal text-muted">({count})</span>
          </>
        }
        actions={
          <div className="hidden sm:block">
            <ButtonLink to={`/dash/school/${kind}/new`} size="sm" icon={ACTION_ICONS.add}>
              Add {label.one}
            </ButtonLink>
          </div>
        }
      >
        {count === 0 ? (
          <p className="px-5 pb-5 text-muted">
            No {label.many.toLowerCase()} yet. Use “Add {label.one}” to create the first one.
          </p>
        ) : (
          <ul>{children}</ul>
        )}
      </Card>
    </div>
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
  details: ReactNode;
  onDelete: () => void;
}) {
  const skin = useSettings((s) => s.skin);
  return (
    <li className={`flex flex-wrap items-start justify-between gap-3 px-5 py-3 ${skin.listItem}`}>
      <div className="min-w-0">
        <h3 className="font-semibold">{record.name}</h3>
        <div className="text-sm text-muted">{details}</div>
      </div>
      <div className="flex flex-wrap gap-2">
        <ButtonLink
          to={`/dash/school/${kind}/${record.id ?? ''}`}
          aria-label={`Edit ${record.name}`}
          variant="secondary"
          size="sm"
          icon={ACTION_ICONS.edit}
        >
          Edit
        </ButtonLink>
        <Button
          aria-label={`Delete ${record.name}`}
          onClick={onDelete}
          // Calm in the list; the confirmation's button is the red one.
          variant="secondary"
          size="sm"
          icon={ACTION_ICONS.discard}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}

function CampusDetails({ campus }: { campus: Campus }) {
  return (
    <>
      <p>{[campus.address, campus.phone, campus.timezone].filter((v) => v !== '').join(' · ')}</p>
      <p>{absenceAlertSummary(campus)}</p>
    </>
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
