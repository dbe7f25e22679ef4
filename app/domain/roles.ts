// Turns the custom claims of a Firebase ID token into the app's roles (spec §6). The fake backend
// uses the same function, so an account is an admin on both sides of the wire or on neither.
import { z } from 'zod';

/** Every role the product knows, in no particular order. */
export const ROLES = [
  'admin',
  'superAdmin',
  'facilitator',
  'administration',
  'parent',
  'student',
] as const;
export type Role = (typeof ROLES)[number];

/** Dashboard type chosen for a user holding several roles, highest priority first (spec §6). */
export const DASHBOARD_TYPE_PRIORITY = [
  'admin',
  'facilitator',
  'administration',
  'parent',
  'student',
] as const;
export type DashboardType = (typeof DASHBOARD_TYPE_PRIORITY)[number];

export interface ClaimRoles {
  roles: Role[];
  isAdmin: boolean;
  isSuperAdmin: boolean;
  tokens: Record<string, string>;
}

const roleSchema = z.enum(ROLES);

export function isRole(value: unknown): value is Role {
  return roleSchema.safeParse(value).success;
}

// Claims come from a token someone else minted: every field is optional and may hold anything.
const claimsSchema = z
  .object({
    roles: z.unknown().optional(),
    role: z.unknown().optional(),
    admin: z.unknown().optional(),
    superAdmin: z.unknown().optional(),
    memberUUID: z.unknown().optional(),
    tokens: z.unknown().optional(),
    /** Set by Firebase Auth in every ID token: true once the address is proven (Google, link). */
    email_verified: z.unknown().optional(),
  })
  .passthrough();

function emailDomain(email: string | null): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  return at < 0 ? null : email.slice(at + 1).toLowerCase();
}

/**
 * Reads roles from token claims: the `roles` array, or else the single `role` claim. Boolean
 * `admin`/`superAdmin` claims add those roles. An e-mail on a staff domain is granted admin and
 * superAdmin unless already an admin, and only when the token says the address is verified
 * (`email_verified`, spec §6, issue 28). A facilitator with a memberUUID gets a `facilitator` token.
 */
export function rolesFromClaims(
  claims: unknown,
  email: string | null,
  staffDomains: readonly string[],
): ClaimRoles {
  const parsed = claimsSchema.safeParse(claims ?? {});
  const c = parsed.success ? parsed.data : {};
  const roles: Role[] = [];
  const add = (role: Role) => {
    if (!roles.includes(role)) roles.push(role);
  };

  if (Array.isArray(c.roles)) {
    for (const r of c.roles) if (isRole(r)) add(r);
  } else if (isRole(c.role)) {
    add(c.role);
  }
  if (c.admin === true) add('admin');
  if (c.superAdmin === true) add('superAdmin');

  let isSuperAdmin = roles.includes('superAdmin');
  let isAdmin = isSuperAdmin || roles.includes('admin');

  // Anyone can sign up with a password under any address; only a verified one (Google sign-in, or
  // the verification link) shows the person holds that mailbox. Until then: no role from the domain.
  const domain = c.email_verified === true ? emailDomain(email) : null;
  const onStaffDomain = domain !== null && staffDomains.some((d) => d.toLowerCase() === domain);
  if (onStaffDomain && !isAdmin) {
    add('admin');
    add('superAdmin');
    isAdmin = true;
    isSuperAdmin = true;
  }

  const tokens: Record<string, string> = {};
  if (c.tokens !== null && typeof c.tokens === 'object' && !Array.isArray(c.tokens)) {
    for (const [key, value] of Object.entries(c.tokens)) {
      if (typeof value === 'string') tokens[key] = value;
    }
  }
  if (roles.includes('facilitator') && typeof c.memberUUID === 'string' && c.memberUUID) {
    tokens.facilitator = c.memberUUID;
  }

  return { roles, isAdmin, isSuperAdmin, tokens };
}

/**
 * The office roles: staff rights over every school record. "Is this person staff?" is answered here
 * and only here (issue 30); facilitators are not staff, and the checks that let them in too say so
 * by calling isStaffOrFacilitator.
 */
export const STAFF_ROLES: readonly Role[] = ['admin', 'superAdmin', 'administration'];

/** Does one of these roles give staff rights (admin, superAdmin, administration)? */
export function isStaff(roles: readonly string[]): boolean {
  return roles.some((r) => (STAFF_ROLES as readonly string[]).includes(r));
}

/** Staff, or a facilitator: the people who run classes (roll calls, registers, reports). */
export function isStaffOrFacilitator(roles: readonly string[]): boolean {
  return isStaff(roles) || roles.includes('facilitator');
}

/**
 * The admin roles: only a superAdmin grants or removes them, and only their holders manage member
 * accounts, link parent accounts to families and suspend people (domain.md, permission matrix:
 * Members). Who is an admin is answered here and only here, as who is staff is.
 */
export const ADMIN_ROLES: readonly Role[] = ['admin', 'superAdmin'];

/** Is this one role an admin role (admin or superAdmin)? */
export function isAdminRole(role: string): boolean {
  return (ADMIN_ROLES as readonly string[]).includes(role);
}

/** Does one of these roles make the person an admin (admin or superAdmin)? */
export function isAdmin(roles: readonly string[]): boolean {
  return roles.some(isAdminRole);
}

/** Is the person a superAdmin, the only one who grants or removes the admin roles? */
export function isSuperAdmin(roles: readonly string[]): boolean {
  return roles.includes('superAdmin');
}

/** Does a change of roles from `before` to `after` add or remove admin or superAdmin? */
export function changesAdminRoles(before: readonly string[], after: readonly string[]): boolean {
  return ADMIN_ROLES.some((role) => before.includes(role) !== after.includes(role));
}

/**
 * The roles with those they imply: a superAdmin is an admin too (for dashboards and audiences, which
 * name 'admin' only). Each role once, in the order given, 'admin' after the rest when implied.
 */
export function withImpliedRoles(roles: readonly string[]): string[] {
  const expanded = new Set(roles);
  if (isSuperAdmin(roles)) expanded.add('admin');
  return [...expanded];
}

/** The dashboard type a user with these roles sees when nothing else decides (spec §6). */
export function dashboardTypeForRoles(roles: readonly Role[]): DashboardType | null {
  const expanded = new Set(withImpliedRoles(roles));
  return DASHBOARD_TYPE_PRIORITY.find((t) => expanded.has(t)) ?? null;
}
