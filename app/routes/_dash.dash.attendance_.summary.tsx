// /dash/attendance/summary: a parent's children's attendance (one summary each) or a student's own.
// The roll calls their cache holds carry classmates' marks too; each summary is built from the
// child's own entry only (summary.ts) and the page receives nothing else. A parent's summary splits
// the absences into the ones their family reported and the others (issue 32). People who take roll
// calls and have no children here are pointed to the register and the student profiles.
import {
  Link,
  useLoaderData,
  type ClientLoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/react';
import { requireArea } from '~/auth/guards';
import { useRevalidateOnDataChange } from '~/data/route-data';
import { isStaffOrFacilitator } from '~/domain/roles';
import { AttendanceSummaryCard } from '~/features/attendance/AttendanceSummary';
import { AttendanceTabs } from '~/features/attendance/AttendanceTabs';
import {
  loadAbsenceReports,
  loadAttendanceData,
  readsAbsenceReports,
} from '~/features/attendance/load';
import { attendanceSummaryFor } from '~/features/attendance/summary';
import { useSettings } from '~/settings/store';
import { GeneralErrorBoundary } from '~/ui/errors';
import { EmptyState, PageHeading } from '~/ui/PageHeading';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const user = await requireArea(request, handle.area);
  const [data, reports] = await Promise.all([
    loadAttendanceData(user),
    // Read by parents (their family's); a student reads none, so their summary says nothing of it.
    readsAbsenceReports(user.roles) ? loadAbsenceReports(user.roles) : Promise.resolve(undefined),
  ]);
  const { principal } = data;
  const ownIds = new Set(principal.studentId ? [principal.studentId] : []);
  for (const id of principal.childIds) ownIds.add(id);
  const students = data.students
    .filter((s) => ownIds.has(s.id))
    .sort((a, b) => a.firstName.localeCompare(b.firstName));
  return {
    roles: user.roles,
    isParent: user.roles.includes('parent'),
    takesRollCalls: ownIds.size === 0 && isStaffOrFacilitator(user.roles),
    // Each student's periods end on their own campus's day (the one clock).
    summaries: students.map((s) =>
      attendanceSummaryFor(
        data.rollCalls,
        s,
        data.campusDays?.get(s.campusId) ?? data.today,
        reports,
      ),
    ),
  };
}

export const handle = {
  title: 'Attendance summary',
  description: "Your or your child's attendance: the term and the last 30 days.",
  area: 'attendance',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export default function SummaryPage() {
  const {
    roles,
    isParent,
    summaries,
    takesRollCalls: staffView,
  } = useLoaderData<typeof clientLoader>();
  const skin = useSettings((s) => s.skin);
  useRevalidateOnDataChange(['attendance', 'students', 'absenceReports']);
  const lead = isParent
    ? 'Your children’s attendance this term and over the last 30 days.'
    : 'Your attendance this term and over the last 30 days.';
  return (
    <>
      <PageHeading title={handle.title} lead={summaries.length > 0 ? lead : handle.description} />
      <AttendanceTabs roles={roles} />
      {staffView ? (
        <p>
          This page is for parents and students. A student&apos;s summary is on their profile (open
          it from{' '}
          <Link to="/dash/students" className={skin.link}>
            Students
          </Link>
          ), and a classroom&apos;s marks are in the{' '}
          <Link to="/dash/attendance/register" className={skin.link}>
            register
          </Link>
          .
        </p>
      ) : summaries.length === 0 ? (
        <EmptyState title="No attendance to show.">
          {isParent
            ? 'No children are linked to your account, or their records are not on this device yet.'
            : 'No student record is linked to your account.'}
        </EmptyState>
      ) : (
        <div className="grid gap-6">
          {summaries.map((summary) => (
            <AttendanceSummaryCard key={summary.studentId} summary={summary} />
          ))}
        </div>
      )}
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary };
