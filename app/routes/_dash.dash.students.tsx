// /dash/students: the students list. Everything the cache holds for this person is listed (the
// sync's per-role scope already limits it: a parent's cache holds only their children), filtered
// and sorted by the view state in the URL. Staff with write access can add students, export the
// current view as CSV and import from CSV; a student goes straight to their own record.
import {
  Link,
  redirect,
  useLoaderData,
  type ClientLoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/react';
import { requireArea } from '~/auth/guards';
import { useLiveQueries, type LiveSpec } from '~/data/live';
import { useRevalidateOnDataChange } from '~/data/route-data';
import { csvFileName, studentsToCsv } from '~/features/students/list/csv';
import {
  loadStudentList,
  ownStudentRecord,
  type ListViewer,
} from '~/features/students/list/list-route';
import { hasFilters } from '~/features/students/list/query';
import { StudentFilters } from '~/features/students/list/StudentFilters';
import { StudentsTable } from '~/features/students/list/StudentsTable';
import { useSettings } from '~/settings/store';
import { Button, ButtonLink } from '~/ui/Button';
import { downloadCsv } from '~/ui/csv';
import { GeneralErrorBoundary } from '~/ui/errors';
import { MobileActionBar } from '~/ui/MobileActionBar';
import { EmptyState, PageHeading } from '~/ui/PageHeading';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';

const WATCHED = ['students', 'campuses', 'classrooms'] as const;

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const user = await requireArea(request, handle.area);
  const ownId = ownStudentRecord(user);
  if (ownId) throw redirect(`/dash/students/${encodeURIComponent(ownId)}`);
  return loadStudentList(user, new URL(request.url));
}

export const handle = {
  title: 'Students',
  description: 'Students and their families.',
  area: 'students',
  nav: { label: 'Students', order: 20 },
  guide: 'features/students-and-families',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

const numberFormat = new Intl.NumberFormat('en');

/** How the page speaks to each kind of viewer: its heading, lead, and what an empty list means. */
const VIEWER_TEXT: Record<
  ListViewer,
  { title: string; lead: string; empty: string; noun: [string, string] }
> = {
  staff: {
    title: handle.title,
    lead: handle.description,
    empty: 'No students yet.',
    noun: ['student', 'students'],
  },
  facilitator: {
    title: 'Your students',
    lead: 'The students in the classrooms you teach.',
    empty: 'No students are in your classrooms yet.',
    noun: ['student', 'students'],
  },
  parent: {
    title: 'Your children',
    lead: 'The children in your family and their records.',
    empty: 'No children are linked to your account yet.',
    noun: ['child', 'children'],
  },
  other: {
    title: handle.title,
    lead: handle.description,
    empty: 'No students to show.',
    noun: ['student', 'students'],
  },
};

function countText(shown: number, total: number, filtered: boolean, noun: [string, string]) {
  const word = (n: number) => (n === 1 ? noun[0] : noun[1]);
  if (!filtered) return `${numberFormat.format(total)} ${word(total)}`;
  return `${numberFormat.format(shown)} of ${numberFormat.format(total)} ${word(total)}`;
}

/** What this screen shows follows the backend while it is open (issue 29). */
const LIVE: LiveSpec[] = [{ collection: 'students' }];

export default function StudentsPage() {
  const { query, rows, total, campuses, classrooms, canWrite, viewer } =
    useLoaderData<typeof clientLoader>();
  useRevalidateOnDataChange(WATCHED);
  useLiveQueries(LIVE);
  const skin = useSettings((s) => s.skin);
  const filtered = hasFilters(query);
  const { title, lead, empty, noun } = VIEWER_TEXT[viewer];

  const exportCsv = () => {
    const campusName = new Map(campuses.map((c) => [c.id, c.name]));
    const classroomName = new Map(classrooms.map((c) => [c.id, c.name]));
    downloadCsv(
      csvFileName(),
      studentsToCsv(rows, {
        campusName: (id) => campusName.get(id) ?? id,
        classroomName: (id) => classroomName.get(id) ?? id,
      }),
    );
  };

  const actions = (
    <>
      <ButtonLink to="/dash/students/new">Add student</ButtonLink>
      <Button variant="secondary" onClick={exportCsv} disabled={rows.length === 0}>
        Export CSV
      </Button>
      <ButtonLink variant="secondary" to="/dash/import">
        Import from CSV
      </ButtonLink>
    </>
  );

  return (
    <>
      <PageHeading
        title={title}
        lead={lead}
        actions={canWrite ? <div className="hidden gap-2 sm:flex">{actions}</div> : undefined}
      />
      {total === 0 ? (
        <EmptyState title={empty}>
          {canWrite ? (
            <Link to="/dash/students/new" className={skin.link}>
              Add the first student
            </Link>
          ) : viewer === 'parent' ? (
            'Ask the office to link your account to your family.'
          ) : null}
        </EmptyState>
      ) : (
        <>
          <StudentFilters query={query} campuses={campuses} classrooms={classrooms} />
          <p role="status" className="mb-2 font-medium" data-testid="students-count">
            {countText(rows.length, total, filtered, noun)}
          </p>
          {rows.length === 0 ? (
            <EmptyState title="No students match this search and these filters.">
              <Link to="/dash/students" replace className={skin.link}>
                Clear search and filters
              </Link>
            </EmptyState>
          ) : (
            <StudentsTable
              // A new view starts at the top instead of somewhere in the middle of the old one.
              key={`${query.q}|${query.campus}|${query.classroom}|${query.status}|${query.sort}|${query.dir}`}
              students={rows}
              query={query}
              campuses={campuses}
              classrooms={classrooms}
              label={title}
            />
          )}
        </>
      )}
      {canWrite ? <MobileActionBar label="Student actions">{actions}</MobileActionBar> : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/dash/home" />;
}
