// A fingerprint of a zod schema's shape, for the validation stamp of cached chunks (decision 010):
// a chunk stamped under one schema is trusted by a reader only while the schema is the same, so a
// release that changes a record schema (a new required field, a narrower enum, a new check)
// re-validates the cached records once, automatically, without anyone bumping a version by hand.
// The walk reads zod's definitions generically: every nested schema, literal, enum value, check and
// the source text of refinements and transforms takes part. A new build may minify a refinement
// differently; that costs one re-validation, never a wrong "trusted".
import { z } from 'zod';

const cache = new WeakMap<z.ZodType<unknown>, string>();

function hashText(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

function describe(value: unknown, seen: Set<unknown>): string {
  if (value instanceof z.ZodType) {
    if (seen.has(value)) return '@cycle';
    seen.add(value);
    // A lazy schema is described by what it returns (with the cycle guard above).
    const text =
      value instanceof z.ZodLazy
        ? `lazy(${describe(value.schema, seen)})`
        : value instanceof z.ZodObject
          ? `object{${Object.keys(value.shape as Record<string, unknown>)
              .sort()
              .map(
                (key) => `${key}:${describe((value.shape as Record<string, unknown>)[key], seen)}`,
              )
              .join(',')}}${describe({ ...value._def, shape: undefined }, seen)}`
          : describe(value._def, seen);
    seen.delete(value);
    return text;
  }
  if (typeof value === 'function') return `fn(${String(value)})`;
  if (value instanceof RegExp) return `re(${String(value)})`;
  if (Array.isArray(value)) return `[${value.map((v) => describe(v, seen)).join(',')}]`;
  if (value instanceof Set || value instanceof Map)
    return `${value.constructor.name}(${[...value].map((v) => describe(v, seen)).join(',')})`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${key}:${describe(Reflect.get(value, key), seen)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? String(value);
}

/** A short, stable fingerprint of a schema's shape (same schema → same text, in every tab). */
export function schemaFingerprint(schema: z.ZodType<unknown>): string {
  const known = cache.get(schema);
  if (known) return known;
  const fingerprint = hashText(describe(schema, new Set()));
  cache.set(schema, fingerprint);
  return fingerprint;
}
