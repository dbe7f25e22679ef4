// Keeps an event's or a resource's `audienceKeys` equal to the keys its `audience`, `classroomIds`
// and `campusId` imply (app/domain/audience.ts, decision 046). The refresh queries read the stored
// keys, so a wrong key would show the record to people outside its audience or hide it from people
// in it. The fake refuses such a client write outright (mocks/shapes.ts); the generated production
// rules cannot recompute the keys from the fields (decision 048), so the write trigger repairs them
// after the fact: the stored keys always end up following the fields, whoever wrote them.
import { audienceKeysOf } from '~/domain/audience';
import type { DocumentChange } from './access';
import type { ServerWrite } from './outcome';

/** The collections whose documents carry derived audience keys. */
export const AUDIENCE_KEYED_COLLECTIONS: readonly string[] = ['events', 'resources'];

export const AUDIENCE_KEYS_FIELD = 'audienceKeys';

const stringsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** The keys a stored event or resource should carry, from its own fields. */
export function derivedAudienceKeys(data: Record<string, unknown>): string[] {
  return audienceKeysOf({
    audience: stringsOf(data.audience),
    classroomIds: stringsOf(data.classroomIds),
    campusId: typeof data.campusId === 'string' ? data.campusId : null,
  });
}

/**
 * True when the stored field is exactly the derived keys as a set: a list of strings only (a
 * number or a map smuggled into the list is not a key the rules or queries should ever see), no
 * key missing and none extra. Order and repeats do not matter to `array-contains-any`.
 */
function storedKeysAre(stored: unknown, derived: readonly string[]): boolean {
  if (!Array.isArray(stored)) return false;
  if (!stored.every((key) => typeof key === 'string')) return false;
  const set = new Set<string>(stored);
  return set.size === derived.length && derived.every((key) => set.has(key));
}

/**
 * The repair for one write: a merge of the derived keys into an event or resource whose stored
 * keys differ, nothing otherwise (a delete, another collection, keys already right). Idempotent:
 * the repair's own write event finds the keys right and writes nothing.
 */
export function audienceKeyWrites(change: DocumentChange): ServerWrite[] {
  const segments = change.path.split('/');
  if (segments.length !== 2 || !AUDIENCE_KEYED_COLLECTIONS.includes(segments[0] ?? '')) return [];
  if (!change.after) return [];
  const derived = derivedAudienceKeys(change.after);
  if (storedKeysAre(change.after[AUDIENCE_KEYS_FIELD], derived)) return [];
  return [{ path: change.path, data: { [AUDIENCE_KEYS_FIELD]: derived }, merge: true }];
}
