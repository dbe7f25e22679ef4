// /dash/attendance/reports (staff and facilitators): the CSV export of a classroom, a campus or a
// student over a date range, and the daily attendance rate of the last 30 days. The chart's code is
// loaded by this page only (React.lazy); its table alternative is not lazy.
import { useActionData, useLoaderData } from '@remix-run/react';
import { lazy, Suspense } from 'react';
import { requireArea } from '~/auth/guards';
import { useRevalidateOnDataChange } from '~/data/route-data';
import { addDays, dailyRates } from '~/domain/attendance';
import { isStaffOrFacilitator } from '~/domain/roles';
import { AttendanceTabs } from '~/features/attendance/AttendanceTabs';
import { loadAbsenceReports, loadAttendanceData } from '~/features/attendance/load';
import { RateChartTable } from '~/features/attendance/RateChartTable';
import { ReportExportForm } from '~/features/attendance/ReportExportForm';
import {
  defaultRange,
  exportAttendance,
  REPORT_DAYS,
  reportChoices,
} from '~/features/attendance/reports';
import { Card } from '~/ui/Card';
import { GeneralErrorBoundary } from '~/ui/errors';
import { PageHeading } from '~/ui/PageHeading';
import { notAllowed } from '~/ui/responses';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';
import type {
  ClientActionFunctionArgs,
  ClientLoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/react';

const RateChart = lazy(() => import('~/features/attendance/RateChart'));

const WATCHED = ['attendance', 'classrooms', 'students'] as const;

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const user = await requireArea(request, handle.area);
  if (!isStaffOrFacilitator(user.roles)) throw notAllowed();
  const data = await loadAttendanceData(user);
  const from = addDays(data.today, -(REPORT_DAYS - 1));
  return {
    roles: user.roles,
    choices: reportChoices(data),
    range: defaultRange(data.today),
    days: dailyRates(data.rollCalls, from, data.today),
  };
}

export async function clientAction({ request }: ClientActionFunctionArgs) {
  const user = await requireArea(request, handle.area);
  if (!isStaffOrFacilitator(user.roles)) throw notAllowed();
  const [data, formData, reports] = await Promise.all([
    loadAttendanceData(user),
    request.formData(),
    loadAbsenceReports(user.roles),
  ]);
  // The person's own marks carry their uid; the CSV names them like everyone else.
  const names = user.displayName ? { [user.uid]: user.displayName } : {};
  return exportAttendance(data, formData, names, reports);
}

export const handle = {
  title: 'Attendance reports',
  description: 'CSV exports and the daily attendance rate.',
  area: 'attendance',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export default function AttendanceReports() {
  const { roles, choices, range, days } = useLoaderData<typeof clientLoader>();
  const result = useActionData<typeof clientAction>();
  useRevalidateOnDataChange(WATCHED);
  const title = `Daily attendance rate, last ${REPORT_DAYS} days`;
  return (
    <>
      <PageHeading title={handle.title} lead={handle.description} />
      <AttendanceTabs roles={roles} />
      <div className="grid grid-cols-1 gap-6">
        <Card title="Export as CSV">
          <p className="mb-4 text-muted">
            One row per student per roll call: date, campus, classroom, student, status, note, who
            marked it, and whether an absence was reported by the family (excused days count as
            reported). Dates are written YYYY-MM-DD.
          </p>
          <ReportExportForm choices={choices} range={range} result={result} />
        </Card>
        <Card title={title}>
          <p className="mb-3 text-muted">
            Present or late ÷ marked, each school day. The dashed lines are 50 % and 90 %.
          </p>
          <Suspense fallback={<p className="text-muted">Loading the chart…</p>}>
            <RateChart days={days} title={title} />
          </Suspense>
          <RateChartTable days={days} />
        </Card>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/dash/home" />;
}
