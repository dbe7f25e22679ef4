import { describe, expect, it, vi } from 'vitest';
import type { BatchOperation } from '~/data/store';
import { submitContactForm, submitFamilyForm, type FamilyRecord } from './family-form';

function setup(existing: FamilyRecord | null = null, canLinkMembers = true) {
  const commit = vi.fn(async (operations: BatchOperation[]) => operations.length);
  return {
    commit,
    ctx: {
      existing,
      parentMembers: [{ id: 'parent-1' }, { id: 'parent-2', familyId: 'fam-9' }],
      canLinkMembers,
      commit,
      newId: () => 'temp_family',
    },
  };
}

const family: FamilyRecord = {
  id: 'fam-1',
  familyName: 'Whitfield',
  address: '1 Lake Road',
  notes: 'Gate code 12',
  guardians: [
    {
      name: 'Grace',
      relationship: 'Mother',
      email: 'g@example.com',
      phone: '+91 99 1234',
      isPrimary: true,
      memberUUID: 'parent-1',
    },
    { name: 'Tom', relationship: 'Father', email: '', phone: '', isPrimary: false },
  ],
};

describe('the family form action', () => {
  it('needs a family name and a name for every guardian row that has anything in it', async () => {
    const { ctx, commit } = setup();
    const result = await submitFamilyForm(
      {
        familyName: ' ',
        'guardians.0.name': '',
        'guardians.0.email': 'a@example.com',
        'guardians.1.name': '',
        'guardians.1.relationship': '',
      },
      ctx,
    );
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: {
        familyName: 'Enter the family name.',
        'guardians.0.name': "Enter the guardian's name.",
      },
    });
    if (!result.ok && result.status === 400)
      expect(result.fieldErrors['guardians.1.name']).toBeUndefined();
    expect(commit).not.toHaveBeenCalled();
  });

  it('checks guardian e-mail, phone, linked account and text lengths, keeping what was typed', async () => {
    const { ctx, commit } = setup();
    const result = await submitFamilyForm(
      {
        familyName: 'Chen',
        address: 'a'.repeat(301),
        notes: 'n'.repeat(2001),
        'guardians.0.name': 'Ann',
        'guardians.0.relationship': 'r'.repeat(41),
        'guardians.0.email': 'not-an-address',
        'guardians.0.phone': '12',
        'guardians.0.memberUUID': 'stranger',
        'guardians.1.name': 'Bo',
        'guardians.1.memberUUID': 'parent-1',
        'guardians.2.name': 'Cy',
        'guardians.2.memberUUID': 'parent-1',
      },
      ctx,
    );
    expect(result).toMatchObject({ ok: false, status: 400 });
    if (result.ok || result.status !== 400) return;
    expect(result.fieldErrors).toEqual({
      address: 'Use at most 300 characters; this is 301.',
      notes: 'Notes can be at most 2,000 characters; this is 2,001.',
      'guardians.0.relationship': 'Use at most 40 characters; this is 41.',
      'guardians.0.email': 'Use an e-mail address like name@example.com, or leave it empty.',
      'guardians.0.phone':
        'Use digits, spaces and + ( ) - only, at least 6 digits; or leave it empty.',
      'guardians.0.memberUUID': 'Choose a parent account from the list.',
      'guardians.2.memberUUID': 'This account is linked to another guardian already.',
    });
    expect(result.values['guardians.0.email']).toBe('not-an-address');
    expect(commit).not.toHaveBeenCalled();
  });

  it('creates a family with a permanent temp_ id, the chosen primary guardian and a linked parent account', async () => {
    const { ctx, commit } = setup();
    const result = await submitFamilyForm(
      {
        familyName: 'Chen',
        'guardians.0.name': 'Ann Chen',
        'guardians.0.email': 'ann@example.com',
        'guardians.1.name': 'Bo Chen',
        'guardians.1.phone': '+44 (20) 7946-0000',
        'guardians.1.memberUUID': 'parent-2',
        'guardians.2.name': '',
        primaryGuardian: '1',
      },
      ctx,
    );
    expect(result).toEqual({ ok: true, id: 'temp_family' });
    const operations = commit.mock.calls[0]?.[0];
    expect(operations).toEqual([
      {
        type: 'save',
        collection: 'families',
        item: {
          id: 'temp_family',
          familyName: 'Chen',
          address: '',
          notes: '',
          guardians: [
            {
              name: 'Ann Chen',
              relationship: '',
              email: 'ann@example.com',
              phone: '',
              isPrimary: false,
            },
            {
              name: 'Bo Chen',
              relationship: '',
              email: '',
              phone: '+44 (20) 7946-0000',
              memberUUID: 'parent-2',
              isPrimary: true,
            },
          ],
        },
      },
      { type: 'save', collection: 'members', item: { id: 'parent-2', familyId: 'temp_family' } },
    ]);
  });

  it('does not touch Members when the person may not write them', async () => {
    const { ctx, commit } = setup(family, false);
    await submitFamilyForm(
      {
        familyName: 'Whitfield',
        'guardians.0.name': 'Grace',
        'guardians.0.memberUUID': 'parent-2',
      },
      ctx,
    );
    expect(commit.mock.calls[0]?.[0]).toHaveLength(1);
  });

  it('keeps a blank row in the middle from shifting the errors of the rows after it', async () => {
    const { ctx, commit } = setup();
    const result = await submitFamilyForm(
      {
        familyName: 'Chen',
        'guardians.0.name': 'Ann',
        'guardians.1.name': '',
        'guardians.1.email': '',
        'guardians.2.name': 'Cy',
        'guardians.2.email': 'not-an-address',
      },
      ctx,
    );
    expect(result).toMatchObject({
      fieldErrors: {
        'guardians.2.email': 'Use an e-mail address like name@example.com, or leave it empty.',
      },
    });
    expect(commit).not.toHaveBeenCalled();
  });

  it('makes the first guardian the primary contact when the chosen row was left blank', async () => {
    const { ctx, commit } = setup();
    await submitFamilyForm(
      {
        familyName: 'Chen',
        'guardians.0.name': 'Ann',
        'guardians.1.name': '',
        primaryGuardian: '1',
      },
      ctx,
    );
    const operations = commit.mock.calls[0]?.[0];
    expect(operations?.[0]).toMatchObject({
      item: { guardians: [{ name: 'Ann', isPrimary: true }] },
    });
  });

  it('reports a failed save with the spec message', async () => {
    const { ctx } = setup();
    const result = await submitFamilyForm(
      { familyName: 'Chen' },
      { ...ctx, commit: async () => 0 },
    );
    expect(result).toMatchObject({ ok: false, fieldErrors: { _form: 'Failed to save item' } });
  });
});

describe("the parent's contact form", () => {
  it('changes only the address and the guardians’ e-mail and phone', async () => {
    const save = vi.fn(async () => ({ id: 'fam-1' }));
    const result = await submitContactForm(
      {
        address: '2 Hill Street',
        'guardians.0.email': 'grace@example.com',
        'guardians.0.phone': '+91 98 7654 3210',
        'guardians.1.email': '',
        'guardians.1.phone': '',
        familyName: 'Renamed',
        'guardians.0.name': 'Someone else',
      },
      { existing: family, save },
    );
    expect(result).toEqual({ ok: true, id: 'fam-1' });
    // The name and notes are the office's: not even sent back as they were read (issue 28).
    expect(save).toHaveBeenCalledWith({
      id: 'fam-1',
      address: '2 Hill Street',
      guardians: [
        { ...family.guardians[0], email: 'grace@example.com', phone: '+91 98 7654 3210' },
        family.guardians[1],
      ],
    });
  });

  it('cannot change a linked account, a relationship, the primary contact or the list of guardians', async () => {
    const save = vi.fn(async () => ({ id: 'fam-1' }));
    const result = await submitContactForm(
      {
        // What a hand-made post might try: relink Grace, link Tom, swap the primary, add a guardian.
        'guardians.0.memberUUID': 'stranger',
        'guardians.0.relationship': 'Aunt',
        'guardians.0.isPrimary': '',
        'guardians.1.memberUUID': 'parent-2',
        'guardians.1.isPrimary': 'on',
        'guardians.2.name': 'New Person',
        'guardians.2.email': 'new@example.com',
        'guardians.2.memberUUID': 'parent-2',
      },
      { existing: family, save },
    );
    expect(result).toEqual({ ok: true, id: 'fam-1' });
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ guardians: family.guardians }));
  });

  it('leaves fields the form did not send as they are', async () => {
    const save = vi.fn(async () => ({ id: 'fam-1' }));
    await submitContactForm({ 'guardians.0.phone': '+91 90000 11111' }, { existing: family, save });
    expect(save).toHaveBeenCalledWith(
      expect.objectContaining({
        address: '1 Lake Road',
        guardians: [{ ...family.guardians[0], phone: '+91 90000 11111' }, family.guardians[1]],
      }),
    );
  });

  it('shows an error beside a bad e-mail, phone or over-long address and saves nothing', async () => {
    const save = vi.fn();
    const result = await submitContactForm(
      { address: 'x'.repeat(301), 'guardians.0.email': 'nope', 'guardians.1.phone': 'call me' },
      { existing: family, save },
    );
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: {
        address: 'Use at most 300 characters; this is 301.',
        'guardians.0.email': 'Use an e-mail address like name@example.com, or leave it empty.',
        'guardians.1.phone':
          'Use digits, spaces and + ( ) - only, at least 6 digits; or leave it empty.',
      },
    });
    expect(save).not.toHaveBeenCalled();
  });
});
