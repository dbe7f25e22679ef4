// The route matrix: every dashboard route of the app × the six demo roles × the three themes × the
// two sizes people are checked at. The routes are read from the route modules (app/routes/_dash.*),
// so a new screen joins the matrix without anyone listing it; a new URL parameter stops the matrix
// with a message until it is given a sample record below. The expected outcome of each visit (the
// page, or the 403 or 404 page) comes from the same permission matrix the app guards its routes with.
// Used by test/e2e/route-matrix.spec.ts (the checks) and scripts/screenshots.mjs (the pictures).
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { canOpenArea, type Area } from '../../app/domain/areas';
import { PERMISSION_MATRIX, type PermissionCollection } from '../../app/domain/permissions';
import { readRouteHandles } from '../../scripts/route-handles-plugin';
import type { Role } from '../../app/domain/roles';
import type { DemoRole, ThemeName } from './fixtures';

export const MATRIX_ROLES: DemoRole[] = [
  'superAdmin',
  'admin',
  'administration',
  'facilitator',
  'parent',
  'student',
];
export const MATRIX_THEMES: ThemeName[] = ['default', 'dark', 'accessible'];
export const MATRIX_SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
export type MatrixSize = (typeof MATRIX_SIZES)[number];

/** What a person should see at a URL: the page itself, or the refusal or not-found page. */
export type Outcome = 'page' | 403 | 404;

export interface MatrixRoute {
  /** The route module's file name, e.g. `_dash.dash.students_.$studentId.tsx`. */
  file: string;
  /** The URL pattern, e.g. `/dash/students/:studentId`. */
  pattern: string;
  /** The area of its handle (what requireArea checks), when it has one. */
  area: Area | null;
}

const routesDir = fileURLToPath(new URL('../../app/routes', import.meta.url));

/**
 * The URL pattern of a flat-routes file name, dynamic segments included:
 * `_dash.dash.students_.$studentId.tsx` → `/dash/students/:studentId`, `_dash.dash.$.tsx` →
 * `/dash/*`. Null for the pathless layout itself.
 */
export function routePatternOf(file: string): string | null {
  const name = file.replace(/\.(tsx|ts)$/, '');
  const segments: string[] = [];
  for (const raw of name.split('.')) {
    if (raw === '_index') continue;
    if (raw === '$') segments.push('*');
    else if (raw.startsWith('$')) segments.push(`:${raw.slice(1).replace(/_$/, '')}`);
    else if (raw.startsWith('_')) continue;
    else segments.push(raw.replace(/_$/, ''));
  }
  if (segments.length === 0) return null;
  return `/${segments.join('/')}`;
}

/** Every route under the signed-in dashboard layout (`_dash.*`), with its handle's area. */
export function dashboardRoutes(): MatrixRoute[] {
  const areas = new Map(
    readRouteHandles(routesDir).map(({ file, handle }) => [
      file,
      typeof handle.area === 'string' ? (handle.area as Area) : null,
    ]),
  );
  return readdirSync(routesDir)
    .filter((file) => /^_dash\..+\.tsx?$/.test(file) && !/\.(test|d)\.tsx?$/.test(file))
    .sort()
    .flatMap((file) => {
      const pattern = routePatternOf(file);
      return pattern ? [{ file, pattern, area: areas.get(file) ?? null }] : [];
    });
}

/**
 * The record each parameter is filled with: one of the demo school's seeded records (mocks/seed.ts)
 * that the demo accounts are linked to — Leo Whitfield (the demo student, child of the demo parent,
 * in the demo facilitator's classroom), his family, Daniel Mensah (the demo facilitator). Where the
 * record depends on who looks (a conversation is only its participants'), each role gets one of its
 * own.
 */
const PARAM_SAMPLES: Record<string, string | Record<DemoRole, string>> = {
  studentId: 'stu-00000',
  familyId: 'fam-0000',
  facilitatorId: 'fac-000',
  memberId: 'demo-parent',
  eventId: 'evt-003',
  inquiryId: 'inq-000',
  kind: 'campuses',
  id: 'campus-north',
  conversationId: {
    superAdmin: 'conv-staff-planning',
    admin: 'conv-staff-planning',
    administration: 'conv-leo-trip',
    facilitator: 'conv-leo-progress',
    parent: 'conv-leo-progress',
    student: 'conv-leo-homework',
  },
  '*': 'no-such-page',
};

/** The URL a role visits for a route: its pattern with the role's sample records filled in. */
export function sampleUrl(route: MatrixRoute, role: DemoRole): string {
  return route.pattern.replace(/:(\w+)|\*/g, (match, name: string | undefined) => {
    const sample = PARAM_SAMPLES[name ?? match];
    if (sample === undefined) {
      throw new Error(
        `${route.file}: the route matrix has no sample record for the parameter "${name ?? match}". Add one to PARAM_SAMPLES in test/e2e/route-matrix.ts.`,
      );
    }
    return typeof sample === 'string' ? sample : sample[role];
  });
}

/**
 * Routes that create or change records, so only the roles that may write the collection open them;
 * the rest get 403. `any`: any write scope of the permission matrix will do (the sample record is
 * one the demo account may change: evt-003 is a classroom event of the demo facilitator's class,
 * fac-000 is the demo facilitator's own profile, fam-0000 is the demo parent's family). `all`: the
 * page creates records or changes every field, which only the roles writing the whole collection do.
 */
const WRITE_ROUTES: Record<string, { collection: PermissionCollection; needs: 'any' | 'all' }> = {
  '/dash/calendar/new': { collection: 'events', needs: 'any' },
  '/dash/calendar/:eventId/edit': { collection: 'events', needs: 'any' },
  // The organiser's replies: those who may change events (issue 32).
  '/dash/calendar/:eventId/replies': { collection: 'events', needs: 'any' },
  '/dash/resources/new': { collection: 'resources', needs: 'any' },
  '/dash/facilitators/:facilitatorId/edit': { collection: 'facilitators', needs: 'any' },
  '/dash/families/:familyId/contact': { collection: 'families', needs: 'any' },
  '/dash/students/new': { collection: 'students', needs: 'all' },
  '/dash/students/:studentId/edit': { collection: 'students', needs: 'all' },
  '/dash/families/new': { collection: 'families', needs: 'all' },
  '/dash/families/:familyId/edit': { collection: 'families', needs: 'all' },
  '/dash/facilitators/new': { collection: 'facilitators', needs: 'all' },
  '/dash/import': { collection: 'students', needs: 'all' },
  '/dash/parent-inquiries/:inquiryId/convert': { collection: 'students', needs: 'all' },
};

const STAFF: DemoRole[] = ['superAdmin', 'admin', 'administration'];

/** Pages of an area that are for some of its roles only, by the product's rules (domain.md). */
const ONLY_FOR: Record<string, DemoRole[]> = {
  // Following up absences is the office's work; facilitators see their own classes' reports.
  '/dash/attendance/alerts': STAFF,
  '/dash/attendance/reports': [...STAFF, 'facilitator'],
  // Administration reads accounts but only admins create them.
  '/dash/members/invite': ['superAdmin', 'admin'],
  // Families report absences (issue 32); a student only where their campus allows, which no seeded
  // campus does.
  '/dash/absences/new': ['parent'],
};

/**
 * Where the sample record itself decides: a conversation is only its participants' (anyone else
 * gets "not found", so its existence is not given away), and the demo superAdmin takes part in none.
 */
const RECORD_OUTCOMES: Record<string, Partial<Record<DemoRole, Outcome>>> = {
  '/dash/messages/:conversationId': { superAdmin: 404 },
};

/** What `role` should see at `route` (see the header comment). */
export function expectedOutcome(route: MatrixRoute, role: DemoRole): Outcome {
  if (route.pattern === '/dash/*') return 404;
  const forRecord = RECORD_OUTCOMES[route.pattern]?.[role];
  if (forRecord) return forRecord;
  // Each demo account holds exactly the role it is named after.
  const roles: Role[] = [role];
  if (route.area && !canOpenArea(roles, route.area)) return 403;
  const only = ONLY_FOR[route.pattern];
  if (only && !only.includes(role)) return 403;
  const writes = WRITE_ROUTES[route.pattern];
  if (writes) {
    const scope = PERMISSION_MATRIX[writes.collection][role].write;
    if (scope === 'none' || (writes.needs === 'all' && scope !== 'all')) return 403;
  }
  return 'page';
}

export interface Visit {
  route: MatrixRoute;
  role: DemoRole;
  theme: ThemeName;
  size: MatrixSize;
  url: string;
  expected: Outcome;
  /** Whether the visit also checks the page at 200 % text (a sample: see fullMatrix, sampleMatrix). */
  zoom: boolean;
}

/** Every visit of the full matrix, in role order (each role signs in once). */
export function fullMatrix(): Visit[] {
  const routes = dashboardRoutes();
  return MATRIX_ROLES.flatMap((role) =>
    MATRIX_THEMES.flatMap((theme) =>
      MATRIX_SIZES.flatMap((size) =>
        // 200 % text in one theme (layout does not change with the colours), at both sizes.
        routes.map((route) => visit(route, role, theme, size, theme === 'default')),
      ),
    ),
  );
}

function visit(
  route: MatrixRoute,
  role: DemoRole,
  theme: ThemeName,
  size: MatrixSize,
  zoom: boolean,
): Visit {
  return {
    route,
    role,
    theme,
    size,
    url: sampleUrl(route, role),
    expected: expectedOutcome(route, role),
    zoom,
  };
}

/**
 * The rotating sample `npm test` runs: every route once per run, each time as another role, in
 * another theme and at another size, half of them also at 200 % text. Role, theme and size turn at different speeds (every day, every
 * 6 days, every 18 days), so over 36 days every route has been seen in every combination.
 */
export function sampleMatrix(rotation: number): Visit[] {
  const pick = <T>(list: readonly T[], turn: number): T => list[turn % list.length] as T;
  return dashboardRoutes().map((route, i) =>
    visit(
      route,
      pick(MATRIX_ROLES, i + rotation),
      pick(MATRIX_THEMES, i + Math.floor(rotation / 6)),
      pick(MATRIX_SIZES, i + Math.floor(rotation / 18)),
      // Every other route at 200 % text, the other half the next day.
      (i + rotation) % 2 === 0,
    ),
  );
}
