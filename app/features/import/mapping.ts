// The column mapping: which column of the uploaded file fills which target field. It is guessed
// from the header row (the field's own name, its label or a known alias, compared without case,
// spaces or punctuation) and then shown as one select per field for the person to correct.
import { TARGET_FIELDS, type ImportKind } from './targets';

/** Target field key → index of the column that fills it; a field that no column fills is absent. */
export type ColumnMapping = Record<string, number>;

/** "Guardian E-mail", "guardian_email" and "guardianEmail" all become "guardianemail". */
export function normaliseHeader(header: string): string {
  return header
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * The mapping the header row suggests. Each column fills at most one field; an exact key or label
 * match wins over an alias, so "Family name" goes to familyName even though a facilitator's
 * lastName lists it as an alias.
 */
export function guessMapping(headers: readonly string[], kind: ImportKind): ColumnMapping {
  const normalised = headers.map(normaliseHeader);
  const mapping: ColumnMapping = {};
  const taken = new Set<number>();
  const fields = TARGET_FIELDS[kind];
  const names = (field: (typeof fields)[number], exact: boolean) =>
    exact ? [field.key, field.label].map(normaliseHeader) : field.aliases.map(normaliseHeader);
  for (const exact of [true, false]) {
    for (const field of fields) {
      if (field.key in mapping) continue;
      const wanted = names(field, exact);
      const column = normalised.findIndex(
        (h, i) => !taken.has(i) && h !== '' && wanted.includes(h),
      );
      if (column >= 0) {
        mapping[field.key] = column;
        taken.add(column);
      }
    }
  }
  return mapping;
}

/** The labels of the required fields no column fills ("First name", "Campus"). */
export function missingRequired(mapping: ColumnMapping, kind: ImportKind): string[] {
  return TARGET_FIELDS[kind].filter((f) => f.required && !(f.key in mapping)).map((f) => f.label);
}

/** The values of one row by target field ('' for a field no column fills or a short row). */
export function mappedValues(
  row: readonly string[],
  mapping: ColumnMapping,
  kind: ImportKind,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of TARGET_FIELDS[kind]) {
    const column = mapping[field.key];
    values[field.key] = column === undefined ? '' : (row[column] ?? '').trim();
  }
  return values;
}
