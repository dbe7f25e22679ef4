// What a route module says about itself in its `handle` (one place per page, instead of tables keyed
// by URL): its title and description, the area a person must be allowed to open, its entry in the
// navigation, and its user-guide page. The document title, the navigation, contextual help and the
// area guards all read it. A handle is a plain literal: the navigation reads every page's handle at
// build time without loading the pages (scripts/route-handles-plugin.ts).
import { isRouteErrorResponse, type MetaDescriptor, type MetaFunction } from '@remix-run/react';
import type { Area } from '~/domain/areas';
import { errorTitle } from './responses';

export interface RouteHandle {
  title: string;
  description: string;
  /** The area a person's roles must be allowed to open (app/domain/areas.ts). */
  area?: Area;
  /** Listed in the dashboard navigation, in ascending `order`. */
  nav?: { label: string; order: number };
  /** The user-guide page for this route, e.g. 'features/calendar' (a file under docs/user-guide).
   * Help maps a location to the page of its exact route, else of the longest route prefix that
   * names one (app/guide/contextual-help.ts). */
  guide?: string;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return (
    typeof value === 'object' &&
    value !== null &&
    'title' in value &&
    typeof value.title === 'string' &&
    'description' in value &&
    typeof value.description === 'string'
  );
}

/** The handle of the deepest matched route that has one. */
export function deepestHandle(matches: ReadonlyArray<{ handle?: unknown }>): RouteHandle | null {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return null;
}

/** A route's own meta, with the error page's title in place of its title when it failed. */
export function withErrorTitle(error: unknown, descriptors: MetaDescriptor[]): MetaDescriptor[] {
  if (error === undefined || error === null) return descriptors;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return [{ title: errorTitle(status) }, ...descriptors.filter((d) => !('title' in d))];
}

/**
 * `export const meta = handleMeta`: the title and description from the route's handle; the error
 * page's title ("Not Allowed", "Page Not Found") wins when the route failed.
 */
export const handleMeta: MetaFunction = ({ matches, error }) => {
  const handle = deepestHandle(matches);
  if (!handle) return withErrorTitle(error, []);
  return withErrorTitle(error, [
    { title: handle.title },
    { name: 'description', content: handle.description },
  ]);
};
