// Maps the current page to its user-guide page (spec §2 "Contextual help"): "Matching is by exact
// route, then by prefix, otherwise the documentation home." Each route names its page in its
// handle's `guide`. Exact: the page's own route names one (the leaf match, or the route whose path
// is this path). Prefix: the longest route path that names one and is a whole-segment prefix of this
// path (/dash/students/s-1/edit → /dash/students). Otherwise the guide's home, 'index'.
// Pathless layouts have no path, so they take part in neither rule, and '/' is only ever an exact
// match (as a prefix it would swallow every path and the home would never be reached).
// This module is on the first load of every page (the help button), so it imports nothing: the
// route list comes in as an argument (HelpButton loads `virtual:route-handles` when it is pressed)
// and whether the id exists is checked by the tests against the guide's manifest.

/** The guide's home page (guide-meta's GUIDE_HOME_PAGE, repeated so this module stays tiny). */
export const GUIDE_HOME_ID = 'index';

/** A route as `virtual:route-handles` lists it: its static path (null when dynamic) and handle. */
export interface GuideRoute {
  path: string | null;
  handle: { guide?: string };
}

/** The `guide` a handle declares, if it is a non-empty string. */
function declaredGuide(handle: unknown): string | null {
  if (typeof handle !== 'object' || handle === null || !('guide' in handle)) return null;
  return typeof handle.guide === 'string' && handle.guide !== '' ? handle.guide : null;
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** How a location found its page, for the tests and anyone wondering why a page was chosen. */
export type GuideMatch =
  | { rule: 'exact'; id: string }
  | { rule: 'prefix'; id: string; prefix: string }
  | { rule: 'home'; id: string };

export function matchGuide(
  pathname: string,
  matches: ReadonlyArray<{ handle?: unknown }>,
  routes: readonly GuideRoute[],
): GuideMatch {
  const segments = segmentsOf(pathname);
  const samePath = (path: string) => {
    const other = segmentsOf(path);
    return other.length === segments.length && other.every((s, i) => s === segments[i]);
  };

  const leaf = declaredGuide(matches[matches.length - 1]?.handle);
  if (leaf) return { rule: 'exact', id: leaf };
  const own = routes.find((route) => route.path !== null && samePath(route.path));
  const ownGuide = own ? declaredGuide(own.handle) : null;
  if (ownGuide) return { rule: 'exact', id: ownGuide };

  let best: { id: string; prefix: string; length: number } | null = null;
  for (const route of routes) {
    const id = declaredGuide(route.handle);
    if (!id || route.path === null) continue;
    const prefix = segmentsOf(route.path);
    if (prefix.length === 0 || prefix.length >= segments.length) continue;
    if (!prefix.every((s, i) => s === segments[i])) continue;
    if (!best || prefix.length > best.length) {
      best = { id, prefix: `/${prefix.join('/')}`, length: prefix.length };
    }
  }
  if (best) return { rule: 'prefix', id: best.id, prefix: best.prefix };
  return { rule: 'home', id: GUIDE_HOME_ID };
}

/** The guide page id for this location. */
export function guideForLocation(
  pathname: string,
  matches: ReadonlyArray<{ handle?: unknown }>,
  routes: readonly GuideRoute[],
): string {
  return matchGuide(pathname, matches, routes).id;
}
