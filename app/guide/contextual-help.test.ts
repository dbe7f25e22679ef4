import { ROUTE_HANDLES } from 'virtual:route-handles';
import { GUIDE_PAGES } from 'virtual:user-guide';
import { describe, expect, it } from 'vitest';
import { guideForLocation, matchGuide } from './contextual-help';

const GUIDE_IDS = new Set(GUIDE_PAGES.map((page) => page.id));

/** A route file's URL pattern, dynamic segments kept: `_dash.dash.students_.$studentId.tsx` → `/dash/students/$studentId`. */
function patternOf(file: string): string {
  const segments = file
    .replace(/\.tsx?$/, '')
    .split('.')
    .filter((raw) => !raw.startsWith('_'))
    .map((raw) => raw.replace(/_$/, ''));
  return `/${segments.join('/')}`;
}

/** A real-looking URL for a pattern: every $param (and a splat) gets a sample value. */
function samplePath(pattern: string): string {
  return pattern
    .split('/')
    .map((segment) =>
      segment === '$'
        ? 'getting-started/navigation'
        : segment.startsWith('$')
          ? `sample-${segment.slice(1)}`
          : segment,
    )
    .join('/');
}

/** What Remix's useMatches gives on that route: the root, the layout, then the route itself. */
function matchesOn(file: string) {
  const route = ROUTE_HANDLES.find((entry) => entry.file === file);
  return [{ handle: undefined }, { handle: undefined }, { handle: route?.handle }];
}

function helpFor(pathname: string) {
  const route = ROUTE_HANDLES.find(
    (entry) => entry.path === pathname || samplePath(patternOf(entry.file)) === pathname,
  );
  return matchGuide(pathname, route ? matchesOn(route.file) : [{}], ROUTE_HANDLES);
}

const DASH_ROUTES = ROUTE_HANDLES.filter((entry) => patternOf(entry.file).startsWith('/dash/'));

describe('contextual help: which guide page the help button opens', () => {
  it('knows the dashboard’s pages (the route list is not empty)', () => {
    expect(DASH_ROUTES.length).toBeGreaterThan(30);
  });

  it('maps the routes the spec names to the spec’s pages', () => {
    expect(helpFor('/dash/home')).toEqual({
      rule: 'exact',
      id: 'getting-started/dashboard-overview',
    });
    expect(helpFor('/dashboard')).toEqual({
      rule: 'exact',
      id: 'getting-started/dashboard-overview',
    });
    expect(helpFor('/dash/profile')).toEqual({ rule: 'exact', id: 'features/profile-management' });
    expect(helpFor('/dash/settings')).toEqual({ rule: 'exact', id: 'features/theme-settings' });
    expect(helpFor('/dash/notifications')).toEqual({
      rule: 'exact',
      id: 'features/notifications',
    });
    expect(helpFor('/auth/login')).toEqual({ rule: 'exact', id: 'getting-started/signing-in' });
    expect(helpFor('/auth/signin')).toEqual({ rule: 'exact', id: 'getting-started/signing-in' });
  });

  it('maps every other area to its own page', () => {
    const expected: Record<string, string> = {
      '/dash/students': 'features/students-and-families',
      '/dash/families': 'features/students-and-families',
      '/dash/facilitators': 'features/facilitators-and-school',
      '/dash/school': 'features/facilitators-and-school',
      '/dash/members': 'features/members-and-roles',
      '/dash/roles': 'features/members-and-roles',
      '/dash/attendance': 'features/attendance',
      '/dash/messages': 'features/messages',
      '/dash/parent-inquiries': 'features/parent-inquiries',
      '/dash/resources': 'features/resources',
      '/dash/calendar': 'features/calendar',
      '/login': 'getting-started/signing-in',
      '/': 'getting-started/signing-in',
      '/inquire': 'features/parent-inquiries',
    };
    for (const [path, id] of Object.entries(expected)) {
      expect(helpFor(path), path).toEqual({ rule: 'exact', id });
    }
  });

  it('every /dash route finds a page of the guide by its exact route or by prefix, never the home', () => {
    for (const entry of DASH_ROUTES) {
      const pattern = patternOf(entry.file);
      const path = samplePath(pattern);
      const found = helpFor(path);
      expect(GUIDE_IDS.has(found.id), `${path} → ${found.id}`).toBe(true);
      if (entry.handle.guide) {
        expect(found, path).toEqual({ rule: 'exact', id: entry.handle.guide });
      } else {
        // The page inherits from the nearest route above it that names a page, e.g.
        // /dash/students/sample-studentId/edit → /dash/students.
        expect(found.rule, path).toBe('prefix');
        const owner = ROUTE_HANDLES.find(
          (other) => found.rule === 'prefix' && other.path === found.prefix,
        );
        expect(owner?.handle.guide, path).toBe(found.id);
        expect(path.startsWith(`${found.rule === 'prefix' ? found.prefix : ''}/`), path).toBe(true);
      }
      expect(found.rule, path).not.toBe('home');
    }
  });

  it('sub-pages use their area’s page: attendance, students, inquiries, school', () => {
    expect(helpFor('/dash/attendance/register')).toMatchObject({
      rule: 'prefix',
      id: 'features/attendance',
    });
    expect(helpFor('/dash/students/sample-studentId/edit')).toEqual({
      rule: 'prefix',
      id: 'features/students-and-families',
      prefix: '/dash/students',
    });
    expect(helpFor('/dash/parent-inquiries/sample-inquiryId/convert')).toMatchObject({
      rule: 'prefix',
      id: 'features/parent-inquiries',
    });
    expect(helpFor('/dash/school/sample-kind/new')).toMatchObject({
      rule: 'prefix',
      id: 'features/facilitators-and-school',
    });
  });

  it('an address no route names falls back to the documentation home', () => {
    expect(guideForLocation('/dash/no-such-page', [{}, {}], ROUTE_HANDLES)).toBe('index');
    expect(
      guideForLocation('/examples', [{}, { handle: { title: 'Examples' } }], ROUTE_HANDLES),
    ).toBe('index');
    expect(guideForLocation('/nowhere', [], [])).toBe('index');
  });

  it('matches whole segments only, and the root path is never a prefix', () => {
    const routes = [
      { path: '/', handle: { guide: 'getting-started/signing-in' } },
      { path: '/dash/students', handle: { guide: 'features/students-and-families' } },
      { path: '/dash/students/new', handle: { guide: 'features/search' } },
    ];
    expect(matchGuide('/dash/students-archive', [], routes).rule).toBe('home');
    expect(matchGuide('/anything', [], routes).rule).toBe('home');
    expect(matchGuide('/', [], routes)).toEqual({
      rule: 'exact',
      id: 'getting-started/signing-in',
    });
    // The longest prefix wins, and a trailing slash does not matter.
    expect(matchGuide('/dash/students/new/step-2/', [], routes)).toEqual({
      rule: 'prefix',
      id: 'features/search',
      prefix: '/dash/students/new',
    });
    expect(matchGuide('/dash/students/', [], routes).rule).toBe('exact');
  });

  it('the leaf route’s own guide wins, so a dynamic route can name its page', () => {
    expect(helpFor('/help/getting-started/navigation')).toEqual({
      rule: 'exact',
      id: 'accessing-documentation',
    });
    const routes = [
      { path: '/dash/students', handle: { guide: 'features/students-and-families' } },
    ];
    expect(
      matchGuide('/dash/students/s-1', [{}, { handle: { guide: 'roles/parent' } }], routes),
    ).toEqual({ rule: 'exact', id: 'roles/parent' });
  });

  it('every page a route names exists in the guide', () => {
    const named = ROUTE_HANDLES.flatMap((entry) => (entry.handle.guide ? [entry] : []));
    expect(named.length).toBeGreaterThan(15);
    for (const { file, handle } of named) {
      expect(GUIDE_IDS.has(handle.guide ?? ''), `${file}: ${handle.guide}`).toBe(true);
    }
  });
});
