// What a parent's /dash/parent-inquiries loads and saves: their own inquiries from the cache (the
// sync fetches only those, the rules allow no more), the campuses to choose from, their contact
// details to prefill, and the "Ask about a place" action, which writes a new inquiry with
// store.save so it works offline and syncs later.
import { z } from 'zod';
import type { SessionUser } from '~/auth/session-user';
import { loadCollection } from '~/data/route-data';
import { store } from '~/data/store';
import { syncEngine } from '~/data/sync-status';
import { now as clockNow, deviceTimeZone, schoolDay } from '~/domain/clock';
import { newInquiryRecord, submitInquirySchema } from '~/domain/inquiries';
import { campusSchema, familySchema, parentInquirySchema } from '~/domain/records';
import { settingsStore } from '~/settings/store';
import type { Option } from '~/ui/form/Field';
import { formFailure, parseForm, type FormFailure } from '~/ui/form/parse-form';
import { ownInquiryRows, type OwnInquiryRow } from './own-inquiries';
import type { InquiryContactDefaults } from '../InquiryForm';

const inquiryRecordSchema = parentInquirySchema.extend({ id: z.string() });
const campusRecordSchema = campusSchema.extend({ id: z.string() });
const familyRecordSchema = familySchema.extend({ id: z.string() });

export interface ParentData {
  today: string;
  campuses: Option[];
  defaults: InquiryContactDefaults;
  inquiries: OwnInquiryRow[];
}

export const SAVED_ONLINE = 'Inquiry sent. The office will contact you soon.';
export const SAVED_OFFLINE = 'Inquiry saved on this device. It will sync when you are back online.';
export const NOT_SAVED = 'The inquiry could not be saved on this device. Try again.';
export const UNKNOWN_CAMPUS = 'Choose a campus from the list, or “Not sure yet”.';

async function loadCampuses(): Promise<Option[]> {
  const campuses = await loadCollection('campuses', { schema: campusRecordSchema });
  return campuses
    .map((c) => ({ value: c.id, label: c.name }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** The parent's phone, from the guardian entry of their family that is them. */
async function ownPhone(user: SessionUser): Promise<string> {
  const families = await loadCollection('families', { schema: familyRecordSchema });
  for (const family of families) {
    const me = family.guardians.find((g) => g.memberUUID === user.memberUUID);
    if (me?.phone) return me.phone;
  }
  return '';
}

export async function parentInquiriesLoader(
  user: SessionUser,
  _request: Request,
): Promise<ParentData> {
  const [inquiries, campuses, phone, pendingIds] = await Promise.all([
    loadCollection('parentInquiries', { schema: inquiryRecordSchema }),
    loadCampuses(),
    ownPhone(user),
    store.pendingIds('parentInquiries'),
  ]);
  return {
    today: schoolDay(deviceTimeZone()),
    campuses,
    defaults: {
      parentName: user.member?.displayName || user.displayName || '',
      email: user.member?.email || user.email || '',
      phone,
    },
    inquiries: ownInquiryRows(inquiries, {
      memberUUID: user.memberUUID,
      campusNames: new Map(campuses.map((c) => [c.value, c.label])),
      pendingIds,
    }),
  };
}

export type AskResult = { ok: true; id: string; offline: boolean } | FormFailure;

/**
 * Parses the form and saves the parent's new inquiry: status new, created by them, its history's
 * first entry naming them. `save` is store.save in the app; it answers null when the device could
 * not store the record.
 */
export async function askAboutAPlace(
  formData: FormData,
  {
    user,
    now,
    campusIds,
    online,
    save,
  }: {
    user: Pick<SessionUser, 'memberUUID'>;
    now: Date;
    campusIds: readonly string[];
    online: boolean;
    save: (item: Record<string, unknown>) => Promise<{ id: string } | null>;
  },
): Promise<AskResult> {
  const parsed = parseForm(submitInquirySchema(schoolDay(deviceTimeZone(), now)), formData);
  if (!parsed.ok) return parsed;
  const { campusId } = parsed.data;
  if (campusId && !campusIds.includes(campusId)) {
    return formFailure(parsed.values, { campusId: UNKNOWN_CAMPUS });
  }
  const record = newInquiryRecord(parsed.data, {
    at: now.toISOString(),
    createdBy: user.memberUUID,
  });
  const saved = await save(record);
  if (!saved) return formFailure(parsed.values, { _form: NOT_SAVED });
  return { ok: true, id: saved.id, offline: !online };
}

export async function parentInquiriesAction(
  user: SessionUser,
  request: Request,
): Promise<AskResult> {
  const formData = await request.formData();
  const campuses = await loadCampuses();
  const result = await askAboutAPlace(formData, {
    user,
    now: clockNow(),
    campusIds: campuses.map((c) => c.value),
    online: syncEngine.connectivity.isOnline(),
    save: (item) => store.save('parentInquiries', item),
  });
  if (!result.ok) {
    if (result.fieldErrors._form) settingsStore.setError(result.fieldErrors._form);
    return result;
  }
  settingsStore.notify(result.offline ? SAVED_OFFLINE : SAVED_ONLINE, 'success');
  return result;
}
