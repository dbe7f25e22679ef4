// Firestore's REST value encoding: parsing what the SDK sends, ordering and equality the way the
// real service compares values, and conversion to and from plain JS for seeding and tests.
import { z } from 'zod';

export type FsValue =
  | { nullValue: null }
  | { booleanValue: boolean }
  | { integerValue: string }
  | { doubleValue: number }
  | { timestampValue: string }
  | { stringValue: string }
  | { bytesValue: string }
  | { referenceValue: string }
  | { geoPointValue: { latitude: number; longitude: number } }
  | { arrayValue: { values?: FsValue[] } }
  | { mapValue: { fields?: Record<string, FsValue> } };

export type FsFields = Record<string, FsValue>;

/**
 * Normalises one value as the SDK sends it (proto3 JSON: integers as strings, NaN as "NaN",
 * null as "NULL_VALUE", timestamps as RFC 3339 strings or {seconds, nanos}). Hand-written
 * instead of a zod union: a 500-write batch of nested maps must not take seconds to parse.
 */
export function normaliseValue(v: unknown): FsValue | null {
  if (!isRecord(v)) return null;
  const keys = Object.keys(v);
  if (keys.length !== 1) return null;
  const raw = v[keys[0] as string];
  switch (keys[0]) {
    case 'nullValue':
      return raw === null || raw === 'NULL_VALUE' || raw === 0 ? { nullValue: null } : null;
    case 'booleanValue':
      return typeof raw === 'boolean' ? { booleanValue: raw } : null;
    case 'integerValue':
      return typeof raw === 'string' || typeof raw === 'number'
        ? { integerValue: String(raw) }
        : null;
    case 'doubleValue':
      return typeof raw === 'number' || typeof raw === 'string'
        ? { doubleValue: Number(raw) }
        : null;
    case 'timestampValue':
      if (typeof raw === 'string') return { timestampValue: raw };
      if (isRecord(raw)) {
        return {
          timestampValue: formatTimestamp(Number(raw.seconds ?? 0), Number(raw.nanos ?? 0)),
        };
      }
      return null;
    case 'stringValue':
      return typeof raw === 'string' ? { stringValue: raw } : null;
    case 'bytesValue':
      return typeof raw === 'string' ? { bytesValue: raw } : null;
    case 'referenceValue':
      return typeof raw === 'string' ? { referenceValue: raw } : null;
    case 'geoPointValue':
      return isRecord(raw)
        ? {
            geoPointValue: {
              latitude: Number(raw.latitude ?? 0),
              longitude: Number(raw.longitude ?? 0),
            },
          }
        : null;
    case 'arrayValue': {
      if (!isRecord(raw)) return null;
      const values = raw.values ?? [];
      if (!Array.isArray(values)) return null;
      const out: FsValue[] = [];
      for (const item of values) {
        const n = normaliseValue(item);
        if (!n) return null;
        out.push(n);
      }
      return { arrayValue: { values: out } };
    }
    case 'mapValue': {
      if (!isRecord(raw)) return null;
      const fields = normaliseFields(raw.fields ?? {});
      return fields ? { mapValue: { fields } } : null;
    }
    default:
      return null;
  }
}

export function normaliseFields(v: unknown): FsFields | null {
  if (!isRecord(v)) return null;
  const out: FsFields = {};
  for (const [k, item] of Object.entries(v)) {
    const n = normaliseValue(item);
    if (!n) return null;
    out[k] = n;
  }
  return out;
}

/** Schema of one encoded value as the SDK sends it. */
export const fsValueSchema = z.unknown().transform((v, ctx): FsValue => {
  const n = normaliseValue(v);
  if (!n) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Invalid Firestore value' });
    return z.NEVER;
  }
  return n;
});

export const fsFieldsSchema = z.unknown().transform((v, ctx): FsFields => {
  const n = normaliseFields(v);
  if (!n) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Invalid Firestore fields' });
    return z.NEVER;
  }
  return n;
});

// ---- timestamps -------------------------------------------------------------------------------

export interface TimestampParts {
  seconds: number;
  nanos: number;
}

export function formatTimestamp(seconds: number, nanos: number): string {
  const base = new Date(seconds * 1000).toISOString().slice(0, 19);
  return `${base}.${String(nanos).padStart(9, '0').slice(0, 6)}Z`;
}

/** Parses an RFC 3339 timestamp, keeping sub-millisecond precision (updateTime preconditions). */
export function parseTimestamp(value: string): TimestampParts {
  const match = /^(.*?T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})$/.exec(value);
  if (!match) {
    const ms = Date.parse(value);
    if (Number.isNaN(ms)) throw new Error(`Invalid timestamp: ${value}`);
    return { seconds: Math.floor(ms / 1000), nanos: (ms % 1000) * 1e6 };
  }
  const seconds = Date.parse(`${match[1]}${match[3]}`) / 1000;
  const nanos = Number((match[2] ?? '').padEnd(9, '0').slice(0, 9));
  return { seconds, nanos };
}

export function compareTimestamps(a: string, b: string): number {
  const pa = parseTimestamp(a);
  const pb = parseTimestamp(b);
  return pa.seconds - pb.seconds || pa.nanos - pb.nanos;
}

export function timestampToIso(value: string): string {
  const t = parseTimestamp(value);
  return new Date(t.seconds * 1000 + Math.floor(t.nanos / 1e6)).toISOString();
}

// The service never hands out the same updateTime twice: updateTime preconditions rely on it.
let lastIssued = { seconds: 0, nanos: 0 };
export function nextServerTime(nowMs: number = Date.now()): string {
  let seconds = Math.floor(nowMs / 1000);
  let nanos = (nowMs % 1000) * 1e6;
  if (
    seconds < lastIssued.seconds ||
    (seconds === lastIssued.seconds && nanos <= lastIssued.nanos)
  ) {
    seconds = lastIssued.seconds;
    nanos = lastIssued.nanos + 1000;
    if (nanos >= 1e9) {
      seconds += 1;
      nanos -= 1e9;
    }
  }
  lastIssued = { seconds, nanos };
  return formatTimestamp(seconds, nanos);
}

// ---- ordering and equality ------------------------------------------------------------------

function typeOrder(v: FsValue): number {
  if ('nullValue' in v) return 0;
  if ('booleanValue' in v) return 1;
  if ('integerValue' in v || 'doubleValue' in v) return 2;
  if ('timestampValue' in v) return 3;
  if ('stringValue' in v) return 4;
  if ('bytesValue' in v) return 5;
  if ('referenceValue' in v) return 6;
  if ('geoPointValue' in v) return 7;
  if ('arrayValue' in v) return 8;
  return 9;
}

export function numericValue(v: FsValue): number | null {
  if ('integerValue' in v) return Number(v.integerValue);
  if ('doubleValue' in v) return v.doubleValue;
  return null;
}

function compareNumbers(a: number, b: number): number {
  // NaN sorts before every other number in Firestore.
  if (Number.isNaN(a)) return Number.isNaN(b) ? 0 : -1;
  if (Number.isNaN(b)) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Total order of Firestore values: by type first, then within the type. */
export function compareValues(a: FsValue, b: FsValue): number {
  const ta = typeOrder(a);
  const tb = typeOrder(b);
  if (ta !== tb) return ta - tb;
  if ('booleanValue' in a && 'booleanValue' in b)
    return Number(a.booleanValue) - Number(b.booleanValue);
  const na = numericValue(a);
  const nb = numericValue(b);
  if (na !== null && nb !== null) return compareNumbers(na, nb);
  if ('timestampValue' in a && 'timestampValue' in b)
    return compareTimestamps(a.timestampValue, b.timestampValue);
  if ('stringValue' in a && 'stringValue' in b) return compareStrings(a.stringValue, b.stringValue);
  if ('bytesValue' in a && 'bytesValue' in b) return compareStrings(a.bytesValue, b.bytesValue);
  if ('referenceValue' in a && 'referenceValue' in b)
    return compareStrings(a.referenceValue, b.referenceValue);
  if ('geoPointValue' in a && 'geoPointValue' in b)
    return (
      compareNumbers(a.geoPointValue.latitude, b.geoPointValue.latitude) ||
      compareNumbers(a.geoPointValue.longitude, b.geoPointValue.longitude)
    );
  if ('arrayValue' in a && 'arrayValue' in b) {
    const va = a.arrayValue.values ?? [];
    const vb = b.arrayValue.values ?? [];
    for (let i = 0; i < Math.min(va.length, vb.length); i++) {
      const c = compareValues(va[i] as FsValue, vb[i] as FsValue);
      if (c !== 0) return c;
    }
    return va.length - vb.length;
  }
  if ('mapValue' in a && 'mapValue' in b) {
    const fa = a.mapValue.fields ?? {};
    const fb = b.mapValue.fields ?? {};
    const ka = Object.keys(fa).sort();
    const kb = Object.keys(fb).sort();
    for (let i = 0; i < Math.min(ka.length, kb.length); i++) {
      const k1 = ka[i] as string;
      const k2 = kb[i] as string;
      const c = compareStrings(k1, k2) || compareValues(fa[k1] as FsValue, fb[k2] as FsValue);
      if (c !== 0) return c;
    }
    return ka.length - kb.length;
  }
  return 0;
}

/** Equality as queries use it: 1 equals 1.0, NaN equals nothing. */
export function valuesEqual(a: FsValue, b: FsValue): boolean {
  const na = numericValue(a);
  const nb = numericValue(b);
  if (na !== null && nb !== null) return na === nb;
  return typeOrder(a) === typeOrder(b) && compareValues(a, b) === 0;
}

export function isNaNValue(v: FsValue): boolean {
  return 'doubleValue' in v && Number.isNaN(v.doubleValue);
}

// ---- plain JS conversion --------------------------------------------------------------------

/** Decodes to plain JS: timestamps become ISO-8601 strings, integers numbers, references paths. */
export function decodeValue(v: FsValue): unknown {
  if ('nullValue' in v) return null;
  if ('booleanValue' in v) return v.booleanValue;
  if ('integerValue' in v) return Number(v.integerValue);
  if ('doubleValue' in v) return v.doubleValue;
  if ('timestampValue' in v) return timestampToIso(v.timestampValue);
  if ('stringValue' in v) return v.stringValue;
  if ('bytesValue' in v) return v.bytesValue;
  if ('referenceValue' in v)
    return v.referenceValue.replace(/^projects\/[^/]+\/databases\/[^/]+\/documents\//, '');
  if ('geoPointValue' in v) return { ...v.geoPointValue };
  if ('arrayValue' in v) return (v.arrayValue.values ?? []).map(decodeValue);
  return decodeFields(v.mapValue.fields ?? {});
}

export function decodeFields(fields: FsFields): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) out[k] = decodeValue(v);
  return out;
}

/** Encodes plain JS. A Date becomes a timestamp; every string stays a string. */
export function encodeValue(value: unknown): FsValue {
  if (value === null || value === undefined) return { nullValue: null };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number')
    return Number.isSafeInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  if (typeof value === 'string') return { stringValue: value };
  if (value instanceof Date) {
    const ms = value.getTime();
    return { timestampValue: formatTimestamp(Math.floor(ms / 1000), (ms % 1000) * 1e6) };
  }
  if (Array.isArray(value)) return { arrayValue: { values: value.map(encodeValue) } };
  if (typeof value === 'object') return { mapValue: { fields: encodeFields(value) } };
  throw new Error(`Cannot encode ${typeof value}`);
}

export function encodeFields(obj: object): FsFields {
  const out: FsFields = {};
  for (const [k, v] of Object.entries(obj)) {
    if (v !== undefined) out[k] = encodeValue(v);
  }
  return out;
}

// ---- field paths ------------------------------------------------------------------------------

/** Splits a field path such as `a.b` or `` a.`x.y` `` into its segments. */
export function splitFieldPath(path: string): string[] {
  const segments: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < path.length; i++) {
    const ch = path[i] as string;
    if (quoted) {
      if (ch === '\\' && i + 1 < path.length) {
        current += path[++i];
      } else if (ch === '`') {
        quoted = false;
      } else {
        current += ch;
      }
    } else if (ch === '`') {
      quoted = true;
    } else if (ch === '.') {
      segments.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  segments.push(current);
  return segments;
}

export function getField(fields: FsFields, path: string): FsValue | undefined {
  const segments = splitFieldPath(path);
  let current: FsFields | undefined = fields;
  let value: FsValue | undefined;
  for (const segment of segments) {
    if (!current) return undefined;
    value = current[segment];
    if (value === undefined) return undefined;
    current = 'mapValue' in value ? (value.mapValue.fields ?? {}) : undefined;
  }
  return value;
}

export function setField(fields: FsFields, path: string, value: FsValue | undefined): void {
  const segments = splitFieldPath(path);
  let current = fields;
  for (let i = 0; i < segments.length - 1; i++) {
    const segment = segments[i] as string;
    const existing = current[segment];
    if (existing && 'mapValue' in existing) {
      existing.mapValue.fields ??= {};
      current = existing.mapValue.fields;
    } else {
      if (value === undefined) return;
      const next: FsFields = {};
      current[segment] = { mapValue: { fields: next } };
      current = next;
    }
  }
  const last = segments[segments.length - 1] as string;
  if (value === undefined) delete current[last];
  else current[last] = value;
}

export function cloneFields(fields: FsFields): FsFields {
  return structuredClone(fields);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * A fast structural check of an already-normalised value (as this fake stores it). Loading a
 * saved demo runs it over every stored value, where the zod schema above is far too slow.
 */
export function isFsValue(v: unknown): v is FsValue {
  if (!isRecord(v)) return false;
  const keys = Object.keys(v);
  if (keys.length !== 1) return false;
  switch (keys[0]) {
    case 'nullValue':
      // The REST API spells null as the enum 'NULL_VALUE'; the SDK sends that form.
      return v.nullValue === null || v.nullValue === 'NULL_VALUE';
    case 'booleanValue':
      return typeof v.booleanValue === 'boolean';
    case 'integerValue':
    case 'timestampValue':
    case 'stringValue':
    case 'bytesValue':
    case 'referenceValue':
      return typeof v[keys[0]] === 'string';
    case 'doubleValue':
      return typeof v.doubleValue === 'number';
    case 'geoPointValue':
      return (
        isRecord(v.geoPointValue) &&
        typeof v.geoPointValue.latitude === 'number' &&
        typeof v.geoPointValue.longitude === 'number'
      );
    case 'arrayValue': {
      const a = v.arrayValue;
      return (
        isRecord(a) &&
        (a.values === undefined || (Array.isArray(a.values) && a.values.every(isFsValue)))
      );
    }
    case 'mapValue': {
      const m = v.mapValue;
      return isRecord(m) && (m.fields === undefined || isFsFields(m.fields));
    }
    default:
      return false;
  }
}

export function isFsFields(v: unknown): v is FsFields {
  return isRecord(v) && Object.values(v).every(isFsValue);
}
