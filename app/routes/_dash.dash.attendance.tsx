// The roll call (/dash/attendance?classroom=…&date=…). Without a classroom it lists today's classes
// and a picker; with one it shows that roll call, read-only when the person may not mark that date.
// Parents and students go to their attendance summary instead.
import { Link, useLoaderData } from '@remix-run/react';
import { useLiveQueries } from '~/data/live';
import { useRevalidateOnDataChange } from '~/data/route-data';
import { AttendanceTabs } from '~/features/attendance/AttendanceTabs';
import { TodaysClassesList } from '~/features/attendance/home-facilitator';
import {
  loadRollCallPage,
  rollCallLiveSpecs,
  saveRollCallFromRequest,
} from '~/features/attendance/roll-call-route';
import { RollCall } from '~/features/attendance/RollCall';
import { RollCallPicker } from '~/features/attendance/RollCallPicker';
import { useSettings } from '~/settings/store';
import { Card } from '~/ui/Card';
import { GeneralErrorBoundary } from '~/ui/errors';
import { PageHeading } from '~/ui/PageHeading';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';
import { SchoolDay } from '~/ui/SchoolDay';
import type {
  ClientActionFunctionArgs,
  ClientLoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/react';

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  return loadRollCallPage(request);
}

export async function clientAction({ request }: ClientActionFunctionArgs) {
  return saveRollCallFromRequest(request);
}

export const handle = {
  title: 'Roll call',
  description: "Take a classroom's roll call for a day.",
  area: 'attendance',
  nav: { label: 'Attendance', order: 50 },
  guide: 'features/attendance',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export default function RollCallPage() {
  const data = useLoaderData<typeof clientLoader>();
  const skin = useSettings((s) => s.skin);
  useRevalidateOnDataChange(['attendance', 'classrooms', 'students', 'absenceReports']);
  // A colleague's marks on the open day's roll calls arrive within seconds (issue 29), and so does
  // a family's report for the open classroom (issue 32).
  useLiveQueries(rollCallLiveSpecs(data.roles, data.date, data.rollCall?.classroomId ?? null));
  return (
    <>
      <PageHeading title="Roll call" />
      <AttendanceTabs roles={data.roles} />
      {data.rollCall ? (
        <>
          <p className="mb-4">
            <Link to="/dash/attendance" className={skin.link}>
              All of today&apos;s classes
            </Link>
          </p>
          <RollCall key={data.rollCall.id} view={data.rollCall} />
        </>
      ) : (
        <div className="grid gap-6">
          <Card title="Today’s classes">
            <SchoolDay day={data.today} className="mb-3" />
            <TodaysClassesList classes={data.classes} />
          </Card>
          <Card title="Open a roll call">
            <RollCallPicker options={data.classroomOptions} date={data.date} maxDate={data.today} />
          </Card>
        </div>
      )}
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary };
