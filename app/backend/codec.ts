// Converts what the Firestore SDKs return into plain JSON-like data before zod sees it: records are
// cached in IndexedDB and compared as JSON, so SDK class instances must not leak past app/backend.
// Works with firestore/lite and the full SDK alike, so the value classes are recognised by shape.

export type PlainValue =
  null | boolean | number | string | PlainValue[] | { [key: string]: PlainValue };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isTimestamp(value: Record<string, unknown>): value is { toDate: () => Date } {
  return (
    typeof value.toDate === 'function' &&
    typeof value.seconds === 'number' &&
    typeof value.nanoseconds === 'number'
  );
}

function isDocumentReference(value: Record<string, unknown>): value is { path: string } {
  return value.type === 'document' && typeof value.path === 'string' && 'firestore' in value;
}

function isGeoPoint(
  value: Record<string, unknown>,
): value is { latitude: number; longitude: number } {
  return (
    typeof value.latitude === 'number' &&
    typeof value.longitude === 'number' &&
    typeof value.isEqual === 'function'
  );
}

function isBytes(value: Record<string, unknown>): value is { toBase64: () => string } {
  return typeof value.toBase64 === 'function';
}

/**
 * Timestamps become ISO-8601 strings (what the record schemas expect), references their path,
 * geo points `{latitude, longitude}`, bytes base64. Non-finite numbers (NaN, ±Infinity) are legal
 * in Firestore but not in JSON, so they become null.
 */
export function toPlain(value: unknown): PlainValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (Array.isArray(value)) return value.map(toPlain);
  if (!isObject(value)) return null;
  if (isTimestamp(value)) return value.toDate().toISOString();
  if (isDocumentReference(value)) return value.path;
  if (isGeoPoint(value)) return { latitude: value.latitude, longitude: value.longitude };
  if (isBytes(value)) return value.toBase64();
  const result: Record<string, PlainValue> = {};
  for (const [key, entry] of Object.entries(value)) result[key] = toPlain(entry);
  return result;
}

/** A document's data as a plain record with its `id`, ready for the record's zod schema. */
export function toPlainDocument(
  id: string,
  data: Record<string, unknown>,
): Record<string, PlainValue> {
  const plain: Record<string, PlainValue> = {};
  for (const [key, entry] of Object.entries(data)) plain[key] = toPlain(entry);
  // The document key wins over a stale `id` field stored inside the data.
  plain.id = id;
  return plain;
}
