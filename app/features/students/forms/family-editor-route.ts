// What the family routes share: loading a family the person may see (404 otherwise), the parent
// accounts a guardian may be linked to, and the actions that save a family (with the linked
// member's familyId) or only its contact details, through the store like every write.
import {
  redirect,
  type ClientActionFunctionArgs,
  type ClientLoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/react';
import { z } from 'zod';
import type { SessionUser } from '~/auth/session';
import { freshestRecord, memberName } from '~/data/record-edits';
import { loadCollection } from '~/data/route-data';
import { store } from '~/data/store';
import { collectionAccess, PERMISSION_MATRIX } from '~/domain/permissions';
import { memberSchema } from '~/domain/records';
import { isAdmin, type Role } from '~/domain/roles';
import { settingsStore } from '~/settings/store';
import { notFound } from '~/ui/responses';
import { handleMeta, withErrorTitle } from '~/ui/route-handle';
import { familyRecordSchema, loadRecord } from '../profile/load';
import { submitContactForm, submitFamilyForm, type FamilyRecord } from './family-form';
import { openForEdit, requireWriter } from './student-editor-route';

const memberRecordSchema = memberSchema.extend({ id: z.string() });

/** A family the person may see, else 404 (missing and not visible answer the same). */
export async function loadFamilyOr404(
  request: Request,
  id: string | undefined,
): Promise<FamilyRecord> {
  const family = id ? await loadRecord('families', id, familyRecordSchema) : null;
  if (!family) throw notFound(request);
  return family;
}

/**
 * Whether the roles may change a family's contact details: a parent for their own family (the
 * matrix's 'ownFamilyContact'; only their own family loads for them at all), and staff.
 */
export function mayEditContact(roles: readonly Role[]): boolean {
  return roles.some((role) => {
    const write = PERMISSION_MATRIX.families[role].write;
    return write === 'ownFamilyContact' || write === 'all';
  });
}

/** Members holding the parent role, for the guardian's "parent account" choice. */
export async function loadParentMembers() {
  const members = await loadCollection('members', {
    schema: memberRecordSchema,
    filters: [{ field: 'roles', op: 'array-contains', value: 'parent' }],
    sort: { field: 'displayName' },
  });
  return members.map((m) => ({
    id: m.id,
    email: m.email,
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
    canLinkMembers: collectionAccess(user.roles, 'Members') === 'write' && isAdmin(user.roles),
    commit: (operations) => store.batch(operations),
    // Decision 052: an edit compares with the backend's copy when online, the cache's offline.
    current: async () => {
      if (!existing) return null;
      const fresh = familyRecordSchema.safeParse(await freshestRecord('families', existing.id));
      return fresh.success ? fresh.data : null;
    },
    nameOf: (uid) => memberName(uid),
  });
  if (result.ok) {
    settingsStore.notify(existing ? 'Family saved' : 'Family created', 'success');
    throw redirect(`/dash/families/${result.id}`);
  }
  if (result.status === 400 && result.fieldErrors._form) {
    settingsStore.setError(result.fieldErrors._form);
  }
  return result;
}

/** The contact form's action: saved details go back to the family page, anything else to the form. */
export async function saveContactFromRequest(request: Request, existing: FamilyRecord) {
  const result = await submitContactForm(await request.formData(), {
    existing,
    save: (item) => store.save('families', item),
  });
  if (result.ok) {
    settingsStore.notify('Contact details saved', 'success');
    throw redirect(`/dash/families/${result.id}`);
  }
  if (result.fieldErrors._form) settingsStore.setError(result.fieldErrors._form);
  return result;
}

// ---- /dash/families/new and /dash/families/:familyId/edit, one page (decision 058) -----------

const openFamily = (request: Request, id: string) =>
  openForEdit(request, 'families', () => loadFamilyOr404(request, id));

/** No `familyId`: a new family. */
export async function familyEditorLoader({ request, params }: ClientLoaderFunctionArgs) {
  if (!params.familyId) {
    await requireWriter(request, 'families');
    return { family: null, parentMembers: await loadParentMembers() };
  }
  const { record: family } = await openFamily(request, params.familyId);
  return { family, parentMembers: await loadParentMembers() };
}

export async function familyEditorAction({ request, params }: ClientActionFunctionArgs) {
  if (!params.familyId) {
    const user = await requireWriter(request, 'families');
    return saveFamilyFromRequest(request, user, null);
  }
  const { user, record: family } = await openFamily(request, params.familyId);
  return saveFamilyFromRequest(request, user, family);
}

const familyMetaSchema = z.object({ family: z.object({ familyName: z.string() }) });

/** New: the handle's title. Edit: the family's name once loaded. */
export const familyEditorMeta: MetaFunction = (args) => {
  if (!args.params.familyId) return handleMeta(args);
  const parsed = familyMetaSchema.safeParse(args.data);
  return withErrorTitle(args.error, [
    { title: parsed.success ? `Edit the ${parsed.data.family.familyName} family` : 'Edit family' },
    { name: 'description', content: "Change a family's details and guardians." },
  ]);
};
