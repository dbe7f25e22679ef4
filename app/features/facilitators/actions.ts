// What the facilitator routes' clientActions do: validate the staff form or the own-profile form
// and write through the cache service (offline-capable). A staff save also keeps each classroom's
// facilitatorIds in step with the facilitator's classroomIds, in the same batch.
import { cacheService, type BatchOperation, type CachedRecord } from '~/data/cache-service';
import { formDataToObject } from '~/data/route-data';
import { campusSchema, classroomSchema } from '~/domain/records';
import { validateForm, type FieldErrors } from '~/features/school/form';
import { ownProfileFormSchema, staffFacilitatorFormSchema } from './schemas';

export const SAVE_FAILED = 'Failed to save item';

export type FacilitatorSaveResult =
  | { ok: true; item: CachedRecord }
  | { ok: false; fieldErrors: FieldErrors; values: Record<string, unknown>; formError?: string };

function failed(values: Record<string, unknown>): FacilitatorSaveResult {
  return { ok: false, fieldErrors: {}, values, formError: SAVE_FAILED };
}

/** Creates (no id) or updates a facilitator with every field (staff only). */
export async function saveFacilitatorAsStaff(
  input: FormData | Record<string, unknown>,
  id?: string,
): Promise<FacilitatorSaveResult> {
  const values = input instanceof FormData ? formDataToObject(input) : input;
  const campuses = (await cacheService.list('campuses', { limit: Infinity })).flatMap((c) => {
    const parsed = campusSchema.safeParse(c);
    return parsed.success ? [c.id] : [];
  });
  const checked = validateForm(staffFacilitatorFormSchema(campuses), values);
  if (!checked.ok) return checked;
  const facilitatorId = id ?? `temp_${crypto.randomUUID()}`;
  const operations: BatchOperation[] = [
    { type: 'save', collection: 'facilitators', item: { ...checked.data, id: facilitatorId } },
    ...(await classroomLinkUpdates(facilitatorId, checked.data.classroomIds)),
  ];
  if ((await cacheService.batch(operations)) === 0) return failed(values);
  const item = await cacheService.get('facilitators', facilitatorId);
  return item ? { ok: true, item } : failed(values);
}

/** Saves that put `facilitatorId` on exactly the classrooms in `classroomIds`. */
async function classroomLinkUpdates(
  facilitatorId: string,
  classroomIds: readonly string[],
): Promise<BatchOperation[]> {
  const classrooms = await cacheService.list('classrooms', { limit: Infinity });
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
  input: FormData | Record<string, unknown>,
  id: string,
): Promise<FacilitatorSaveResult> {
  const values = input instanceof FormData ? formDataToObject(input) : input;
  const checked = validateForm(ownProfileFormSchema, values);
  if (!checked.ok) return checked;
  const item = await cacheService.save('facilitators', { ...checked.data, id });
  return item ? { ok: true, item } : failed(values);
}
