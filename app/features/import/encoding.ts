// Which character encoding an uploaded CSV is in, and its text. Spreadsheets save CSV in several:
// Excel's "CSV UTF-8" (with a byte-order mark), plain UTF-8 from Google Sheets and LibreOffice,
// "Unicode text" as UTF-16 (with a mark), and Excel's plain "CSV" in the Windows code page, where
// "Zoë" is the single byte EB and reading it as UTF-8 gives "Zo�". A byte-order mark decides; without
// one, text that is valid UTF-8 is UTF-8 (a Windows-1252 file with any letter beyond ASCII almost
// never is), and anything else is read as Windows-1252, which every byte sequence is.
// Pure, and run in the import's worker (csv.worker.ts), never on the page's thread.

export const CSV_ENCODINGS = [
  'utf-8',
  'utf-8-bom',
  'utf-16le',
  'utf-16be',
  'windows-1252',
] as const;
export type CsvEncoding = (typeof CSV_ENCODINGS)[number];

/** How the preview names the encoding: "Read as Windows-1252 (Latin-1)". */
export const ENCODING_LABELS: Record<CsvEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-8-bom': 'UTF-8 (with byte-order mark)',
  'utf-16le': 'UTF-16 (little-endian)',
  'utf-16be': 'UTF-16 (big-endian)',
  'windows-1252': 'Windows-1252 (Latin-1)',
};

export interface DecodedCsv {
  text: string;
  encoding: CsvEncoding;
}

function startsWith(bytes: Uint8Array, mark: readonly number[]): boolean {
  return mark.every((byte, i) => bytes[i] === byte);
}

/** UTF-8 if every byte sequence is valid UTF-8, else null. TextDecoder drops a leading mark. */
function strictUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Windows-1252's characters for the bytes 80–9F (the rest are Latin-1: byte = code point), as the
 * WHATWG encoding table has them. Mapped here rather than with TextDecoder('windows-1252'): Node
 * 20's decoder reads that label as ISO-8859-1 (0x93 becomes U+0093, not “), so the tests and the
 * browsers would disagree on a file with curly quotes or a euro sign.
 */
const CP1252_80_9F = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152,
  0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122,
  0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

function windows1252(bytes: Uint8Array): string {
  const units = new Uint16Array(bytes.length);
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i] ?? 0;
    units[i] = byte >= 0x80 && byte <= 0x9f ? (CP1252_80_9F[byte - 0x80] ?? byte) : byte;
  }
  // In slices: one String.fromCharCode call with a whole file's units would overflow the stack.
  let text = '';
  for (let at = 0; at < units.length; at += 8192) {
    text += String.fromCharCode(...units.subarray(at, at + 8192));
  }
  return text;
}

/**
 * The file's text and the encoding it was read in. Nothing is replaced by "�": bytes that are not
 * UTF-8 make the whole file Windows-1252 instead. The byte-order mark is not part of the text.
 */
export function decodeCsvBytes(bytes: Uint8Array): DecodedCsv {
  if (startsWith(bytes, [0xff, 0xfe])) {
    return { text: new TextDecoder('utf-16le').decode(bytes), encoding: 'utf-16le' };
  }
  if (startsWith(bytes, [0xfe, 0xff])) {
    return { text: new TextDecoder('utf-16be').decode(bytes), encoding: 'utf-16be' };
  }
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) {
    const text = strictUtf8(bytes);
    // A mark that says UTF-8 over bytes that are not: keep every byte, as Windows-1252.
    if (text === null) return { text: windows1252(bytes.subarray(3)), encoding: 'windows-1252' };
    return { text, encoding: 'utf-8-bom' };
  }
  const text = strictUtf8(bytes);
  if (text !== null) return { text, encoding: 'utf-8' };
  return { text: windows1252(bytes), encoding: 'windows-1252' };
}
