import { describe, expect, it } from 'vitest';
import { parseForm, type FormValues } from '~/ui/form/parse-form';
import {
  describeCallableFailure,
  filterMembers,
  inviteFormSchema,
  linkFormSchema,
  mayChangeRole,
  mayManageMembers,
  maySetStatus,
  NEEDS_NETWORK,
  ONLY_SUPERADMIN_GRANTS_ADMIN,
  READ_ONLY_EXPLANATION,
  readMemberFilters,
  roleChangeRefusal,
  setRolesFormSchema,
  setStatusFormSchema,
  type ListedMember,
} from './member-rules';

function inviteErrors(values: FormValues) {
  const parsed = parseForm(inviteFormSchema, values);
  return parsed.ok ? {} : parsed.fieldErrors;
}

describe('the invite form', () => {
  it('accepts an address, a name and one role, lower-casing the address', () => {
    const parsed = inviteFormSchema.parse({
      email: '  New.Teacher@Example.COM ',
      displayName: ' New Teacher ',
      roles: 'facilitator',
    });
    expect(parsed).toEqual({
      email: 'new.teacher@example.com',
      displayName: 'New Teacher',
      roles: ['facilitator'],
    });
  });

  it('keeps several ticked roles once each, in the usual role order', () => {
    const parsed = inviteFormSchema.parse({
      email: 'a@example.com',
      displayName: 'A',
      roles: ['parent', 'facilitator', 'parent'],
    });
    expect(parsed.roles).toEqual(['facilitator', 'parent']);
  });

  it('asks for an e-mail address when the field is empty or missing', () => {
    expect(inviteErrors({ email: '', displayName: 'A', roles: 'parent' }).email).toBe(
      'Enter an e-mail address.',
    );
    expect(inviteErrors({ displayName: 'A', roles: 'parent' }).email).toBe(
      'Enter an e-mail address.',
    );
  });

  it('refuses an address that is not an e-mail address', () => {
    expect(inviteErrors({ email: 'not-an-address', displayName: 'A', roles: 'parent' })).toEqual({
      email: 'Enter a valid e-mail address, like name@example.com.',
    });
  });

  it('asks for a display name and limits it to 80 characters', () => {
    expect(inviteErrors({ email: 'a@example.com', displayName: '   ', roles: 'parent' })).toEqual({
      displayName: 'Enter the name the member will see.',
    });
    expect(inviteErrors({ email: 'a@example.com', roles: 'parent' }).displayName).toBe(
      'Enter the name the member will see.',
    );
    expect(
      inviteErrors({ email: 'a@example.com', displayName: 'x'.repeat(81), roles: 'parent' }),
    ).toEqual({
      displayName: 'Name the member will see can be at most 80 characters; this is 81.',
    });
  });

  it('asks for at least one role and refuses roles that do not exist', () => {
    expect(inviteErrors({ email: 'a@example.com', displayName: 'A' })).toEqual({
      roles: 'Choose at least one role.',
    });
    expect(inviteErrors({ email: 'a@example.com', displayName: 'A', roles: 'owner' })).toEqual({
      roles: 'Choose roles from the list.',
    });
  });

  it('reports every field at once when everything is wrong', () => {
    expect(Object.keys(inviteErrors({ email: 'x', displayName: '' })).sort()).toEqual([
      'displayName',
      'email',
      'roles',
    ]);
  });
});

describe('the role, status and link forms', () => {
  it('refuses a role assignment that would leave the member without any role', () => {
    const parsed = parseForm(setRolesFormSchema, { uid: 'm1' });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.fieldErrors.roles).toMatch(/Keep at least one role/);
  });

  it('accepts a role assignment with a single ticked box', () => {
    expect(setRolesFormSchema.parse({ uid: 'm1', roles: 'administration' })).toEqual({
      uid: 'm1',
      roles: ['administration'],
    });
  });

  it('accepts only active or suspended as a status', () => {
    expect(setStatusFormSchema.safeParse({ uid: 'm1', status: 'suspended' }).success).toBe(true);
    expect(setStatusFormSchema.safeParse({ uid: 'm1', status: 'deleted' }).success).toBe(false);
    expect(setStatusFormSchema.safeParse({ uid: '', status: 'active' }).success).toBe(false);
  });

  it('treats missing links as no link', () => {
    expect(linkFormSchema.parse({ familyId: ' f1 ' })).toEqual({
      familyId: 'f1',
      studentId: '',
      facilitatorId: '',
    });
  });
});

describe('role-editing rules', () => {
  it('lets admins and superAdmins manage accounts, and nobody else', () => {
    expect(mayManageMembers(['admin'])).toBe(true);
    expect(mayManageMembers(['superAdmin'])).toBe(true);
    expect(mayManageMembers(['administration'])).toBe(false);
    expect(mayManageMembers(['facilitator', 'parent'])).toBe(false);
  });

  it('lets an admin change ordinary roles but not admin or superAdmin', () => {
    expect(mayChangeRole(['admin'], 'facilitator')).toBe(true);
    expect(mayChangeRole(['admin'], 'parent')).toBe(true);
    expect(mayChangeRole(['admin'], 'admin')).toBe(false);
    expect(mayChangeRole(['admin'], 'superAdmin')).toBe(false);
  });

  it('lets a superAdmin change every role', () => {
    for (const role of ['admin', 'superAdmin', 'facilitator', 'student'] as const) {
      expect(mayChangeRole(['superAdmin'], role)).toBe(true);
    }
  });

  it('lets administration change no role at all', () => {
    expect(mayChangeRole(['administration'], 'parent')).toBe(false);
  });

  it('explains why an admin may not grant or remove admin, and allows the rest', () => {
    expect(roleChangeRefusal(['admin'], ['parent'], ['parent', 'admin'])).toBe(
      ONLY_SUPERADMIN_GRANTS_ADMIN,
    );
    expect(roleChangeRefusal(['admin'], ['admin'], ['facilitator'])).toBe(
      ONLY_SUPERADMIN_GRANTS_ADMIN,
    );
    expect(roleChangeRefusal(['admin'], ['parent'], ['parent', 'facilitator'])).toBeNull();
    expect(roleChangeRefusal(['superAdmin'], ['parent'], ['admin'])).toBeNull();
    expect(roleChangeRefusal(['administration'], ['parent'], ['student'])).toBe(
      READ_ONLY_EXPLANATION,
    );
  });

  it('keeps suspending an admin for superAdmins, as the backend does', () => {
    expect(maySetStatus(['admin'], ['parent'])).toBe(true);
    expect(maySetStatus(['admin'], ['admin'])).toBe(false);
    expect(maySetStatus(['superAdmin'], ['admin'])).toBe(true);
    expect(maySetStatus(['administration'], ['parent'])).toBe(false);
  });
});

describe('wording of a failed callable', () => {
  it("keeps the backend's explanation of a refusal", () => {
    const error = {
      code: 'functions/permission-denied',
      cause: { message: 'Only a superAdmin may grant admin or superAdmin.' },
    };
    expect(describeCallableFailure(error, 'Roles not saved')).toBe(
      'Roles not saved: Only a superAdmin may grant admin or superAdmin.',
    );
  });

  it('drops the HTTP status the SDK appends to the message', () => {
    const error = {
      code: 'functions/already-exists',
      cause: { message: 'An account with this e-mail already exists. [409]' },
    };
    expect(describeCallableFailure(error, 'Could not invite')).toBe(
      'Could not invite: An account with this e-mail already exists.',
    );
  });

  it('says the network is needed when the device is offline', () => {
    expect(describeCallableFailure({ code: 'unavailable' }, 'Could not invite')).toBe(
      NEEDS_NETWORK,
    );
  });

  it('falls back to the plain message for anything else', () => {
    expect(describeCallableFailure(new Error('boom'), 'Could not invite')).toBe('Could not invite');
    expect(describeCallableFailure('weird', 'Could not invite')).toBe('Could not invite');
  });
});

describe('the member list filters', () => {
  const members: ListedMember[] = [
    { id: '1', email: 'zoe@x.example', displayName: 'Zoe', roles: ['parent'], status: 'active' },
    { id: '2', email: 'amy@x.example', displayName: 'Amy', roles: ['admin'], status: 'suspended' },
    {
      id: '3',
      email: 'bo@x.example',
      displayName: 'Bo',
      roles: ['facilitator', 'parent'],
      status: 'active',
    },
  ];

  it('reads filters from the URL and ignores values that are not roles or statuses', () => {
    expect(readMemberFilters(new URLSearchParams('q= zo &role=parent&status=gone'))).toEqual({
      q: 'zo',
      role: 'parent',
      status: '',
    });
  });

  it('searches names and e-mail addresses in any case and sorts by name', () => {
    const byName = filterMembers(members, { q: 'AMY', role: '', status: '' });
    expect(byName.map((m) => m.id)).toEqual(['2']);
    const all = filterMembers(members, { q: 'x.example', role: '', status: '' });
    expect(all.map((m) => m.displayName)).toEqual(['Amy', 'Bo', 'Zoe']);
  });

  it('filters by role and by status together', () => {
    expect(
      filterMembers(members, { q: '', role: 'parent', status: 'active' }).map((m) => m.id),
    ).toEqual(['3', '1']);
    expect(filterMembers(members, { q: '', role: '', status: 'suspended' })).toHaveLength(1);
  });
});
