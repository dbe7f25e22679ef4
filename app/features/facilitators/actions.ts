// What the facilitator routes' clientActions do: parse the staff form or the own-profile form with
// the form kit and write through the store (offline-capable). A staff save also keeps each classroom's
// facilitatorIds in step with the facilitator's classroomIds, in the same batch.
import { store, type BatchOperation, type CachedRecord } from '~/data/store';
import { campusSchema, classroomSchema } from '~/domain/records';
import {
  formFailure,
  formValues,
  parseForm,
  type FormFailure,
  type FormValues,
} from '~/ui/form/parse-form';
import { ownProfileFormSchema, staffFacilitatorFormSchema } from './schemas';

export const SAVE_FAILED = 'Failed to save item';

export type FacilitatorSaveResult = { ok: true; item: CachedRecord } | FormFailure;

/** The store refused the write (it names no field): the form shows it above the fields. */
function failed(values: FormValues): FormFailure {
  return formFailure(values, { _form: SAVE_FAILED });
}

/** Creates (no id) or updates a facilitator with every field (staff only). */
export async function saveFacilitatorAsStaff(
  input: FormData | FormValues,
  id?: string,
): Promise<FacilitatorSaveResult> {
  const values = input instanceof FormData ? formValues(input) : input;
  const campuses = (await store.list('campuses', { limit: Infinity })).flatMap((c) => {
    const parsed = campusSchema.safeParse(c);
    return parsed.success ? [c.id] : [];
  });
  const checked = parseForm(staffFacilitatorFormSchema(campuses), values);
  if (!checked.ok) return checked;
  const facilitatorId = id ?? `temp_${crypto.randomUUID()}`;
  const operations: BatchOperation[] = [
    { type: 'save', collection: 'facilitators', item: { ...checked.data, id: facilitatorId } },
    ...(await classroomLinkUpdates(facilitatorId, checked.data.classroomIds)),
  ];
  if ((await store.batch(operations)) === 0) return failed(values);
  const item = await store.get('facilitators', facilitatorId);
  return item ? { ok: true, item } : failed(values);
}

/** Saves that put `facilitatorId` on exactly the classrooms in `classroomIds`. */
async function classroomLinkUpdates(
  facilitatorId: string,
  classroomIds: readonly string[],
): Promise<BatchOperation[]> {
  const classrooms = await store.list('classrooms', { limit: Infinity });
  return classrooms.flatMap((record): BatchOperation[] => {
    const parsed = classroomSchema.safeParse(record);
    if (!parsed.success) return [];
    const current = parsed.data.facilitatorIds;
    const has = current.includes(facilitatorId);
    const wants = classroomIds.includes(record.id);
    if (has === wants) return [];
    const facilitatorIds = wants
      ? [...current, facilitatorId]
      : current.filter((f) => f !== facilitatorId);
    return [{ type: 'save', collection: 'classrooms', item: { id: record.id, facilitatorIds } }];
  });
}

/** Updates only the own-profile fields of the signed-in facilitator's record. */
export async function saveOwnFacilitatorProfile(
  input: FormData | FormValues,
  id: string,
): Promise<FacilitatorSaveResult> {
  const values = input instanceof FormData ? formValues(input) : input;
  const checked = parseForm(ownProfileFormSchema, values);
  if (!checked.ok) return checked;
  const item = await store.save('facilitators', { ...checked.data, id });
  return item ? { ok: true, item } : failed(values);
}
