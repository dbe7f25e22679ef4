// The dashboard layout: every /dash/ page inside the dashboard shell (header, area navigation and
// the page; app/features/shell/), and the error page inside it too. It remembers every /dash/ page
// entered as lastPage (spec §2).
import { Outlet, useLocation } from '@remix-run/react';
import { useEffect } from 'react';
import { requireUser } from '~/auth/guards';
import { DashboardShell } from '~/features/shell/DashboardShell';
import { rememberLastPage } from '~/settings/last-page';
import { GeneralErrorBoundary } from '~/ui/errors';
import type { ClientLoaderFunctionArgs } from '@remix-run/react';

// Every /dash/* page requires sign-in (docs/decisions/003-guard-every-dash-route.md).
export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function DashboardLayout() {
  const location = useLocation();
  useEffect(() => {
    rememberLastPage(location);
  }, [location]);
  return (
    <DashboardShell>
      <Outlet />
    </DashboardShell>
  );
}

export function ErrorBoundary() {
  return (
    <DashboardShell>
      <GeneralErrorBoundary homeHref="/dash/home" />
    </DashboardShell>
  );
}
