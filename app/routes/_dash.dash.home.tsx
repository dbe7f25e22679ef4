import {
  Await,
  defer,
  useLoaderData,
  type ClientLoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/react';
import { Suspense, type ReactNode } from 'react';
import { requireUser } from '~/auth/guards';
import { useRevalidateOnDataChange } from '~/data/route-data';
import { isAttendanceStaff, takesRollCalls } from '~/features/attendance/AttendanceTabs';
import {
  RollCallsToTakePanel,
  TodaysClassesPanel,
  todaysClasses,
  type TodayClass,
} from '~/features/attendance/home-facilitator';
import {
  NotMarkedPanel,
  TodaysAttendancePanel,
  staffToday,
  type StaffToday,
} from '~/features/attendance/home-staff';
import { loadAttendanceData } from '~/features/attendance/load';
import { HomeOverview } from '~/ui/HomeOverview';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const user = await requireUser(request);
  // The panels' data may need a first sync (a new device, every record of the school): the page
  // does not wait for it, each panel shows "Loading…" until it comes.
  const attendance = takesRollCalls(user.roles)
    ? loadAttendanceData(user).then((data) => ({
        classes: user.roles.includes('facilitator') ? todaysClasses(data) : null,
        staff: isAttendanceStaff(user.roles) ? staffToday(data) : null,
      }))
    : null;
  return defer({
    attendance,
    facilitator: user.roles.includes('facilitator'),
    staff: isAttendanceStaff(user.roles),
  });
}

type AttendancePanels = { classes: TodayClass[] | null; staff: StaffToday | null };

/** One panel's contents once the attendance data is there; a clear message if it failed. */
function Deferred({
  data,
  children,
}: {
  data: Promise<AttendancePanels>;
  children: (panels: AttendancePanels) => ReactNode;
}) {
  return (
    <Suspense fallback={<p className="text-sm text-muted">Loading…</p>}>
      <Await
        resolve={data}
        errorElement={<p className="text-sm">This could not be loaded. Try reloading the page.</p>}
      >
        {(panels: AttendancePanels) => children(panels)}
      </Await>
    </Suspense>
  );
}

export const handle = {
  title: 'Home',
  description: 'Your dashboard: today at the learning centre.',
  area: 'home',
  nav: { label: 'Home', order: 10 },
  guide: 'getting-started/dashboard-overview',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export default function Home() {
  const { attendance, facilitator, staff } = useLoaderData<typeof clientLoader>();
  useRevalidateOnDataChange(['attendance', 'classrooms', 'students']);
  const content: Record<string, ReactNode> = {};
  if (attendance && facilitator) {
    content['Today’s classes'] = (
      <Deferred data={attendance}>
        {({ classes }) => <TodaysClassesPanel classes={classes ?? []} />}
      </Deferred>
    );
    content['Roll calls to take'] = (
      <Deferred data={attendance}>
        {({ classes }) => <RollCallsToTakePanel classes={classes ?? []} />}
      </Deferred>
    );
  }
  if (attendance && staff) {
    content['Today’s attendance'] = (
      <Deferred data={attendance}>
        {(panels) => (panels.staff ? <TodaysAttendancePanel today={panels.staff} /> : null)}
      </Deferred>
    );
    content['Classrooms not yet marked'] = (
      <Deferred data={attendance}>
        {(panels) => (panels.staff ? <NotMarkedPanel today={panels.staff} /> : null)}
      </Deferred>
    );
  }
  return <HomeOverview title={handle.title} content={content} />;
}
