import { describe, expect, it, vi } from 'vitest';
import {
  ADMIN_MUST_UNLINK,
  ALREADY_GUARDIAN,
  CHOOSE_GUARDIAN,
  CHOOSE_KIND,
  decisionOperations,
  ENTER_CONTACT,
  ENTER_NAME,
  GUARDIAN_GONE,
  mayAskForGuardianChange,
  mayDecideGuardianRequests,
  REQUEST_GONE,
  submitGuardianRequest,
  TOO_MANY_GUARDIANS,
  type GuardianRequestRecord,
  type ParentAccount,
} from './guardian-requests';
import type { FamilyRecord } from '../forms/family-form';

const family: FamilyRecord = {
  id: 'fam-1',
  familyName: 'Whitfield',
  address: '1 Lake Road',
  notes: '',
  guardians: [
    {
      name: 'Grace Whitfield',
      relationship: 'Mother',
      email: 'grace@example.com',
      phone: '+91 99 1234',
      memberUUID: 'grace',
      isPrimary: true,
    },
    {
      name: 'Tom Whitfield',
      relationship: 'Father',
      email: 'tom@example.com',
      phone: '',
      memberUUID: 'tom',
      isPrimary: false,
    },
  ],
};

const accounts: ParentAccount[] = [
  { id: 'grace', email: 'grace@example.com', familyId: 'fam-1', label: 'Grace' },
  { id: 'tom', email: 'tom@example.com', familyId: 'fam-1', label: 'Tom' },
  { id: 'sam', email: 'sam.partner@example.com', label: 'Sam <sam.partner@example.com>' },
  { id: 'kofi', email: 'kofi@example.com', familyId: 'fam-9', label: 'Kofi' },
];

function asking(values: Record<string, string>, online = true) {
  const save = vi.fn(async (item: Record<string, unknown>) => ({ id: 'temp_r1', ...item }));
  return {
    save,
    result: submitGuardianRequest(values, { family, createdBy: 'grace', online, save }),
  };
}

const request = (over: Partial<GuardianRequestRecord> = {}): GuardianRequestRecord => ({
  id: 'req-1',
  familyId: 'fam-1',
  kind: 'add',
  guardian: {
    name: 'Sam Partner',
    relationship: 'Partner',
    email: 'SAM.partner@example.com',
    phone: '',
  },
  note: '',
  status: 'pending',
  createdBy: 'grace',
  decisionNote: '',
  ...over,
});

const ctx = (over: Partial<Parameters<typeof decisionOperations>[3]> = {}) => ({
  family,
  accounts,
  decidedBy: 'admin-1',
  now: new Date('2026-11-27T10:00:00Z'),
  canLinkMembers: true,
  ...over,
});

describe('who asks and who decides', () => {
  it('lets a parent ask and office staff decide, and nobody else', () => {
    expect(mayAskForGuardianChange(['parent'])).toBe(true);
    expect(mayDecideGuardianRequests(['parent'])).toBe(false);
    for (const role of ['admin', 'superAdmin', 'administration'] as const) {
      expect(mayDecideGuardianRequests([role])).toBe(true);
      expect(mayAskForGuardianChange([role])).toBe(false);
    }
    expect(mayAskForGuardianChange(['facilitator'])).toBe(false);
    expect(mayDecideGuardianRequests(['facilitator'])).toBe(false);
  });
});

describe("a parent's request", () => {
  it('queues a pending request to add a guardian, naming the parent and no decider', async () => {
    const { save, result } = asking({
      kind: 'add',
      name: ' Sam Partner ',
      relationship: 'Partner',
      email: 'Sam.Partner@example.com',
      note: 'My partner, please give them access.',
    });
    expect(await result).toEqual({ ok: true, id: 'temp_r1', offline: false });
    expect(save).toHaveBeenCalledWith({
      familyId: 'fam-1',
      kind: 'add',
      guardian: {
        name: 'Sam Partner',
        relationship: 'Partner',
        email: 'sam.partner@example.com',
        phone: '',
      },
      note: 'My partner, please give them access.',
      status: 'pending',
      createdBy: 'grace',
      decisionNote: '',
    });
  });

  it('asks to remove a listed guardian by position, copying who they are (their account too)', async () => {
    const { save, result } = asking({ kind: 'remove', remove: '1', note: '' }, false);
    expect(await result).toMatchObject({ ok: true, offline: true });
    expect(save.mock.calls[0]?.[0]).toMatchObject({
      kind: 'remove',
      guardian: { name: 'Tom Whitfield', email: 'tom@example.com', memberUUID: 'tom' },
    });
  });

  it('names every missing or wrong field and saves nothing', async () => {
    const cases: Array<[Record<string, string>, Record<string, string>]> = [
      [{}, { kind: CHOOSE_KIND }],
      [{ kind: 'add' }, { name: ENTER_NAME, email: ENTER_CONTACT }],
      [
        { kind: 'add', name: 'Sam', email: 'not-an-address' },
        { email: 'Use an e-mail address like name@example.com, or leave it empty.' },
      ],
      [{ kind: 'add', name: 'Sam', email: 'TOM@example.com' }, { email: ALREADY_GUARDIAN }],
      [{ kind: 'remove' }, { remove: CHOOSE_GUARDIAN }],
      [{ kind: 'remove', remove: '7' }, { remove: CHOOSE_GUARDIAN }],
      [
        { kind: 'add', name: 'Sam', phone: '+91 98 7654 3210', note: 'n'.repeat(1001) },
        { note: expect.stringMatching(/^Use at most 1,?000 characters/) },
      ],
    ];
    for (const [values, fieldErrors] of cases) {
      const { save, result } = asking(values);
      expect(await result, JSON.stringify(values)).toMatchObject({ ok: false, fieldErrors });
      expect(save).not.toHaveBeenCalled();
    }
  });

  it('refuses a ninth guardian before it reaches the office', async () => {
    const full = {
      ...family,
      guardians: Array.from({ length: 8 }, (_, i) => ({
        ...family.guardians[1]!,
        name: `G${i}`,
        email: '',
      })),
    };
    const save = vi.fn(async () => ({ id: 'x' }));
    const result = await submitGuardianRequest(
      { kind: 'add', name: 'Sam', phone: '+91 98 7654 3210' },
      { family: full, createdBy: 'grace', online: true, save },
    );
    expect(result).toMatchObject({ ok: false, fieldErrors: { _form: TOO_MANY_GUARDIANS } });
    expect(save).not.toHaveBeenCalled();
  });

  it('reports a save the device could not make with the spec message', async () => {
    const result = await submitGuardianRequest(
      { kind: 'add', name: 'Sam', phone: '+91 98 7654 3210' },
      { family, createdBy: 'grace', online: true, save: async () => null },
    );
    expect(result).toMatchObject({ ok: false, fieldErrors: { _form: 'Failed to save item' } });
  });
});

describe("the office's decision", () => {
  it('refuses with only the request changing: status, who, when and the note', () => {
    expect(decisionOperations(request(), 'refuse', 'Please come to the office.', ctx())).toEqual({
      ok: true,
      operations: [
        {
          type: 'save',
          collection: 'guardianRequests',
          item: {
            id: 'req-1',
            status: 'refused',
            decidedBy: 'admin-1',
            decidedAt: '2026-11-27T10:00:00.000Z',
            decisionNote: 'Please come to the office.',
          },
        },
      ],
    });
  });

  it('approves an add in one batch: the guardian joins, linked to the parent account with their e-mail', () => {
    const plan = decisionOperations(request(), 'approve', '', ctx());
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.operations).toEqual([
      {
        type: 'save',
        collection: 'families',
        item: {
          id: 'fam-1',
          guardians: [
            ...family.guardians,
            {
              name: 'Sam Partner',
              relationship: 'Partner',
              email: 'SAM.partner@example.com',
              phone: '',
              memberUUID: 'sam',
              isPrimary: false,
            },
          ],
        },
      },
      // The account had no family: it is given this one.
      { type: 'save', collection: 'members', item: { id: 'sam', familyId: 'fam-1' } },
      expect.objectContaining({
        collection: 'guardianRequests',
        item: expect.objectContaining({ status: 'approved', decidedBy: 'admin-1' }),
      }),
    ]);
  });

  it('adds without an account when no parent account has the e-mail, and never moves an account from its family', () => {
    const unknown = decisionOperations(
      request({ guardian: { name: 'Ann', relationship: '', email: 'ann@example.com', phone: '' } }),
      'approve',
      '',
      ctx(),
    );
    const other = decisionOperations(
      request({
        guardian: { name: 'Kofi', relationship: '', email: 'kofi@example.com', phone: '' },
      }),
      'approve',
      '',
      ctx(),
    );
    if (!unknown.ok || !other.ok) throw new Error('both should be approved');
    const added = (plan: typeof unknown) => {
      const item = plan.ok ? plan.operations[0] : undefined;
      return item?.type === 'save' ? (item.item.guardians as unknown[]).at(-1) : undefined;
    };
    expect(added(unknown)).not.toHaveProperty('memberUUID');
    expect(unknown.operations.map((o) => o.collection)).toEqual(['families', 'guardianRequests']);
    expect(added(other)).toMatchObject({ memberUUID: 'kofi' });
    expect(other.operations.map((o) => o.collection)).toEqual(['families', 'guardianRequests']);
  });

  it('approves a removal: the guardian and their account link go, the account no longer names the family', () => {
    const plan = decisionOperations(
      request({
        kind: 'remove',
        guardian: {
          name: 'Grace Whitfield',
          relationship: 'Mother',
          email: 'grace@example.com',
          phone: '',
          memberUUID: 'grace',
        },
      }),
      'approve',
      '',
      ctx(),
    );
    if (!plan.ok) throw new Error(plan.error);
    expect(plan.operations.slice(0, 2)).toEqual([
      {
        type: 'save',
        collection: 'families',
        // Tom is the one left, so he becomes the primary contact.
        item: { id: 'fam-1', guardians: [{ ...family.guardians[1], isPrimary: true }] },
      },
      { type: 'save', collection: 'members', item: { id: 'grace', familyId: '' } },
    ]);
  });

  it('leaves a removal whose account names the family to an administrator, and writes nothing', () => {
    const removal = request({
      kind: 'remove',
      guardian: {
        name: 'Tom Whitfield',
        relationship: 'Father',
        email: 'tom@example.com',
        phone: '',
        memberUUID: 'tom',
      },
    });
    expect(decisionOperations(removal, 'approve', '', ctx({ canLinkMembers: false }))).toEqual({
      ok: false,
      error: ADMIN_MUST_UNLINK,
    });
    // Refusing it is anyone's.
    expect(decisionOperations(removal, 'refuse', '', ctx({ canLinkMembers: false })).ok).toBe(true);
  });

  it('refuses to apply what no longer fits: a decided request, another family, a guardian gone, a full family', () => {
    expect(decisionOperations(request({ status: 'approved' }), 'approve', '', ctx())).toEqual({
      ok: false,
      error: REQUEST_GONE,
    });
    expect(decisionOperations(request({ familyId: 'fam-2' }), 'refuse', '', ctx())).toEqual({
      ok: false,
      error: REQUEST_GONE,
    });
    expect(
      decisionOperations(
        request({
          kind: 'remove',
          guardian: { name: 'Nobody', relationship: '', email: '', phone: '' },
        }),
        'approve',
        '',
        ctx(),
      ),
    ).toEqual({ ok: false, error: GUARDIAN_GONE });
    const full = {
      ...family,
      guardians: Array.from({ length: 8 }, (_, i) => ({
        ...family.guardians[1]!,
        name: `G${i}`,
        email: `g${i}@example.com`,
        memberUUID: undefined,
      })),
    };
    expect(decisionOperations(request(), 'approve', '', ctx({ family: full }))).toEqual({
      ok: false,
      error: TOO_MANY_GUARDIANS,
    });
  });
});
