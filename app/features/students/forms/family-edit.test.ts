// The staff family form's edit writes only what the person changed (decision 052).
import { describe, expect, it, vi } from 'vitest';
import type { BatchOperation } from '~/data/store';
import { OPENED_FIELD, openedForm, pickEditable } from '~/ui/form/edit-conflicts';
import { FAMILY_FORM_FIELDS, submitFamilyForm, type FamilyRecord } from './family-form';

const opened: FamilyRecord = {
  id: 'fam-1',
  familyName: 'Whitfield',
  address: '1 Lake Road',
  notes: 'Gate code 12',
  guardians: [
    { name: 'Grace', relationship: 'Mother', email: 'g@example.com', phone: '', isPrimary: true },
  ],
};

const asOpened = {
  familyName: 'Whitfield',
  address: '1 Lake Road',
  notes: 'Gate code 12',
  'guardians.0.name': 'Grace',
  'guardians.0.relationship': 'Mother',
  'guardians.0.email': 'g@example.com',
  'guardians.0.phone': '',
  primaryGuardian: '0',
  [OPENED_FIELD]: JSON.stringify(openedForm(opened, pickEditable(opened, FAMILY_FORM_FIELDS))),
};

function setup(current: FamilyRecord) {
  const commit = vi.fn(async (operations: BatchOperation[]) => operations.length);
  const ctx = {
    existing: opened,
    parentMembers: [],
    canLinkMembers: true,
    commit,
    current: async () => current,
    nameOf: async () => 'Amara Okafor',
  };
  return { ctx, commit };
}

describe('editing a family', () => {
  it('saves only the changed field, keeping a colleague’s change to another', async () => {
    const { ctx, commit } = setup({ ...opened, address: '2 Hill Road' });
    const result = await submitFamilyForm({ ...asOpened, notes: 'Gate code 34' }, ctx);
    expect(result).toEqual({ ok: true, id: 'fam-1' });
    expect(commit).toHaveBeenCalledWith([
      { type: 'save', collection: 'families', item: { id: 'fam-1', notes: 'Gate code 34' } },
    ]);
  });

  it('stops when the same field was changed since the form opened', async () => {
    const { ctx, commit } = setup({ ...opened, notes: 'Gate code 99' });
    const result = await submitFamilyForm({ ...asOpened, notes: 'Gate code 34' }, ctx);
    expect(result).toMatchObject({
      ok: false,
      status: 412,
      conflicts: [
        {
          field: 'notes',
          message: 'Amara Okafor changed Notes since you opened this form',
          mine: 'Gate code 34',
          theirs: 'Gate code 99',
        },
      ],
    });
    expect(commit).not.toHaveBeenCalled();
  });
});
