// The dashboard layout: every /dash/ page inside the dashboard shell (header, area navigation and
// the page; app/features/shell/), and the error page inside it too. It remembers every /dash/ page
// entered as lastPage (spec §2).
import { Outlet, useLocation } from '@remix-run/react';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { requireUser } from '~/auth/guards';
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
export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const shell = loadShell();
  await requireUser(request);
  await shell;
  return null;
}

export default function DashboardLayout() {
  const location = useLocation();
  useEffect(() => {
    rememberLastPage(location);
  }, [location]);
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  return (
    <Shell>
      <GeneralErrorBoundary homeHref="/dash/home" />
    </Shell>
  );
}
