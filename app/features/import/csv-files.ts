// The CSV files the import hands out: a template per kind (the target fields' labels as the header
// and one example row) and the failed rows, exactly as they were uploaded with an `error` column,
// so the person fixes them in their spreadsheet and uploads that file again.
import { TARGET_FIELDS, type ImportKind } from './targets';

/**
 * RFC 4180 quoting. Unlike the students export, cells are not defused with an apostrophe: these
 * files carry the person's own values back to them for another upload, and "+91 …" must stay a
 * phone number.
 */
function cell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function lines(rows: ReadonlyArray<ReadonlyArray<string>>): string {
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

export function templateCsv(kind: ImportKind): string {
  const fields = TARGET_FIELDS[kind];
  return lines([fields.map((f) => f.label), fields.map((f) => f.example)]);
}

export const ERROR_COLUMN = 'error';

export interface FailedRow {
  cells: readonly string[];
  error: string;
}

/**
 * The header as uploaded plus `error`, and each failed row padded to the header's width. A file
 * that already has an `error` column (the failed rows of an earlier import, fixed and uploaded
 * again) gets it filled in anew instead of a second one.
 */
export function failedRowsCsv(headers: readonly string[], failed: readonly FailedRow[]): string {
  const at = headers.findIndex((h) => h.trim().toLowerCase() === ERROR_COLUMN);
  const width = at >= 0 ? headers.length : headers.length + 1;
  const errorAt = at >= 0 ? at : headers.length;
  const header = at >= 0 ? [...headers] : [...headers, ERROR_COLUMN];
  const body = failed.map(({ cells, error }) => {
    const row = Array.from({ length: width }, (_, i) => cells[i] ?? '');
    row[errorAt] = error;
    return row;
  });
  return lines([header, ...body]);
}

/** failed-rows-YYYY-MM-DD.csv, on the local calendar. */
export function failedRowsFileName(kind: ImportKind, now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return `${kind}-failed-rows-${date}.csv`;
}
