import { useLoaderData, type ClientLoaderFunctionArgs, type MetaFunction } from '@remix-run/react';
import { requireUser } from '~/auth/guards';
import { useRevalidateOnDataChange } from '~/data/route-data';
import { isAttendanceStaff, takesRollCalls } from '~/features/attendance/AttendanceTabs';
import {
  RollCallsToTakePanel,
  TodaysClassesPanel,
  todaysClasses,
} from '~/features/attendance/home-facilitator';
import {
  NotMarkedPanel,
  TodaysAttendancePanel,
  staffToday,
} from '~/features/attendance/home-staff';
import { loadAttendanceData } from '~/features/attendance/load';
import { HomeOverview } from '~/ui/HomeOverview';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const user = await requireUser(request);
  if (!takesRollCalls(user.roles)) return { classes: null, staff: null };
  const data = await loadAttendanceData(user);
  return {
    classes: user.roles.includes('facilitator') ? todaysClasses(data) : null,
    staff: isAttendanceStaff(user.roles) ? staffToday(data) : null,
  };
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
  const { classes, staff } = useLoaderData<typeof clientLoader>();
  useRevalidateOnDataChange(['attendance', 'classrooms', 'students']);
  return (
    <HomeOverview
      title={handle.title}
      content={{
        ...(classes
          ? {
              'Today’s classes': <TodaysClassesPanel classes={classes} />,
              'Roll calls to take': <RollCallsToTakePanel classes={classes} />,
            }
          : {}),
        ...(staff
          ? {
              'Today’s attendance': <TodaysAttendancePanel today={staff} />,
              'Classrooms not yet marked': <NotMarkedPanel today={staff} />,
            }
          : {}),
      }}
    />
  );
}
