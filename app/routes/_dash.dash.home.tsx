import { useLoaderData, type ClientLoaderFunctionArgs, type MetaFunction } from '@remix-run/react';
import { requireUser } from '~/auth/guards';
import type { SessionUser } from '~/auth/session-user';
import type { DashboardType } from '~/settings/dashboard-type';
import { settingsStore } from '~/settings/store';
import { HomeOverview } from '~/ui/HomeOverview';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';

/**
 * Each dashboard type's tiles (their loader and their view) in its own module, loaded when that
 * type is shown (issue 29, decision 043): a parent never downloads the staff home, and none of the
 * data layer is on the first load of /dash/home. The loader starts the download at once, beside
 * the session's restore, so it adds no wait of its own.
 */
const HOME_MODULES = {
  staff: () => import('~/features/home/staff/StaffHome'),
  facilitator: () => import('~/features/home/facilitator/FacilitatorHome'),
  parent: () => import('~/features/home/parent/ParentHome'),
  student: () => import('~/features/home/student/StudentHome'),
};
type HomeKind = keyof typeof HOME_MODULES;
type HomeModules = { [K in HomeKind]: Awaited<ReturnType<(typeof HOME_MODULES)[K]>> };

/** The modules loaded so far; the loader fills them in before the page renders. */
const loaded: Partial<HomeModules> = {};

function kindOf(type: DashboardType): HomeKind {
  return type === 'admin' || type === 'administration' ? 'staff' : type;
}

async function loadModule<K extends HomeKind>(kind: K): Promise<HomeModules[K]> {
  const module = (await HOME_MODULES[kind]()) as HomeModules[K];
  loaded[kind] = module;
  return module;
}

/**
 * The tiles' data for the chosen dashboard type. Each loader returns at once with one promise per
 * tile, so the page shows its frame and skeletons immediately and each tile fills in when its data
 * is there (a new device's first sync may take a while).
 */
async function loadHome(type: DashboardType, user: SessionUser) {
  switch (type) {
    case 'admin':
    case 'administration':
      return { type, staff: (await loadModule('staff')).loadStaffHome(user) } as const;
    case 'facilitator':
      return {
        type,
        facilitator: (await loadModule('facilitator')).loadFacilitatorHome(user),
      } as const;
    case 'parent':
      return { type, parent: (await loadModule('parent')).loadParentHome(user) } as const;
    case 'student':
      return { type, student: (await loadModule('student')).loadStudentHome(user) } as const;
  }
}

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  // Fetched while the session is restored; the type may still change with the session.
  void loadModule(kindOf(settingsStore.getState().dashboardType)).catch(() => undefined);
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
  // The loader that produced `home` has loaded the module of its type.
  const { staff, facilitator, parent, student } = loaded;
  return (
    <HomeOverview title={title} dashboardType={home.type}>
      {home.staff && staff ? <staff.StaffHome data={home.staff} dashboardType={home.type} /> : null}
      {home.facilitator && facilitator ? (
        <facilitator.FacilitatorHome data={home.facilitator} />
      ) : null}
      {home.parent && parent ? <parent.ParentHome data={home.parent} /> : null}
      {home.student && student ? <student.StudentHome data={home.student} /> : null}
    </HomeOverview>
  );
}

export default function Home() {
  return <HomeDashboard title={handle.title} />;
}
