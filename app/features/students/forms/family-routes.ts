// What the family new and edit routes share: the parent accounts a guardian may be linked to, and
// the action that saves the family (and the linked member's familyId) through the cache service.
import { redirect } from '@remix-run/react';
import { z } from 'zod';
import type { SessionUser } from '~/auth/session';
import { cacheService } from '~/data/cache-service';
import { loadCollection } from '~/data/route-data';
import { collectionAccess } from '~/domain/permissions';
import { memberSchema } from '~/domain/records';
import { settingsStore } from '~/settings/store';
import { submitFamilyForm, type FamilyRecord } from './family-form';

const memberRecordSchema = memberSchema.extend({ id: z.string() });

/** Members holding the parent role, for the guardian's "parent account" choice. */
export async function loadParentMembers() {
  const members = await loadCollection('members', {
    schema: memberRecordSchema,
    filters: [{ field: 'roles', op: 'array-contains', value: 'parent' }],
    sort: { field: 'displayName' },
  });
  return members.map((m) => ({
    id: m.id,
    familyId: m.familyId,
    label: m.displayName ? `${m.displayName} <${m.email}>` : m.email,
  }));
}

export async function saveFamilyFromRequest(
  request: Request,
  user: SessionUser,
  existing: FamilyRecord | null,
) {
  const formData = await request.formData();
  const parentMembers = await loadParentMembers();
  const result = await submitFamilyForm(formData, {
    existing,
    parentMembers,
    canLinkMembers:
      collectionAccess(user.roles, 'Members') === 'write' &&
      user.roles.some((r) => r === 'admin' || r === 'superAdmin'),
    commit: (operations) => cacheService.batch(operations),
  });
  if (result.status === 'saved') {
    settingsStore.notify(existing ? 'Family saved' : 'Family created', 'success');
    throw redirect(`/dash/families/${result.id}`);
  }
  if (result.status === 'failed') settingsStore.setError(result.message);
  return result;
}
