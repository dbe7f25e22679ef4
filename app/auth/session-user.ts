// The signed-in person as the app sees them. It sits in a module of its own so the session and the
// user-data lifecycle can both name it without importing each other.
import type { Member } from '~/domain/records';
import type { Role } from '~/domain/roles';
import type { DashboardType } from '~/settings/dashboard-type';

export interface SessionUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  roles: Role[];
  isAdmin: boolean;
  isSuperAdmin: boolean;
  tokens: Record<string, string>;
  preferences: { persistLogin: boolean; theme?: string };
  memberUUID: string;
  /** The Members profile, when it could be read (it cannot while offline on a fresh start). */
  member: Member | null;
  /** The dashboard types this user may switch between, highest priority first. */
  dashboardTypes: DashboardType[];
}
