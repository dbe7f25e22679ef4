// What the school setup routes' clientActions do: validate a campus, classroom or subject form and
// write it through the cache service (so it works offline and syncs later), or delete a record.
// A classroom's facilitators are also kept on each facilitator's classroomIds (both sides are read
// by other pages), in one batch so the two never disagree — but only for roles that may write
// facilitators: administration may change classrooms, not facilitators, and the backend would
// refuse those writes. Pages read both sides, so the link still shows from the classroom's side.
import { cacheService, type BatchOperation, type CachedRecord } from '~/data/cache-service';
import { formDataToObject } from '~/data/route-data';
import {
  campusSchema,
  classroomSchema,
  facilitatorSchema,
  subjectSchema,
  type Classroom,
} from '~/domain/records';
import { validateForm, type FieldErrors } from './form';
import {
  campusFormSchema,
  classroomFormSchema,
  subjectFormSchema,
  KIND_LABELS,
  type SchoolKind,
} from './schemas';

export const SAVE_FAILED = 'Failed to save item';
export const DELETE_FAILED = 'Failed to delete item';

export type SchoolSaveResult =
  | { ok: true; item: CachedRecord }
  | { ok: false; fieldErrors: FieldErrors; values: Record<string, unknown>; formError?: string };

async function listAll<T>(
  collection: string,
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
): Promise<T[]> {
  const items = await cacheService.list(collection, { limit: Infinity });
  return items.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

export interface WriteOptions {
  /** Also update facilitators' classroomIds (only for roles that may write facilitators). */
  linkFacilitators: boolean;
}

function failed(values: Record<string, unknown>): SchoolSaveResult {
  return { ok: false, fieldErrors: {}, values, formError: SAVE_FAILED };
}

/** Creates (no id) or updates a campus, classroom or subject from a submitted form. */
export async function saveSchoolRecord(
  kind: SchoolKind,
  input: FormData | Record<string, unknown>,
  id?: string,
  options: WriteOptions = { linkFacilitators: false },
): Promise<SchoolSaveResult> {
  const values = input instanceof FormData ? formDataToObject(input) : input;
  switch (kind) {
    case 'campuses': {
      const checked = validateForm(campusFormSchema, values);
      if (!checked.ok) return checked;
      const item = await cacheService.save('campuses', { ...checked.data, ...(id ? { id } : {}) });
      return item ? { ok: true, item } : failed(values);
    }
    case 'subjects': {
      const subjects = await listAll('subjects', subjectSchema);
      const checked = validateForm(subjectFormSchema(subjects, id), values);
      if (!checked.ok) return checked;
      const item = await cacheService.save('subjects', { ...checked.data, ...(id ? { id } : {}) });
      return item ? { ok: true, item } : failed(values);
    }
    case 'classrooms': {
      const campuses = await listAll('campuses', campusSchema);
      const checked = validateForm(
        classroomFormSchema(campuses.flatMap((c) => (c.id ? [c.id] : []))),
        values,
      );
      if (!checked.ok) return checked;
      const classroomId = id ?? `temp_${crypto.randomUUID()}`;
      const operations: BatchOperation[] = [
        { type: 'save', collection: 'classrooms', item: { ...checked.data, id: classroomId } },
        ...(options.linkFacilitators
          ? await facilitatorLinkUpdates(classroomId, checked.data.facilitatorIds)
          : []),
      ];
      const applied = await cacheService.batch(operations);
      if (applied === 0) return failed(values);
      const item = await cacheService.get('classrooms', classroomId);
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
    return (await cacheService.batch(operations)) > 0
      ? { ok: true }
      : { ok: false, message: DELETE_FAILED };
  }
  return (await cacheService.delete(kind, id))
    ? { ok: true }
    : { ok: false, message: DELETE_FAILED };
}
