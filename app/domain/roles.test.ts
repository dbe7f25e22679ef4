import { describe, expect, it } from 'vitest';
import {
  ADMIN_ROLES,
  changesAdminRoles,
  DASHBOARD_TYPE_PRIORITY,
  dashboardTypeForRoles,
  isAdmin,
  isAdminRole,
  isStaff,
  isStaffOrFacilitator,
  isSuperAdmin,
  rolesFromClaims,
  STAFF_ROLES,
  withImpliedRoles,
} from './roles';

const STAFF = ['staff.school.example', 'admin.school.example'] as const;

describe('rolesFromClaims', () => {
  it('reads the roles array and ignores values that are not roles', () => {
    const result = rolesFromClaims(
      { roles: ['parent', 'wizard', 42, 'student'] },
      'p@mail.example',
      STAFF,
    );
    expect(result.roles).toEqual(['parent', 'student']);
    expect(result.isAdmin).toBe(false);
    expect(result.isSuperAdmin).toBe(false);
  });

  it('falls back to the single role claim when there is no roles array', () => {
    expect(rolesFromClaims({ role: 'facilitator' }, null, STAFF).roles).toEqual(['facilitator']);
  });

  it('prefers the roles array over the single role claim', () => {
    expect(rolesFromClaims({ roles: ['student'], role: 'admin' }, null, STAFF).roles).toEqual([
      'student',
    ]);
  });

  it('expands boolean admin and superAdmin claims into roles and flags', () => {
    const admin = rolesFromClaims({ admin: true }, null, STAFF);
    expect(admin).toMatchObject({ roles: ['admin'], isAdmin: true, isSuperAdmin: false });
    const superAdmin = rolesFromClaims({ superAdmin: true }, null, STAFF);
    expect(superAdmin).toMatchObject({ roles: ['superAdmin'], isAdmin: true, isSuperAdmin: true });
  });

  it('grants admin and superAdmin to a verified e-mail on a staff domain, case-insensitively', () => {
    const result = rolesFromClaims({ email_verified: true }, 'Head@Staff.School.Example', STAFF);
    expect(result.roles).toEqual(['admin', 'superAdmin']);
    expect(result.isAdmin && result.isSuperAdmin).toBe(true);
  });

  it('grants nothing to a staff-domain address until the token says it is verified', () => {
    // A password sign-up under the staff domain: Firebase sets email_verified false.
    for (const claims of [
      { email_verified: false },
      {},
      { email_verified: 'true' },
      { email_verified: 1 },
    ]) {
      expect(rolesFromClaims(claims, 'head@staff.school.example', STAFF)).toMatchObject({
        roles: [],
        isAdmin: false,
        isSuperAdmin: false,
      });
    }
    // Roles given by claims stay, verified or not: only the domain's grant waits.
    expect(
      rolesFromClaims({ roles: ['parent'], email_verified: false }, 'p@staff.school.example', STAFF)
        .roles,
    ).toEqual(['parent']);
  });

  it('leaves an existing admin on a staff domain without superAdmin', () => {
    const result = rolesFromClaims(
      { roles: ['admin'], email_verified: true },
      'a@admin.school.example',
      STAFF,
    );
    expect(result.roles).toEqual(['admin']);
    expect(result.isSuperAdmin).toBe(false);
  });

  it('does not treat a look-alike domain as a staff domain', () => {
    const verified = { email_verified: true };
    expect(rolesFromClaims(verified, 'x@notstaff.school.example', STAFF).roles).toEqual([]);
    expect(rolesFromClaims(verified, 'x@staff.school.example.evil', STAFF).roles).toEqual([]);
  });

  it('keeps only string values of the tokens map', () => {
    const result = rolesFromClaims({ tokens: { a: 'x', b: 1, c: null, d: 'y' } }, null, STAFF);
    expect(result.tokens).toEqual({ a: 'x', d: 'y' });
  });

  it('gives a facilitator with a memberUUID a facilitator token', () => {
    const result = rolesFromClaims({ roles: ['facilitator'], memberUUID: 'm-1' }, null, STAFF);
    expect(result.tokens).toEqual({ facilitator: 'm-1' });
    expect(rolesFromClaims({ roles: ['parent'], memberUUID: 'm-1' }, null, STAFF).tokens).toEqual(
      {},
    );
  });

  it('survives claims that are not an object at all', () => {
    expect(rolesFromClaims('garbage', null, STAFF).roles).toEqual([]);
    expect(rolesFromClaims(null, null, STAFF).roles).toEqual([]);
  });
});

describe('dashboard type priority', () => {
  it('orders admin, facilitator, administration, parent, student', () => {
    expect(DASHBOARD_TYPE_PRIORITY).toEqual([
      'admin',
      'facilitator',
      'administration',
      'parent',
      'student',
    ]);
  });

  it('picks the highest-priority dashboard a user holds, counting superAdmin as admin', () => {
    expect(dashboardTypeForRoles(['parent', 'facilitator'])).toBe('facilitator');
    expect(dashboardTypeForRoles(['student', 'administration'])).toBe('administration');
    expect(dashboardTypeForRoles(['superAdmin'])).toBe('admin');
    expect(dashboardTypeForRoles([])).toBeNull();
  });
});

describe('is this person staff? (the one answer, issue 30)', () => {
  it('counts the office roles as staff, and nobody else', () => {
    expect(isStaff(['admin'])).toBe(true);
    expect(isStaff(['superAdmin'])).toBe(true);
    expect(isStaff(['administration'])).toBe(true);
    expect(isStaff(['parent', 'administration'])).toBe(true);
    expect(isStaff(['facilitator'])).toBe(false);
    expect(isStaff(['parent', 'student'])).toBe(false);
    expect(isStaff([])).toBe(false);
  });

  it('lets facilitators in only where the check says so', () => {
    expect(isStaffOrFacilitator(['facilitator'])).toBe(true);
    expect(isStaffOrFacilitator(['administration'])).toBe(true);
    expect(isStaffOrFacilitator(['parent'])).toBe(false);
    expect(isStaffOrFacilitator(['student'])).toBe(false);
  });
});

describe('is this person an admin? (the one answer, issue 30)', () => {
  it('counts admin and superAdmin as admins, and administration as staff but no admin', () => {
    expect(isAdmin(['admin'])).toBe(true);
    expect(isAdmin(['superAdmin'])).toBe(true);
    expect(isAdmin(['parent', 'admin'])).toBe(true);
    expect(isAdmin(['administration'])).toBe(false);
    expect(isAdmin(['facilitator', 'parent', 'student'])).toBe(false);
    expect(isAdmin([])).toBe(false);
    // Every admin is staff; not every member of staff is an admin.
    expect(ADMIN_ROLES.every((role) => STAFF_ROLES.includes(role))).toBe(true);
  });

  it('tells an admin role from the others, one role at a time', () => {
    expect(isAdminRole('admin')).toBe(true);
    expect(isAdminRole('superAdmin')).toBe(true);
    expect(isAdminRole('administration')).toBe(false);
    expect(isAdminRole('wizard')).toBe(false);
  });

  it('names only the superAdmin role as superAdmin (an admin is not one)', () => {
    expect(isSuperAdmin(['superAdmin'])).toBe(true);
    expect(isSuperAdmin(['admin', 'superAdmin'])).toBe(true);
    expect(isSuperAdmin(['admin'])).toBe(false);
    expect(isSuperAdmin([])).toBe(false);
  });

  it('sees a change of admin roles whether they are granted or removed', () => {
    expect(changesAdminRoles(['parent'], ['parent', 'admin'])).toBe(true);
    expect(changesAdminRoles(['superAdmin'], [])).toBe(true);
    expect(changesAdminRoles(['admin'], ['admin', 'superAdmin'])).toBe(true);
    expect(changesAdminRoles(['admin', 'parent'], ['admin', 'facilitator'])).toBe(false);
    expect(changesAdminRoles(['administration'], [])).toBe(false);
  });

  it('counts a superAdmin as an admin where roles are matched by name (dashboards, audiences)', () => {
    expect(withImpliedRoles(['superAdmin', 'parent'])).toEqual(['superAdmin', 'parent', 'admin']);
    expect(withImpliedRoles(['admin', 'superAdmin'])).toEqual(['admin', 'superAdmin']);
    expect(withImpliedRoles(['administration'])).toEqual(['administration']);
  });
});
