// Which dashboard variant to show (spec §1): host name first, then path prefix, then admin.
// Host names are matched by whole label (domain.md), so `administration.school.example` is the
// administration dashboard and not admin.
import { STORAGE_KEYS } from '~/config/constants';

/** The order in which host labels and path prefixes are checked (spec §1). */
export const DASHBOARD_TYPES = [
  'admin',
  'administration',
  'facilitator',
  'parent',
  'student',
] as const;
export type DashboardType = (typeof DASHBOARD_TYPES)[number];
/** Checks an unknown value (zod's safeParse shape, without zod: this module is on the first load). */
export const dashboardTypeSchema = {
  safeParse(value: unknown): { success: true; data: DashboardType } | { success: false } {
    const found = DASHBOARD_TYPES.find((type) => type === value);
    return found === undefined ? { success: false } : { success: true, data: found };
  },
};

export const DASHBOARD_TYPE_LABELS: Record<DashboardType, string> = {
  admin: 'Admin',
  administration: 'Administration',
  facilitator: 'Facilitator',
  parent: 'Parent',
  student: 'Student',
};

export interface DashboardTypeDetection {
  type: DashboardType;
  source: 'host' | 'path' | 'default';
  /** With a path prefix (`/parent/dash/home`), the path to continue at without it. */
  pathWithoutPrefix?: string;
}

export function dashboardTypeFromHost(hostname: string): DashboardType | null {
  const labels = hostname.toLowerCase().split('.');
  return DASHBOARD_TYPES.find((type) => labels.includes(type)) ?? null;
}

export function dashboardTypeFromPath(
  pathname: string,
): { type: DashboardType; pathWithoutPrefix: string } | null {
  const [, first = '', ...rest] = pathname.split('/');
  const parsed = dashboardTypeSchema.safeParse(first.toLowerCase());
  if (!parsed.success) return null;
  return { type: parsed.data, pathWithoutPrefix: `/${rest.join('/')}` };
}

export function detectDashboardType(location: {
  hostname: string;
  pathname: string;
}): DashboardTypeDetection {
  const fromHost = dashboardTypeFromHost(location.hostname);
  if (fromHost) return { type: fromHost, source: 'host' };
  const fromPath = dashboardTypeFromPath(location.pathname);
  if (fromPath) return { ...fromPath, source: 'path' };
  return { type: 'admin', source: 'default' };
}

export function readStoredDashboardType(): DashboardType | null {
  try {
    const parsed = dashboardTypeSchema.safeParse(localStorage.getItem(STORAGE_KEYS.dashboardType));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function storeDashboardType(type: DashboardType): void {
  try {
    localStorage.setItem(STORAGE_KEYS.dashboardType, type);
  } catch {
    // Non-essential: without storage the type is detected again on the next visit.
  }
}
