// The general CSV kit (RFC 4180: comma separated, CRLF line ends, fields with a comma, quote or
// line break quoted and inner quotes doubled), used by every export: students, attendance reports,
// inquiries, the import's error file. Cells that a spreadsheet would run as a formula are defused
// with a leading apostrophe (OWASP "CSV injection"): a name typed as "=HYPERLINK(...)" must reach
// the office's spreadsheet as text. It lives in app/ui, not app/domain, because the download
// touches the browser's document.
import { downloadBlob } from './download';

/** First characters that make spreadsheets treat a cell as a formula (tab and CR included). */
const FORMULA_START = /^[=+\-@\t\r]/;

export function escapeCsvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  if (/[",\r\n]/.test(text)) return `"${text.replace(/"/g, '""')}"`;
  return text;
}

export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>) {
  return rows.map((row) => row.map(escapeCsvCell).join(',')).join('\r\n') + '\r\n';
}

/**
 * Hands the text to the browser as a download. The byte-order mark makes Excel read the file as
 * UTF-8 (names with accents); other tools ignore it.
 */
export function downloadCsv(fileName: string, csv: string): void {
  downloadBlob(fileName, new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
}
