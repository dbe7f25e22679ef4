// /dash/attendance/register?classroom=…&from=…&to=…: a classroom's register, students against the
// dates of its roll calls. Staff pick any classroom, a facilitator their own; parents and students
// go to their summary instead. A wrong range comes back as messages beside the date fields. An
// absence a family reported is set apart from an unreported one (issue 32).
import {
  redirect,
  useLoaderData,
  type ClientLoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/react';
import { requireArea } from '~/auth/guards';
import { useRevalidateOnDataChange } from '~/data/route-data';
import { isStaff, isStaffOrFacilitator } from '~/domain/roles';
import { AttendanceTabs } from '~/features/attendance/AttendanceTabs';
import {
  loadAbsenceReports,
  loadAttendanceData,
  markableClassrooms,
  rosterOf,
} from '~/features/attendance/load';
import {
  RegisterFilters,
  RegisterLegend,
  RegisterNotes,
  RegisterTable,
  rangeText,
} from '~/features/attendance/Register';
import {
  parseRegisterQuery,
  registerClassroomOptions,
  registerView,
} from '~/features/attendance/register-view';
import { reportedDays } from '~/features/attendance/reported';
import { GeneralErrorBoundary } from '~/ui/errors';
import { EmptyState, PageHeading } from '~/ui/PageHeading';
import { notAllowed, notFound } from '~/ui/responses';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const user = await requireArea(request, handle.area);
  if (!isStaffOrFacilitator(user.roles)) throw redirect('/dash/attendance/summary');
  const [data, reports] = await Promise.all([
    loadAttendanceData(user),
    loadAbsenceReports(user.roles),
  ]);
  const classrooms = [...markableClassrooms(data)].sort((a, b) => a.name.localeCompare(b.name));
  const parsed = parseRegisterQuery(
    new URL(request.url).searchParams,
    data.today,
    classrooms[0]?.id ?? '',
  );
  const { query } = parsed;
  const classroom = classrooms.find((c) => c.id === query.classroom) ?? null;
  if (query.classroom && !classroom) {
    // Staff may open every classroom, so an unknown id is simply not found; for a facilitator
    // it is someone else's classroom (or none), which they may not open.
    throw isStaff(user.roles) ? notFound(request) : notAllowed();
  }
  const roster = classroom ? rosterOf(data.students, classroom.id) : [];
  // A classroom name two campuses share is shown with its campus (issue 30).
  const options = registerClassroomOptions(classrooms, data.campuses);
  return {
    roles: user.roles,
    today: data.today,
    classrooms: options,
    query,
    form: parsed.ok ? null : { fieldErrors: parsed.fieldErrors, values: parsed.values },
    rosterSize: roster.length,
    view:
      classroom && parsed.ok
        ? registerView(classroom, roster, data.rollCalls, query.from, query.to, {
            today: data.today,
            linkRollCalls: true,
            classroomLabel: options.find((o) => o.value === classroom.id)?.label,
            reported: reportedDays(reports),
          })
        : null,
  };
}

export const handle = {
  title: 'Attendance register',
  description: "A classroom's register: students against dates.",
  area: 'attendance',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export default function RegisterPage() {
  const { roles, today, classrooms, query, form, rosterSize, view } =
    useLoaderData<typeof clientLoader>();
  useRevalidateOnDataChange(['attendance', 'students', 'classrooms', 'absenceReports']);
  return (
    <>
      <PageHeading title={handle.title} lead={handle.description} />
      <AttendanceTabs roles={roles} />
      {classrooms.length === 0 ? (
        <EmptyState title="No classrooms to show.">
          The register lists the classrooms you teach; none are linked to your account yet.
        </EmptyState>
      ) : (
        <>
          <RegisterFilters classrooms={classrooms} query={query} form={form} />
          {!view ? (
            form ? (
              <p className="text-muted">Correct the dates above to see the register.</p>
            ) : null
          ) : rosterSize === 0 ? (
            <EmptyState title={`No students are enrolled in ${view.classroomLabel}.`} />
          ) : view.columns.length === 0 ? (
            <EmptyState
              title={`No roll calls taken for ${view.classroomLabel} ${rangeText(query, today)}.`}
            />
          ) : (
            <>
              <RegisterLegend />
              <RegisterTable view={view} />
              <RegisterNotes view={view} />
            </>
          )}
        </>
      )}
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary };
