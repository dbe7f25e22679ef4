// What the school setup routes' clientActions do: parse a campus, classroom or subject form with
// the form kit and write it through the store (so it works offline and syncs later), or delete a
// record. A classroom's facilitators are also kept on each facilitator's classroomIds (both sides are
// read by other pages), in one batch so the two never disagree — but only for roles that may write
// facilitators: administration may change classrooms, not facilitators, and the backend would
// refuse those writes. Pages read both sides, so the link still shows from the classroom's side.
// A campus's absence alerts are compared as they take effect (the defaults where it names none)
// and always written as the whole object; a campus that never named them names them at its next
// save.
import { z } from 'zod';
import { freshestRecord, memberName } from '~/data/record-edits';
import { store, type BatchOperation, type CachedRecord } from '~/data/store';
import {
  campusSchema,
  classroomSchema,
  facilitatorSchema,
  subjectSchema,
  type Classroom,
} from '~/domain/records';
import { checkEdit, type EditConflictFailure } from '~/ui/form/edit-conflicts';
import {
  formFailure,
  formValues,
  parseForm,
  type FormFailure,
  type FormValues,
} from '~/ui/form/parse-form';
import {
  absenceAlertSummary,
  campusFormSchema,
  classroomFormSchema,
  editableRecord,
  lacksAlertSettings,
  subjectFormSchema,
  KIND_LABELS,
  SCHOOL_FIELD_LABELS,
  SCHOOL_FORM_FIELDS,
  SCHOOL_KINDS,
  type SchoolKind,
} from './schemas';

export const SAVE_FAILED = 'Failed to save item';
export const DELETE_FAILED = 'Failed to delete item';

export type SchoolSaveResult = { ok: true; item: CachedRecord } | FormFailure | EditConflictFailure;

async function listAll<T>(
  collection: string,
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
): Promise<T[]> {
  const items = await store.list(collection, { limit: Infinity });
  return items.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

export interface WriteOptions {
  /** Also update facilitators' classroomIds (only for roles that may write facilitators). */
  linkFacilitators: boolean;
}

/** The store refused the write (it names no field): the form shows it above the fields. */
function failed(values: FormValues): FormFailure {
  return formFailure(values, { _form: SAVE_FAILED });
}

/**
 * What a save writes (decision 052): a new record whole; an edit only the fields the person changed
 * since the form opened, or the conflicts with someone else's change since. Null: the record is
 * gone from this device.
 */
async function patchFor(
  kind: SchoolKind,
  id: string | undefined,
  values: FormValues,
  data: Record<string, unknown>,
) {
  if (!id) return { ok: true as const, patch: data };
  const current = await freshestRecord(kind, id);
  if (!current) return null;
  const edit = await checkEdit({
    values,
    fields: SCHOOL_FORM_FIELDS[kind],
    submitted: data,
    current: editableRecord(kind, current),
    by: () => memberName(current.updatedBy),
    labels: SCHOOL_FIELD_LABELS,
    describe: (field, value) =>
      field === 'absenceAlerts' ? absenceAlertSummary({ absenceAlerts: value }) : undefined,
  });
  // A campus saved before it named its alert settings names them now, all three together.
  if (
    edit.ok &&
    kind === 'campuses' &&
    !('absenceAlerts' in edit.patch) &&
    lacksAlertSettings(current)
  ) {
    return { ok: true as const, patch: { ...edit.patch, absenceAlerts: data.absenceAlerts } };
  }
  return edit;
}

/** Saves a patch of one record (nothing to write: the record as it is). */
async function savePatch(kind: SchoolKind, id: string | undefined, patch: Record<string, unknown>) {
  if (id && Object.keys(patch).length === 0) return store.get(kind, id);
  return store.save(kind, { ...patch, ...(id ? { id } : {}) });
}

/** Creates (no id) or updates a campus, classroom or subject from a submitted form. */
export async function saveSchoolRecord(
  kind: SchoolKind,
  input: FormData | FormValues,
  id?: string,
  options: WriteOptions = { linkFacilitators: false },
): Promise<SchoolSaveResult> {
  const values = input instanceof FormData ? formValues(input) : input;
  switch (kind) {
    case 'campuses': {
      const parsed = parseForm(campusFormSchema, values);
      if (!parsed.ok) return parsed;
      const edit = await patchFor(kind, id, values, parsed.data);
      if (!edit) return failed(values);
      if (!edit.ok) return edit;
      const item = await savePatch(kind, id, edit.patch);
      return item ? { ok: true, item } : failed(values);
    }
    case 'subjects': {
      const subjects = await listAll('subjects', subjectSchema);
      const parsed = parseForm(subjectFormSchema(subjects, id), values);
      if (!parsed.ok) return parsed;
      const edit = await patchFor(kind, id, values, parsed.data);
      if (!edit) return failed(values);
      if (!edit.ok) return edit;
      const item = await savePatch(kind, id, edit.patch);
      return item ? { ok: true, item } : failed(values);
    }
    case 'classrooms': {
      const campuses = await listAll('campuses', campusSchema);
      const parsed = parseForm(
        classroomFormSchema(campuses.flatMap((c) => (c.id ? [c.id] : []))),
        values,
      );
      if (!parsed.ok) return parsed;
      const edit = await patchFor(kind, id, values, parsed.data);
      if (!edit) return failed(values);
      if (!edit.ok) return edit;
      const classroomId = id ?? `temp_${crypto.randomUUID()}`;
      const operations: BatchOperation[] = [
        ...(!id || Object.keys(edit.patch).length > 0
          ? [
              {
                type: 'save' as const,
                collection: 'classrooms',
                item: { ...edit.patch, id: classroomId },
              },
            ]
          : []),
        // The facilitators' side follows only a change of this form's facilitators.
        ...(options.linkFacilitators && (!id || 'facilitatorIds' in edit.patch)
          ? await facilitatorLinkUpdates(classroomId, parsed.data.facilitatorIds)
          : []),
      ];
      if (operations.length > 0 && (await store.batch(operations)) === 0) return failed(values);
      const item = await store.get('classrooms', classroomId);
      return item ? { ok: true, item } : failed(values);
    }
  }
}

/** Saves that put `classroomId` on exactly the facilitators in `facilitatorIds`. */
async function facilitatorLinkUpdates(
  classroomId: string,
  facilitatorIds: readonly string[],
): Promise<BatchOperation[]> {
  const facilitators = await listAll('facilitators', facilitatorSchema);
  return facilitators.flatMap((f): BatchOperation[] => {
    if (!f.id) return [];
    const has = f.classroomIds.includes(classroomId);
    const wants = facilitatorIds.includes(f.id);
    if (has === wants) return [];
    const classroomIds = wants
      ? [...f.classroomIds, classroomId]
      : f.classroomIds.filter((c) => c !== classroomId);
    return [{ type: 'save', collection: 'facilitators', item: { id: f.id, classroomIds } }];
  });
}

export type SchoolDeleteResult = { ok: true } | { ok: false; message: string };

/** The delete button's form on the school setup page: which record to delete. */
const deleteFormSchema = z.object({
  intent: z.literal('delete'),
  kind: z.enum(SCHOOL_KINDS),
  id: z.string().min(1),
});

/** Deletes the record a submitted delete form names; a form that names none is refused. */
export async function deleteFromForm(
  formData: FormData,
  options: WriteOptions = { linkFacilitators: false },
): Promise<SchoolDeleteResult & { kind?: SchoolKind }> {
  const parsed = parseForm(deleteFormSchema, formData);
  if (!parsed.ok) return { ok: false, message: 'Unknown action' };
  const result = await deleteSchoolRecord(parsed.data.kind, parsed.data.id, options);
  return { ...result, kind: parsed.data.kind };
}

/** How many of `classrooms` refer to a campus or subject (those block its deletion). */
export function countClassroomsUsing(
  classrooms: readonly Classroom[],
  kind: SchoolKind,
  id: string,
): number {
  if (kind === 'classrooms') return 0;
  return classrooms.filter((c) =>
    kind === 'campuses'
      ? c.campusId === id
      : c.subjectIds.includes(id) || c.schedule.some((row) => row.subjectId === id),
  ).length;
}

/**
 * Deletes a record. A campus or subject that classrooms still use is kept (deleting it would leave
 * those classrooms pointing at nothing); a deleted classroom is taken off its facilitators too.
 */
export async function deleteSchoolRecord(
  kind: SchoolKind,
  id: string,
  options: WriteOptions = { linkFacilitators: false },
): Promise<SchoolDeleteResult> {
  const inUse = countClassroomsUsing(await listAll('classrooms', classroomSchema), kind, id);
  if (inUse > 0) {
    const what = inUse === 1 ? '1 classroom uses' : `${inUse} classrooms use`;
    return {
      ok: false,
      message: `This ${KIND_LABELS[kind].one} cannot be deleted: ${what} it. Change ${inUse === 1 ? 'that classroom' : 'those classrooms'} first.`,
    };
  }
  if (kind === 'classrooms') {
    const operations: BatchOperation[] = [
      { type: 'delete', collection: 'classrooms', id },
      ...(options.linkFacilitators ? await facilitatorLinkUpdates(id, []) : []),
    ];
    return (await store.batch(operations)) > 0
      ? { ok: true }
      : { ok: false, message: DELETE_FAILED };
  }
  return (await store.delete(kind, id)) ? { ok: true } : { ok: false, message: DELETE_FAILED };
}
