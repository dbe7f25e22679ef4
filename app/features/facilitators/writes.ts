// What the facilitator routes' clientActions do: parse the staff form or the own-profile form with
// the form kit and write through the store (offline-capable). A staff save also keeps each classroom's
// facilitatorIds in step with the facilitator's classroomIds, in the same batch.
import { freshestRecord, memberName } from '~/data/record-edits';
import { store, type BatchOperation, type CachedRecord } from '~/data/store';
import { campusSchema, classroomSchema } from '~/domain/records';
import { checkEdit, type EditConflictFailure } from '~/ui/form/edit-conflicts';
import {
  formFailure,
  formValues,
  parseForm,
  type FormFailure,
  type FormValues,
} from '~/ui/form/parse-form';
import {
  FACILITATOR_FIELD_LABELS,
  OWN_FORM_FIELDS,
  ownProfileFormSchema,
  STAFF_FORM_FIELDS,
  staffFacilitatorFormSchema,
} from './schemas';

export const SAVE_FAILED = 'Failed to save item';

export type FacilitatorSaveResult =
  { ok: true; item: CachedRecord } | FormFailure | EditConflictFailure;

/**
 * An edit's patch: the fields the person changed since the form opened, checked against the
 * freshest copy of the record (decision 052). Null when the record is gone from this device.
 */
async function editPatch(
  id: string,
  values: FormValues,
  fields: readonly string[],
  submitted: Record<string, unknown>,
) {
  const current = await freshestRecord('facilitators', id);
  if (!current) return null;
  return checkEdit({
    values,
    fields,
    submitted,
    current,
    by: () => memberName(current.updatedBy),
    labels: FACILITATOR_FIELD_LABELS,
  });
}

/** The store refused the write (it names no field): the form shows it above the fields. */
function failed(values: FormValues): FormFailure {
  return formFailure(values, { _form: SAVE_FAILED });
}

/**
 * Creates (no id) a facilitator with every field, or updates the fields the person changed (staff
 * only); a change of classrooms also updates the classrooms' side.
 */
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
  let patch: Record<string, unknown> = checked.data;
  if (id) {
    const edit = await editPatch(id, values, STAFF_FORM_FIELDS, checked.data);
    if (!edit) return failed(values);
    if (!edit.ok) return edit;
    patch = edit.patch;
  }
  const operations: BatchOperation[] = [
    ...(Object.keys(patch).length > 0 || !id
      ? [
          {
            type: 'save' as const,
            collection: 'facilitators',
            item: { ...patch, id: facilitatorId },
          },
        ]
      : []),
    // The classrooms' side follows only a change of this form's classrooms, so a colleague's
    // change to them is not undone by a save of, say, the phone number.
    ...(!id || 'classroomIds' in patch
      ? await classroomLinkUpdates(facilitatorId, checked.data.classroomIds)
      : []),
  ];
  if (operations.length > 0 && (await store.batch(operations)) === 0) return failed(values);
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
  const edit = await editPatch(id, values, OWN_FORM_FIELDS, checked.data);
  if (!edit) return failed(values);
  if (!edit.ok) return edit;
  const item =
    Object.keys(edit.patch).length > 0
      ? await store.save('facilitators', { ...edit.patch, id })
      : await store.get('facilitators', id);
  return item ? { ok: true, item } : failed(values);
}
