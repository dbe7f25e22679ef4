// Reading an uploaded CSV with papaparse: the first line is the header, blank rows are skipped,
// a byte-order mark (Excel's "CSV UTF-8") is dropped. The errors say what to do about the file.
import Papa from 'papaparse';

/** More rows than a centre has students is a wrong file, and would only strain the device. */
export const MAX_IMPORT_ROWS = 20_000;

export interface ParsedCsv {
  headers: string[];
  rows: string[][];
}

export type ParseResult = { ok: true; csv: ParsedCsv } | { ok: false; message: string };

export const PARSE_MESSAGES = {
  empty: 'The file is empty. Choose a CSV file with a header row and one row per record.',
  noRows: 'The file has a header row but no rows under it.',
  noHeader: 'The first row has no column names. Put the column names in the first row.',
  tooMany: `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en')} rows. Split it into smaller files.`,
  notText:
    'This does not look like a CSV file. Save the spreadsheet as “CSV UTF-8” and choose that file.',
} as const;

export function parseCsvText(input: string): ParseResult {
  const text = input.replace(/^\uFEFF/, '');
  if (text.trim() === '') return { ok: false, message: PARSE_MESSAGES.empty };
  // A NUL character does not occur in text files: this is a spreadsheet or another binary file.
  if (text.includes('\u0000')) return { ok: false, message: PARSE_MESSAGES.notText };
  const result = Papa.parse<string[]>(text, { header: false, skipEmptyLines: true });
  const [header, ...lines] = result.data;
  // A row of empty cells (",,,", a spreadsheet's formatted but empty row) is no record.
  const rows = lines.filter((row) => row.some((value) => value.trim() !== ''));
  if (!header) return { ok: false, message: PARSE_MESSAGES.empty };
  const headers = header.map((h) => h.trim());
  if (headers.every((h) => h === '')) return { ok: false, message: PARSE_MESSAGES.noHeader };
  if (rows.length === 0) return { ok: false, message: PARSE_MESSAGES.noRows };
  if (rows.length > MAX_IMPORT_ROWS) return { ok: false, message: PARSE_MESSAGES.tooMany };
  return { ok: true, csv: { headers, rows } };
}
