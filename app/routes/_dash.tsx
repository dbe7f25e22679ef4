// The dashboard layout: every /dash/ page inside the dashboard shell (header, area navigation and
// the page; app/features/shell/), and the error page inside it too. It remembers every /dash/ page
// entered as lastPage (spec §2).
import { Outlet, useLoaderData, useLocation, useRouteLoaderData } from '@remix-run/react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { requireUser } from '~/auth/guards';
import { PersonZoneContext } from '~/auth/person-zone-context';
import type * as DashboardShellModule from '~/features/shell/DashboardShell';
import { rememberLastPage } from '~/settings/last-page';
import { GeneralErrorBoundary } from '~/ui/errors';
import type { ClientLoaderFunctionArgs } from '@remix-run/react';

/**
 * The shell (with the notifications feed, the sync status and the search it holds) is not on the
 * first load (issue 29, decision 043): the loader fetches it while the session is restored, so a
 * first visit runs less before it can ask for the session, and waits for nothing more.
 */
let shellModule: typeof DashboardShellModule | null = null;
function loadShell() {
  return import('~/features/shell/DashboardShell').then((module) => {
    shellModule = module;
    return module;
  });
}
const LazyShell = lazy(() => loadShell().then((module) => ({ default: module.DashboardShell })));

function Shell({ children }: { children: ReactNode }) {
  // After the loader the module is there; an error page may come before it has loaded.
  if (shellModule) return <shellModule.DashboardShell>{children}</shellModule.DashboardShell>;
  return (
    <Suspense fallback={null}>
      <LazyShell>{children}</LazyShell>
    </Suspense>
  );
}

// Every /dash/* page requires sign-in (docs/decisions/003-guard-every-dash-route.md).
// The person's campus zone is read beside the shell: every time shown is written in it (issue 30).
export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const shell = loadShell();
  const user = await requireUser(request);
  const [timeZone] = await Promise.all([
    import('~/auth/person-zone').then(({ loadPersonZone }) => loadPersonZone(user)),
    shell,
  ]);
  return { timeZone, user };
}

export default function DashboardLayout() {
  const location = useLocation();
  const loaded = useLoaderData<typeof clientLoader>();
  // The loader's zone, corrected when the sync brings what the zone rule reads (person-zone.ts).
  const [timeZone, setTimeZone] = useState(loaded.timeZone);
  useEffect(() => setTimeZone(loaded.timeZone), [loaded.timeZone]);
  useEffect(() => {
    let stop: (() => void) | null = null;
    let left = false;
    void import('~/auth/person-zone').then(({ watchPersonZone }) => {
      if (!left) stop = watchPersonZone(loaded.user, setTimeZone);
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [loaded.user]);
  useEffect(() => {
    rememberLastPage(location);
  }, [location]);
  return (
    <PersonZoneContext.Provider value={timeZone}>
      <Shell>
        <Outlet />
      </Shell>
    </PersonZoneContext.Provider>
  );
}

export function ErrorBoundary() {
  // The loader may be what failed: then the context's default (the device's zone) applies.
  const timeZone = useRouteLoaderData<typeof clientLoader>('routes/_dash')?.timeZone ?? null;
  return (
    <PersonZoneContext.Provider value={timeZone}>
      <Shell>
        <GeneralErrorBoundary homeHref="/dash/home" />
      </Shell>
    </PersonZoneContext.Provider>
  );
}
