// /dash/attendance/alerts ("Needs attention", staff only): classrooms not yet marked today, students
// below a threshold over the last 30 days (`?threshold=`, in per cent) and absence streaks; with
// `?unreported=on`, the last two count only the absences no family reported (issue 32).
import { useLoaderData } from '@remix-run/react';
import { requireArea } from '~/auth/guards';
import { useRevalidateOnDataChange } from '~/data/route-data';
import { isStaff } from '~/domain/roles';
import { buildAlerts, readThreshold, readUnreportedOnly } from '~/features/attendance/alerts';
import {
  AlertOptions,
  LowAttendanceCard,
  NotMarkedCard,
  StreaksCard,
} from '~/features/attendance/AlertsLists';
import { AttendanceTabs } from '~/features/attendance/AttendanceTabs';
import { loadAbsenceReports, loadAttendanceData } from '~/features/attendance/load';
import { GeneralErrorBoundary } from '~/ui/errors';
import { PageHeading } from '~/ui/PageHeading';
import { notAllowed } from '~/ui/responses';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';
import type { ClientLoaderFunctionArgs, MetaFunction } from '@remix-run/react';

const WATCHED = ['attendance', 'classrooms', 'students', 'facilitators', 'absenceReports'] as const;

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const user = await requireArea(request, handle.area);
  if (!isStaff(user.roles)) throw notAllowed();
  const url = new URL(request.url);
  const { percent, form } = readThreshold(url);
  const unreportedOnly = readUnreportedOnly(url);
  const [data, reports] = await Promise.all([
    loadAttendanceData(user),
    loadAbsenceReports(user.roles),
  ]);
  return {
    roles: user.roles,
    alerts: buildAlerts(data, percent, { reports, unreportedOnly }),
    form,
  };
}

export const handle = {
  title: 'Needs attention',
  description: 'Classrooms not yet marked today, low attendance and absence streaks.',
  area: 'attendance',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export default function AttendanceAlerts() {
  const { roles, alerts, form } = useLoaderData<typeof clientLoader>();
  useRevalidateOnDataChange(WATCHED);
  return (
    <>
      <PageHeading title={handle.title} lead={handle.description} />
      <AttendanceTabs roles={roles} />
      <AlertOptions
        unreportedOnly={alerts.unreportedOnly}
        thresholdPercent={alerts.thresholdPercent}
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <NotMarkedCard classes={alerts.notMarked} today={alerts.today} />
        <StreaksCard rows={alerts.streaks} unreportedOnly={alerts.unreportedOnly} />
        <div className="lg:col-span-2">
          <LowAttendanceCard
            rows={alerts.low}
            thresholdPercent={alerts.thresholdPercent}
            form={form}
            unreportedOnly={alerts.unreportedOnly}
          />
        </div>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/dash/home" />;
}
