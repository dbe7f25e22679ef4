import { useLoaderData, type ClientLoaderFunctionArgs, type MetaFunction } from '@remix-run/react';
import { requireUser } from '~/auth/guards';
import type { SessionUser } from '~/auth/session-user';
import { FacilitatorHome, loadFacilitatorHome } from '~/features/home/facilitator/FacilitatorHome';
import { ParentHome, loadParentHome } from '~/features/home/parent/ParentHome';
import { StaffHome, loadStaffHome } from '~/features/home/staff/StaffHome';
import { StudentHome, loadStudentHome } from '~/features/home/student/StudentHome';
import type { DashboardType } from '~/settings/dashboard-type';
import { settingsStore } from '~/settings/store';
import { HomeOverview } from '~/ui/HomeOverview';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';

/**
 * The tiles' data for the chosen dashboard type. Each loader returns at once with one promise per
 * tile, so the page shows its frame and skeletons immediately and each tile fills in when its data
 * is there (a new device's first sync may take a while).
 */
function loadHome(type: DashboardType, user: SessionUser) {
  switch (type) {
    case 'admin':
    case 'administration':
      return { type, staff: loadStaffHome(user) } as const;
    case 'facilitator':
      return { type, facilitator: loadFacilitatorHome(user) } as const;
    case 'parent':
      return { type, parent: loadParentHome(user) } as const;
    case 'student':
      return { type, student: loadStudentHome(user) } as const;
  }
}

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const user = await requireUser(request);
  return loadHome(settingsStore.getState().dashboardType, user);
}

export const handle = {
  title: 'Home',
  description: 'Your dashboard: today at the learning centre.',
  area: 'home',
  nav: { label: 'Home', order: 10 },
  guide: 'getting-started/dashboard-overview',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export function HomeDashboard({ title }: { title: string }) {
  const home = useLoaderData<typeof clientLoader>();
  return (
    <HomeOverview title={title} dashboardType={home.type}>
      {home.staff ? <StaffHome data={home.staff} dashboardType={home.type} /> : null}
      {home.facilitator ? <FacilitatorHome data={home.facilitator} /> : null}
      {home.parent ? <ParentHome data={home.parent} /> : null}
      {home.student ? <StudentHome data={home.student} /> : null}
    </HomeOverview>
  );
}

export default function Home() {
  return <HomeDashboard title={handle.title} />;
}
