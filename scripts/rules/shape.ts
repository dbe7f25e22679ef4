// Shape checks for the generated Firestore rules, read from the record schemas (app/domain/records.ts):
// required keys, only the schema's keys, field types, enums and string limits. The walker knows each
// zod kind the schemas use; any other kind stops the generator with the field's name, so a new kind
// of field cannot silently go unchecked.
//
// What rules cannot do, and so is not checked here: look inside every element of a list (rules have
// no loops), so list elements are checked only when they are enums (`hasOnly`); the values of a
// record (`z.record`) are checked only to be a map.
import { z } from 'zod';
import {
  documentKeys,
  NOT_STORED_FIELDS,
  objectOf,
  WRITTEN_BY_THE_APP,
} from '../../app/domain/stored-keys';

/** A rules string literal: single-quoted, with backslashes and quotes escaped. */
export function literal(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** A rules list literal of strings. */
export function list(values: readonly string[]): string {
  return `[${values.map(literal).join(', ')}]`;
}

function valueLiteral(value: unknown, where: string): string {
  if (typeof value === 'string') return literal(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null) return 'null';
  throw new Error(`${where}: a literal of type ${typeof value} cannot be written in rules`);
}

/**
 * ISO-8601 date-times as z.string().datetime({ offset: true }) accepts them (seconds and fraction
 * optional, `Z` or an offset). Server timestamps (createdAt, updatedAt, lastUpdated) arrive as
 * rules timestamps instead; the app's codec reads both, so both are accepted.
 */
export const ISO_DATE_TIME =
  '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}([.][0-9]+)?)?(Z|[+-][0-9]{2}(:?[0-9]{2})?)$';

/** The rules helper that date-time fields are checked with. */
export const DATE_TIME_FUNCTION = `    function isDateTime(v) {
      return v is timestamp || (v is string && v.matches(${literal(ISO_DATE_TIME)}));
    }`;

const and = (parts: string[]): string =>
  parts.length === 0 ? 'true' : parts.length === 1 ? (parts[0] ?? 'true') : parts.join(' && ');
const group = (expression: string): string =>
  expression.includes(' || ') || expression.includes(' && ') ? `(${expression})` : expression;

/** Regex escapes the generator rewrites, outside and inside a character class. */
const REGEX_ESCAPES: Readonly<Record<string, { outside: string; inside: string }>> = {
  d: { outside: '[0-9]', inside: '0-9' },
  '.': { outside: '[.]', inside: '.' },
};

/**
 * A zod regex's source as a rules regex (RE2) without backslashes: `\d` becomes `[0-9]` and `\.`
 * becomes `[.]`, the forms Firebase's own rules examples use. A backslash in a rules string
 * literal is itself an escape, so a regex with one depends on two levels of escaping that nothing
 * here can check without the rules compiler; the backslash-free form means the same in RE2 and in
 * JavaScript. Any other escape stops the generator with the field's name.
 */
export function rulesRegex(source: string, where: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const char = source.charAt(i);
    if (char === '\\') {
      const next = source.charAt(i + 1);
      const escape = REGEX_ESCAPES[next];
      if (!escape) {
        throw new Error(
          `${where}: the regex escape "\\${next}" is not known to the rules generator; teach scripts/rules/shape.ts to write it`,
        );
      }
      out += inClass ? escape.inside : escape.outside;
      i++;
      continue;
    }
    if (char === '[' && !inClass) inClass = true;
    else if (char === ']' && inClass) inClass = false;
    out += char;
  }
  return out;
}

function stringChecks(value: string, schema: z.ZodString, where: string): string {
  const parts: string[] = [];
  let dateTime = false;
  for (const check of schema._def.checks) {
    switch (check.kind) {
      case 'min':
        parts.push(`${value}.size() >= ${check.value}`);
        break;
      case 'max':
        parts.push(`${value}.size() <= ${check.value}`);
        break;
      case 'length':
        parts.push(`${value}.size() == ${check.value}`);
        break;
      case 'regex':
        if (check.regex.flags !== '') {
          throw new Error(
            `${where}: regex flags (${check.regex.flags}) cannot be written in rules`,
          );
        }
        parts.push(`${value}.matches(${literal(rulesRegex(check.regex.source, where))})`);
        break;
      case 'datetime':
        if (!check.offset || check.local || check.precision !== null) {
          throw new Error(`${where}: only datetime({ offset: true }) is known to the generator`);
        }
        dateTime = true;
        break;
      default:
        throw new Error(
          `${where}: the string check "${check.kind}" is not known to the rules generator; teach scripts/rules/shape.ts to write it`,
        );
    }
  }
  // The rules file defines isDateTime once (DATE_TIME_FUNCTION).
  if (dateTime) return and([`isDateTime(${value})`, ...parts]);
  return and([`${value} is string`, ...parts]);
}

function numberChecks(value: string, schema: z.ZodNumber, where: string): string {
  let type = 'number';
  const parts: string[] = [];
  for (const check of schema._def.checks) {
    switch (check.kind) {
      case 'int':
        type = 'int';
        break;
      case 'min':
        parts.push(`${value} ${check.inclusive ? '>=' : '>'} ${check.value}`);
        break;
      case 'max':
        parts.push(`${value} ${check.inclusive ? '<=' : '<'} ${check.value}`);
        break;
      default:
        throw new Error(
          `${where}: the number check "${check.kind}" is not known to the rules generator; teach scripts/rules/shape.ts to write it`,
        );
    }
  }
  return and([`${value} is ${type}`, ...parts]);
}

/**
 * Walks a schema that rules cannot check (a list element, a record value) only to make sure every
 * kind in it is known: a kind the generator has never seen is an error there too.
 */
function assertKnown(schema: z.ZodTypeAny, where: string): void {
  valueCheck('v', schema, where);
}

/** The condition that `value` (a rules expression) holds a valid value of `schema`. */
export function valueCheck(value: string, schema: z.ZodTypeAny, where: string): string {
  if (schema instanceof z.ZodString) return stringChecks(value, schema, where);
  if (schema instanceof z.ZodNumber) return numberChecks(value, schema, where);
  if (schema instanceof z.ZodBoolean) return `${value} is bool`;
  if (schema instanceof z.ZodNull) return `${value} == null`;
  if (schema instanceof z.ZodEnum) {
    const options: unknown = schema.options;
    if (!Array.isArray(options) || !options.every((o): o is string => typeof o === 'string')) {
      throw new Error(`${where}: enum options must be strings`);
    }
    return `${value} in ${list(options)}`;
  }
  if (schema instanceof z.ZodLiteral) return `${value} == ${valueLiteral(schema.value, where)}`;
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault) {
    // Firestore stores no `undefined`: a present value must be the inner type.
    return valueCheck(value, innerOf(schema), where);
  }
  if (schema instanceof z.ZodNullable) {
    return `${value} == null || ${group(valueCheck(value, schema.unwrap(), where))}`;
  }
  if (schema instanceof z.ZodArray) {
    const def = schema._def;
    const parts = [`${value} is list`];
    if (def.minLength) parts.push(`${value}.size() >= ${def.minLength.value}`);
    if (def.maxLength) parts.push(`${value}.size() <= ${def.maxLength.value}`);
    if (def.exactLength) parts.push(`${value}.size() == ${def.exactLength.value}`);
    const element = unwrapDefaults(schema.element);
    if (element instanceof z.ZodEnum) {
      const options: unknown = element.options;
      if (Array.isArray(options) && options.every((o): o is string => typeof o === 'string')) {
        parts.push(`${value}.hasOnly(${list(options)})`);
      }
    } else {
      assertKnown(schema.element, `${where}[]`);
    }
    return and(parts);
  }
  if (schema instanceof z.ZodObject) {
    return and([`${value} is map`, ...objectChecks(value, schema, where, [])]);
  }
  if (schema instanceof z.ZodRecord) {
    assertKnown(schema.valueSchema, `${where}.*`);
    return `${value} is map`;
  }
  if (schema instanceof z.ZodUnion) {
    const options: z.ZodTypeAny[] = schema.options;
    return `(${options.map((o, i) => group(valueCheck(value, o, `${where}|${i}`))).join(' || ')})`;
  }
  if (schema instanceof z.ZodEffects) {
    // A transform or refinement runs on read; the stored document has the inner schema's shape.
    return valueCheck(value, schema.innerType(), where);
  }
  if (schema instanceof z.ZodUnknown || schema instanceof z.ZodAny) return 'true';
  const kind: unknown = (schema._def as { typeName?: unknown }).typeName;
  throw new Error(
    `${where}: the zod kind ${String(kind)} is not known to the rules generator; teach scripts/rules/shape.ts to check it`,
  );
}

function innerOf(schema: z.ZodOptional<z.ZodTypeAny> | z.ZodDefault<z.ZodTypeAny>): z.ZodTypeAny {
  return schema instanceof z.ZodOptional ? schema.unwrap() : schema.removeDefault();
}

function unwrapDefaults(schema: z.ZodTypeAny): z.ZodTypeAny {
  let current = schema;
  while (current instanceof z.ZodOptional || current instanceof z.ZodDefault) {
    current = innerOf(current);
  }
  return current;
}

/** May a stored document lack this field (optional, or filled in by a default when read)? */
function mayBeAbsent(schema: z.ZodTypeAny): boolean {
  return schema instanceof z.ZodOptional || schema instanceof z.ZodDefault;
}

// Which keys a document may have is decided in app/domain/stored-keys.ts, which the fake's shape
// check (mocks/shapes.ts) reads too, so the demo refuses what these rules refuse.
export { objectOf, WRITTEN_BY_THE_APP };

/**
 * Checks of a map `value` against an object schema: the required keys, only the schema's keys (and
 * `extraKeys`), unless the schema passes unknown keys through, and each field's value.
 */
export function objectChecks(
  value: string,
  schema: z.AnyZodObject,
  where: string,
  extraKeys: readonly string[],
  skipKeys: readonly string[] = [],
): string[] {
  const shape: Record<string, z.ZodTypeAny> = schema.shape;
  const keys = Object.keys(shape).filter((key) => !skipKeys.includes(key));
  const required = keys.filter((key) => {
    const field = shape[key];
    return field !== undefined && !mayBeAbsent(field);
  });
  const parts: string[] = [];
  if (required.length > 0) parts.push(`${value}.keys().hasAll(${list(required)})`);
  if (schema._def.unknownKeys !== 'passthrough') {
    parts.push(`${value}.keys().hasOnly(${list([...keys, ...extraKeys])})`);
  }
  for (const key of keys) {
    const field = shape[key];
    if (!field) continue;
    const fieldValue = `${value}.${key}`;
    const check = valueCheck(fieldValue, field, `${where}.${key}`);
    if (check === 'true') continue;
    parts.push(
      mayBeAbsent(field) ? `(!(${literal(key)} in ${value}) || ${group(check)})` : group(check),
    );
  }
  return parts;
}

/** Fields never stored inside a document (the id is the document key). */
export const NOT_STORED = NOT_STORED_FIELDS;

/**
 * The shape function body for one collection: the record schema's checks, plus bookkeeping fields
 * the app writes that a schema may not name (each an ISO string or a server timestamp).
 */
export function documentChecks(
  collection: string,
  schema: z.ZodTypeAny,
  extra: Readonly<Record<string, string>> = {},
): string[] {
  const object = objectOf(schema, collection);
  const { bookkeeping } = documentKeys(object, collection, Object.keys(extra));
  const extraKeys = [...bookkeeping, ...Object.keys(extra)];
  const parts = objectChecks('d', object, collection, extraKeys, NOT_STORED);
  for (const key of bookkeeping) {
    parts.push(`(!(${literal(key)} in d) || d.${key} is timestamp || d.${key} is string)`);
  }
  for (const [key, check] of Object.entries(extra)) {
    parts.push(`(!(${literal(key)} in d) || ${group(check)})`);
  }
  return parts;
}
