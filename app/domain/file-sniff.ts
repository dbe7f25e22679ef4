// What a file really is, from its first bytes, checked in the browser before it is uploaded. Storage
// rules see only the declared content type and the name, never the bytes, so this is where a web
// page renamed `report.pdf`, or a program declared as a Word document, is refused, with a message
// that names the file and says what it really is. Pure: the caller reads the first SNIFF_LENGTH
// bytes (`file.slice(0, SNIFF_LENGTH)`). The signatures are the formats' own magic numbers, as the
// WHATWG MIME Sniffing standard lists them where it does.
import { isAllowedType, typeLabel, UPLOAD_MESSAGES, type UploadContentType } from './resources';

/** Enough for every signature below, the ODF `mimetype` entry and a look at the start of a text. */
export const SNIFF_LENGTH = 1024;

export type SniffKind =
  | 'pdf'
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'webp'
  | 'bmp'
  | 'heif'
  | 'mp3'
  | 'isoMedia'
  | 'wav'
  | 'avi'
  | 'ogg'
  | 'webm'
  | 'zip'
  | 'odf'
  | 'ole'
  | 'rtf'
  | 'html'
  | 'svg'
  | 'xml'
  | 'program'
  | 'script'
  | 'archive'
  | 'text'
  | 'unknown'
  | 'empty';

export interface Sniffed {
  kind: SniffKind;
  /** What the file is, for a message: "a web page (HTML)". */
  label: string;
  /** For an OpenDocument file: the type its `mimetype` entry names. */
  odfType?: string;
}

const LABELS: Record<SniffKind, string> = {
  pdf: 'a PDF',
  png: 'a PNG image',
  jpeg: 'a JPEG image',
  gif: 'a GIF image',
  webp: 'a WebP image',
  bmp: 'a BMP image',
  heif: 'a HEIC or AVIF image',
  mp3: 'an MP3 audio file',
  isoMedia: 'an MP4 or QuickTime media file',
  wav: 'a WAV audio file',
  avi: 'an AVI video',
  ogg: 'an Ogg media file',
  webm: 'a WebM or Matroska media file',
  zip: 'a ZIP archive (or a Word, Excel or PowerPoint file)',
  odf: 'an OpenDocument file',
  ole: 'an older Word, Excel or PowerPoint file',
  rtf: 'an RTF document',
  html: 'a web page (HTML)',
  svg: 'an SVG image',
  xml: 'an XML file',
  program: 'a program',
  script: 'a script',
  archive: 'a compressed archive',
  text: 'plain text',
  unknown: 'in a format this page does not know',
  empty: 'empty',
};

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

/** Do the bytes at `offset` equal `expected` (numbers, or an ASCII string)? */
function startsWith(bytes: Uint8Array, expected: string | readonly number[], offset = 0): boolean {
  const want = typeof expected === 'string' ? ascii(expected) : expected;
  if (bytes.length < offset + want.length) return false;
  return want.every((byte, i) => bytes[offset + i] === byte);
}

function text(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));
}

/**
 * HTML as browsers sniff it (WHATWG MIME Sniffing §7.1): after white space, one of these tags,
 * case-insensitive, followed by a space or `>`; or a comment.
 */
const HTML_TAGS = [
  '<!doctype html',
  '<html',
  '<head',
  '<script',
  '<iframe',
  '<h1',
  '<div',
  '<font',
  '<table',
  '<a',
  '<style',
  '<title',
  '<b',
  '<body',
  '<br',
  '<p',
];

/** The kind of a text-like start: HTML, SVG, XML, or null for plain text. */
function markupKind(bytes: Uint8Array): 'html' | 'svg' | 'xml' | null {
  let start = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (start < bytes.length && [0x09, 0x0a, 0x0c, 0x0d, 0x20].includes(bytes[start] ?? 0)) {
    start++;
  }
  const head = text(bytes, start, start + SNIFF_LENGTH).toLowerCase();
  if (head.startsWith('<!--')) return 'html';
  for (const tag of HTML_TAGS) {
    const after = head.charAt(tag.length);
    if (head.startsWith(tag) && (after === ' ' || after === '>')) return 'html';
  }
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) return 'svg';
  if (head.startsWith('<?xml')) return 'xml';
  return null;
}

/** The `mimetype` entry an OpenDocument file stores first, uncompressed, in its ZIP; or null. */
function odfMimeType(bytes: Uint8Array): string | null {
  // Local file header: name length at 26, extra length at 28, name at 30, then the data.
  if (!startsWith(bytes, 'mimetype', 30)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const nameLength = view.getUint16(26, true);
  const extraLength = view.getUint16(28, true);
  const size = view.getUint32(18, true);
  if (nameLength !== 8 || size === 0 || size > 100) return null;
  const from = 30 + nameLength + extraLength;
  return text(bytes, from, from + size);
}

/** Is this a start of text: no NUL byte (UTF-16 with its byte-order mark excepted)? */
function looksLikeText(bytes: Uint8Array): boolean {
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) return true;
  return !bytes.includes(0);
}

/**
 * An MPEG audio frame header (an MP3 without an ID3 tag): 11 sync bits, a layer (00 is reserved,
 * and is AAC's ADTS), a bit rate other than "bad" and a sampling rate other than "reserved".
 */
function isMpegAudioFrame(bytes: Uint8Array): boolean {
  const [first = 0, second = 0, third = 0] = bytes;
  return (
    first === 0xff &&
    (second & 0xe0) === 0xe0 &&
    (second & 0x06) !== 0 &&
    (third & 0xf0) !== 0xf0 &&
    (third & 0x0c) !== 0x0c
  );
}

function kindOf(bytes: Uint8Array): { kind: SniffKind; odfType?: string } {
  if (bytes.length === 0) return { kind: 'empty' };
  if (startsWith(bytes, '%PDF-')) return { kind: 'pdf' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: 'jpeg' };
  if (startsWith(bytes, 'GIF87a') || startsWith(bytes, 'GIF89a')) return { kind: 'gif' };
  if (startsWith(bytes, 'BM') && bytes.length >= 14 && startsWith(bytes, [0, 0, 0, 0], 6)) {
    return { kind: 'bmp' };
  }
  if (startsWith(bytes, 'RIFF')) {
    if (startsWith(bytes, 'WEBP', 8)) return { kind: 'webp' };
    if (startsWith(bytes, 'WAVE', 8)) return { kind: 'wav' };
    if (startsWith(bytes, 'AVI ', 8)) return { kind: 'avi' };
  }
  if (startsWith(bytes, 'ftyp', 4)) {
    const brand = text(bytes, 8, 12);
    return { kind: ['heic', 'heix', 'mif1', 'msf1', 'avif'].includes(brand) ? 'heif' : 'isoMedia' };
  }
  // QuickTime files written before `ftyp` existed start with one of these atoms.
  if (['moov', 'mdat', 'wide', 'free', 'skip', 'pnot'].some((atom) => startsWith(bytes, atom, 4))) {
    return { kind: 'isoMedia' };
  }
  if (startsWith(bytes, 'ID3')) return { kind: 'mp3' };
  // UTF-16 text's byte-order mark would pass for an MPEG frame below.
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) {
    return { kind: markupKind(bytes) ?? 'text' };
  }
  if (isMpegAudioFrame(bytes)) return { kind: 'mp3' };
  if (startsWith(bytes, 'OggS')) return { kind: 'ogg' };
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return { kind: 'webm' };
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    const odfType = odfMimeType(bytes);
    if (odfType?.startsWith('application/vnd.oasis.opendocument.')) return { kind: 'odf', odfType };
    return { kind: 'zip' };
  }
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return { kind: 'ole' };
  if (startsWith(bytes, '{\\rtf')) return { kind: 'rtf' };
  if (
    startsWith(bytes, 'MZ') ||
    startsWith(bytes, [0x7f, 0x45, 0x4c, 0x46]) ||
    startsWith(bytes, [0xcf, 0xfa, 0xed, 0xfe]) ||
    startsWith(bytes, [0xce, 0xfa, 0xed, 0xfe]) ||
    startsWith(bytes, [0xca, 0xfe, 0xba, 0xbe])
  ) {
    return { kind: 'program' };
  }
  if (startsWith(bytes, '#!')) return { kind: 'script' };
  if (
    startsWith(bytes, [0x1f, 0x8b]) ||
    startsWith(bytes, 'Rar!') ||
    startsWith(bytes, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])
  ) {
    return { kind: 'archive' };
  }
  const markup = markupKind(bytes);
  if (markup) return { kind: markup };
  return { kind: looksLikeText(bytes) ? 'text' : 'unknown' };
}

/** What the first bytes of a file say it is. */
export function sniff(head: Uint8Array): Sniffed {
  const { kind, odfType } = kindOf(head);
  if (kind === 'odf' && odfType !== undefined) {
    const label = isAllowedType(odfType) ? typeLabel(odfType) : LABELS.odf;
    return { kind, label, odfType };
  }
  return { kind, label: LABELS[kind] };
}

const OOXML: readonly SniffKind[] = ['zip'];
const LEGACY_OFFICE: readonly SniffKind[] = ['ole'];
const TEXT: readonly SniffKind[] = ['text'];
const ISO_MEDIA: readonly SniffKind[] = ['isoMedia'];

/**
 * The kinds each allowed type's bytes may be. Every type of the allow-list has an entry (the
 * compiler sees to it), so a type cannot be added to the list without saying how it starts.
 * OpenDocument files must name their own type in their `mimetype` entry (checked below).
 */
const EXPECTED = {
  'application/pdf': ['pdf'],
  'application/msword': LEGACY_OFFICE,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': OOXML,
  'application/vnd.ms-excel': LEGACY_OFFICE,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': OOXML,
  'application/vnd.ms-powerpoint': LEGACY_OFFICE,
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': OOXML,
  'application/vnd.oasis.opendocument.text': ['odf'],
  'application/vnd.oasis.opendocument.spreadsheet': ['odf'],
  'application/vnd.oasis.opendocument.presentation': ['odf'],
  'application/rtf': ['rtf'],
  'text/plain': TEXT,
  'text/csv': TEXT,
  'image/png': ['png'],
  'image/jpeg': ['jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'audio/mpeg': ['mp3'],
  'audio/mp4': ISO_MEDIA,
  'audio/x-m4a': ISO_MEDIA,
  'audio/wav': ['wav'],
  'audio/x-wav': ['wav'],
  'audio/ogg': ['ogg'],
  'audio/webm': ['webm'],
  'video/mp4': ISO_MEDIA,
  'video/webm': ['webm'],
  'video/ogg': ['ogg'],
  'video/quicktime': ISO_MEDIA,
} as const satisfies Record<UploadContentType, readonly SniffKind[]>;

/** Do these first bytes agree with the declared (allowed) type? */
export function contentAgrees(contentType: UploadContentType, head: Uint8Array): boolean {
  const sniffed = sniff(head);
  const expected: readonly SniffKind[] = EXPECTED[contentType];
  if (!expected.includes(sniffed.kind)) return false;
  return sniffed.kind !== 'odf' || sniffed.odfType === contentType;
}

/**
 * Why a file whose first bytes are `head` may not be uploaded as `file.type`, or null. The message
 * names the file and what it really is: "“report.pdf” is not a PDF: it is a web page (HTML)."
 */
export function contentProblem(
  file: { name: string; type: string },
  head: Uint8Array,
): string | null {
  if (!isAllowedType(file.type)) return UPLOAD_MESSAGES.wrongType;
  if (contentAgrees(file.type, head)) return null;
  const expected = typeLabel(file.type);
  return `“${file.name}” is not ${expected}: it is ${sniff(head).label}. Choose another file, or save it again as ${expected}.`;
}
