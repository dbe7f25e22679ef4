// Field paths in writes (decision 044). A top-level key containing '.' in a write's data, such as
// `entries.s1`, is a FIELD PATH: it sets that one nested value (replacing it whole) and leaves its
// siblings alone, exactly as Firestore's `update` and `set` with `mergeFields` do. That is what
// lets two people mark different students of one roll call offline without overwriting each other.
// Pure functions: the store, the outbox's coalescing, the change validation, the refresh and the
// in-memory backend all apply a patch the same way, so the local copy equals what the backend makes.

/** The separator of a field path's segments (map keys; array indexes are not field paths). */
export const FIELD_PATH_SEPARATOR = '.';

type Patch = Record<string, unknown>;

/** Whether `key` names a nested value (`entries.s1`) rather than a top-level field. */
export function isFieldPath(key: string): boolean {
  return key.includes(FIELD_PATH_SEPARATOR);
}

/** `entries.s1` → ['entries', 's1']. */
export function fieldPathSegments(key: string): string[] {
  return key.split(FIELD_PATH_SEPARATOR);
}

/** Whether a patch reaches into a nested map anywhere (one of its keys is a field path). */
export function hasFieldPaths(patch: Patch): boolean {
  return Object.keys(patch).some(isFieldPath);
}

function isPlainMap(value: unknown): value is Patch {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A copy of `map` with `value` at the path `[head, ...rest]`, copying only the maps along it. A
 * segment that holds no map (missing, a string, a list) becomes a new map, as in Firestore.
 */
function withValueAt(map: Patch, [head = '', ...rest]: readonly string[], value: unknown): Patch {
  const inner = map[head];
  return {
    ...map,
    [head]: rest.length === 0 ? value : withValueAt(isPlainMap(inner) ? inner : {}, rest, value),
  };
}

/** The value at a field path (or a plain key) of a record; undefined when any step is missing. */
export function valueAtPath(record: unknown, key: string): unknown {
  let current: unknown = record;
  for (const segment of fieldPathSegments(key)) {
    if (!isPlainMap(current) || !Object.hasOwn(current, segment)) return undefined;
    current = current[segment];
  }
  return current;
}

/**
 * Applies a patch to a record, key by key in order: a plain key replaces that field, a field path
 * replaces that one nested value. The record is not changed; a new one is returned.
 */
export function applyPatch(record: Patch, patch: Patch): Patch {
  let next: Patch = { ...record };
  for (const [key, value] of Object.entries(patch)) {
    next = isFieldPath(key)
      ? withValueAt(next, fieldPathSegments(key), value)
      : { ...next, [key]: value };
  }
  return next;
}

/** Whether `prefix` is `key` itself or one of the maps `key` reaches through. */
function covers(prefix: string, key: string): boolean {
  return key === prefix || key.startsWith(prefix + FIELD_PATH_SEPARATOR);
}

/**
 * One patch with the effect of applying `earlier` and then `later`, and no two keys overlapping
 * (Firestore refuses a write naming both `entries` and `entries.s1`). A later key replaces the
 * earlier keys it covers; a later key inside an earlier one is written into that earlier value.
 */
export function mergePatches(earlier: Patch, later: Patch): Patch {
  const merged: Patch = { ...earlier };
  for (const [key, value] of Object.entries(later)) {
    for (const existing of Object.keys(merged)) {
      if (covers(key, existing)) delete merged[existing];
    }
    const outer = Object.keys(merged).find((existing) => covers(existing, key));
    if (outer === undefined) {
      merged[key] = value;
    } else {
      const inner = fieldPathSegments(key).slice(fieldPathSegments(outer).length);
      const current = merged[outer];
      merged[outer] = withValueAt(isPlainMap(current) ? current : {}, inner, value);
    }
  }
  return merged;
}

/** A patch written key by key into a patch with no overlapping keys (see mergePatches). */
export function normalizePatch(patch: Patch): Patch {
  let normal: Patch = {};
  for (const [key, value] of Object.entries(patch)) normal = mergePatches(normal, { [key]: value });
  return normal;
}

/** The patch as nested data (`{'entries.s1': x}` → `{entries: {s1: x}}`), for a whole `set`. */
export function expandFieldPaths(patch: Patch): Patch {
  return applyPatch({}, patch);
}

// ---- "Fill if missing" defaults (decision 044, "Defaults fill only what is missing") ----------
// A write may carry, next to its data, defaults keyed by field path (`entries.s2: present`) that
// are written only where the record has no value at that path. An explicit write always beats a
// default: a default path overlapping any key of the data is dropped.

/** Whether two keys name the same value or one reaches into the other. */
export function pathsOverlap(a: string, b: string): boolean {
  return covers(a, b) || covers(b, a);
}

/** The defaults without those an explicit key of `data` sets (or reaches into, or lies inside). */
export function defaultsNotIn(defaults: Patch, data: Patch): Patch {
  const keys = Object.keys(data);
  const kept: Patch = {};
  for (const [path, value] of Object.entries(defaults)) {
    if (!keys.some((key) => pathsOverlap(key, path))) kept[path] = value;
  }
  return kept;
}

/**
 * Two sets of defaults as one, as if applied in order: an earlier default fills its path first,
 * so a later one for the same (or an overlapping) path is dropped.
 */
export function mergeDefaults(earlier: Patch, later: Patch): Patch {
  const merged: Patch = { ...earlier };
  for (const [path, value] of Object.entries(later)) {
    if (!Object.keys(merged).some((key) => pathsOverlap(key, path))) merged[path] = value;
  }
  return merged;
}

/** The defaults whose path has no value in `record` (what a write would fill in there). */
export function missingDefaults(record: Patch, defaults: Patch): Patch {
  const missing: Patch = {};
  for (const [path, value] of Object.entries(defaults)) {
    if (valueAtPath(record, path) === undefined) missing[path] = value;
  }
  return missing;
}

/** The record with each default written where it has no value yet. */
export function fillMissing(record: Patch, defaults: Patch): Patch {
  return applyPatch(record, missingDefaults(record, defaults));
}
