// Every unknown URL ends here (toolchain.md: without a splat route, a first load of an unknown URL in
// SPA mode is a blank page). A dashboard-type prefix (`/parent/dash/home`) is not unknown: the type
// is stored and the app continues at the path without it (spec §1).
import { redirect, type ClientLoaderFunctionArgs } from '@remix-run/react';
import { dashboardTypeFromPath, storeDashboardType } from '~/settings/dashboard-type';
import { settingsStore } from '~/settings/store';
import { pageNotFound } from '~/ui/responses';

export function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const url = new URL(request.url);
  const prefixed = dashboardTypeFromPath(url.pathname);
  if (prefixed) {
    storeDashboardType(prefixed.type);
    settingsStore.setDashboardType(prefixed.type);
    return redirect(`${prefixed.pathWithoutPrefix}${url.search}${url.hash}`);
  }
  throw pageNotFound(url.pathname);
}

export default function NotFound() {
  return null;
}
