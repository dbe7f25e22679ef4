// Reading an uploaded CSV with papaparse: the bytes are decoded in their own encoding
// (encoding.ts), the first line is the header, blank rows are skipped, a byte-order mark (Excel's
// "CSV UTF-8") is dropped. The errors say what to do about the file, and where: a quote that is
// never closed swallows every row after it into one cell, so it is named with its line instead of
// showing up as "1 row, 1 with errors".
import Papa from 'papaparse';
import { decodeCsvBytes, type CsvEncoding } from './encoding';

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

/** "Line 4 has a quote (") that is never closed." and what to do about it. */
export function unclosedQuoteMessage(line: number): string {
  return `Line ${line} has a quote (") that is never closed. Add the closing quote, or remove the quote, save the file and choose it again.`;
}

/** A quote inside a quoted value that is not doubled ("Ravi "Jr" Iyer"). */
export function strayQuoteMessage(line: number): string {
  return `Line ${line} has a quote (") inside a quoted value. Write a quote inside a quoted value as two quotes (""), save the file and choose it again.`;
}

/** The line (1 = the first) that the character at `index` of `text` is on; \r\n, \n and \r end a line. */
export function lineAt(text: string, index: number): number {
  const before = text.slice(0, Math.max(0, index));
  return 1 + (before.match(/\r\n|\r|\n/g)?.length ?? 0);
}

/**
 * The first quote problem papaparse found, as a message naming the file's line (a spreadsheet's
 * and a text editor's line, counting blank lines and the lines inside quoted values), or null.
 * papaparse gives the index just after the value's opening quote, and a row number that skips
 * blank lines: the index is what finds the line. At one place a stray quote explains the
 * unclosed one that follows from it, so it is named first.
 */
export function quoteProblem(text: string, errors: readonly Papa.ParseError[]): string | null {
  const quotes = errors
    .filter((e) => e.code === 'MissingQuotes' || e.code === 'InvalidQuotes')
    .map((e) => ({ code: e.code, at: typeof e.index === 'number' ? e.index - 1 : -1 }))
    .sort((a, b) => a.at - b.at || (a.code === 'InvalidQuotes' ? -1 : 1));
  const first = quotes[0];
  if (!first) return null;
  const line = lineAt(text, first.at);
  return first.code === 'MissingQuotes' ? unclosedQuoteMessage(line) : strayQuoteMessage(line);
}

export function parseCsvText(input: string): ParseResult {
  const text = input.replace(/^\uFEFF/, '');
  if (text.trim() === '') return { ok: false, message: PARSE_MESSAGES.empty };
  // A NUL character does not occur in text files: this is a spreadsheet or another binary file.
  if (text.includes('\u0000')) return { ok: false, message: PARSE_MESSAGES.notText };
  const result = Papa.parse<string[]>(text, { header: false, skipEmptyLines: true });
  const quotes = quoteProblem(text, result.errors);
  if (quotes) return { ok: false, message: quotes };
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

export type ParsedFile =
  { ok: true; csv: ParsedCsv; encoding: CsvEncoding } | { ok: false; message: string };

/** An uploaded file's bytes, decoded in their own encoding (which the preview names) and parsed. */
export function parseCsvBytes(bytes: Uint8Array): ParsedFile {
  const { text, encoding } = decodeCsvBytes(bytes);
  const parsed = parseCsvText(text);
  return parsed.ok ? { ...parsed, encoding } : parsed;
}
