import { describe, expect, it } from 'vitest';
import { contentAgrees, contentProblem, sniff } from './file-sniff';
import { UPLOAD_CONTENT_TYPES, UPLOAD_MESSAGES, type UploadContentType } from './resources';

const enc = (text: string) => new TextEncoder().encode(text);
const bytes = (...parts: Array<string | number[]>): Uint8Array =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...enc(p)] : p)));

/** A ZIP whose first entry is an uncompressed `mimetype` holding `type`, as OpenDocument stores it. */
function odf(type: string): Uint8Array {
  const header = new Uint8Array(30);
  header.set([0x50, 0x4b, 0x03, 0x04]);
  const view = new DataView(header.buffer);
  view.setUint32(18, type.length, true);
  view.setUint32(22, type.length, true);
  view.setUint16(26, 8, true);
  view.setUint16(28, 0, true);
  return bytes([...header], 'mimetype', type, [0x50, 0x4b, 0x03, 0x04]);
}

/** A real start of a file of each allowed type. */
const SAMPLES: Record<UploadContentType, Uint8Array> = {
  'application/pdf': bytes('%PDF-1.7\n%\u00e2\u00e3'),
  'application/msword': bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': bytes(
    [0x50, 0x4b, 0x03, 0x04, 0x14, 0],
    '[Content_Types].xml',
  ),
  'application/vnd.ms-excel': bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': bytes([
    0x50, 0x4b, 0x03, 0x04,
  ]),
  'application/vnd.ms-powerpoint': bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': bytes([
    0x50, 0x4b, 0x03, 0x04,
  ]),
  'application/vnd.oasis.opendocument.text': odf('application/vnd.oasis.opendocument.text'),
  'application/vnd.oasis.opendocument.spreadsheet': odf(
    'application/vnd.oasis.opendocument.spreadsheet',
  ),
  'application/vnd.oasis.opendocument.presentation': odf(
    'application/vnd.oasis.opendocument.presentation',
  ),
  'application/rtf': bytes('{\\rtf1\\ansi'),
  'text/plain': bytes('Homework for Monday:\r\n1. Read chapter 3\n'),
  'text/csv': bytes([0xef, 0xbb, 0xbf], 'name,grade\nZoë,4\n'),
  'image/png': bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR'),
  'image/jpeg': bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'),
  'image/gif': bytes('GIF89a', [1, 0, 1, 0]),
  'image/webp': bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '),
  'audio/mpeg': bytes('ID3', [4, 0, 0]),
  'audio/mp4': bytes([0, 0, 0, 0x20], 'ftypM4A ', [0, 0, 0, 0]),
  'audio/x-m4a': bytes([0, 0, 0, 0x20], 'ftypM4A '),
  'audio/wav': bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '),
  'audio/x-wav': bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '),
  'audio/ogg': bytes('OggS', [0, 2]),
  'audio/webm': bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86]),
  'video/mp4': bytes([0, 0, 0, 0x18], 'ftypmp42', [0, 0, 0, 0], 'isom'),
  'video/webm': bytes([0x1a, 0x45, 0xdf, 0xa3]),
  'video/ogg': bytes('OggS', [0, 2]),
  'video/quicktime': bytes([0, 0, 0, 0x14], 'ftypqt  '),
};

const html = bytes('\n  <!DOCTYPE html><html><script>alert(document.domain)</script>');

describe('sniffing the first bytes of a file', () => {
  it('accepts a real file of every allowed type', () => {
    for (const type of UPLOAD_CONTENT_TYPES) {
      expect(contentAgrees(type, SAMPLES[type]), type).toBe(true);
      expect(contentProblem({ name: 'f', type }, SAMPLES[type]), type).toBeNull();
    }
  });

  it('refuses a web page named .pdf, naming the file and what it really is', () => {
    expect(contentProblem({ name: 'report.pdf', type: 'application/pdf' }, html)).toBe(
      '“report.pdf” is not a PDF: it is a web page (HTML). Choose another file, or save it again as a PDF.',
    );
  });

  it('refuses HTML disguised as an image, a text file or a CSV', () => {
    for (const type of ['image/png', 'text/plain', 'text/csv'] as const) {
      expect(contentAgrees(type, html), type).toBe(false);
    }
    // Browsers sniff these starts as HTML too (WHATWG MIME Sniffing), and a comment.
    for (const start of [
      '<html>',
      '<SCRIPT src=x>',
      '<iframe ',
      '<!-- x -->',
      '<body>',
      '<a href=x>',
    ]) {
      expect(sniff(enc(start)).kind, start).toBe('html');
    }
    // …but not text that merely begins with a less-than sign.
    expect(sniff(enc('<3 maths club')).kind).toBe('text');
    expect(sniff(enc('<abbr> is a tag')).kind).toBe('text');
  });

  it('refuses SVG and XML declared as text or an image', () => {
    const svg = enc(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>',
    );
    expect(sniff(svg).kind).toBe('svg');
    expect(contentAgrees('image/png', svg)).toBe(false);
    expect(contentAgrees('text/plain', svg)).toBe(false);
    expect(sniff(enc('<?xml version="1.0"?><note/>')).kind).toBe('xml');
  });

  it('refuses a program declared as a document, and says it is a program', () => {
    const exe = bytes('MZ', [0x90, 0, 3, 0, 0, 0, 4, 0]);
    const problem = contentProblem(
      {
        name: 'homework.docx',
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      },
      exe,
    );
    expect(problem).toBe(
      '“homework.docx” is not a Word document: it is a program. Choose another file, or save it again as a Word document.',
    );
    for (const program of [
      bytes([0x7f], 'ELF'),
      bytes([0xcf, 0xfa, 0xed, 0xfe]),
      bytes('#!/bin/sh\nrm -rf ~'),
    ]) {
      expect(contentAgrees('application/pdf', program)).toBe(false);
      expect(contentAgrees('text/plain', program)).toBe(false);
    }
  });

  it('tells one media format from another', () => {
    expect(contentAgrees('image/png', SAMPLES['image/jpeg'])).toBe(false);
    expect(contentAgrees('image/webp', SAMPLES['audio/wav'])).toBe(false);
    expect(contentAgrees('audio/wav', SAMPLES['image/webp'])).toBe(false);
    expect(contentAgrees('video/mp4', SAMPLES['video/webm'])).toBe(false);
    expect(contentAgrees('audio/mpeg', SAMPLES['audio/ogg'])).toBe(false);
    // An MPEG audio frame without an ID3 tag; AAC's ADTS (layer 00) is not MP3.
    expect(contentAgrees('audio/mpeg', bytes([0xff, 0xfb, 0x90, 0x64]))).toBe(true);
    expect(contentAgrees('audio/mpeg', bytes([0xff, 0xf1, 0x50, 0x80]))).toBe(false);
    // HEIC photos are ISO media too, but not a video.
    const heic = bytes([0, 0, 0, 0x18], 'ftypheic');
    expect(sniff(heic).kind).toBe('heif');
    expect(contentAgrees('video/mp4', heic)).toBe(false);
    expect(contentProblem({ name: 'IMG_1.jpg', type: 'image/jpeg' }, heic)).toContain(
      'it is a HEIC or AVIF image',
    );
  });

  it('checks Office files: ZIP for the new formats, OLE for the old, and ODF names its type', () => {
    const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    expect(contentAgrees(docx, SAMPLES['application/msword'])).toBe(false);
    expect(contentAgrees('application/msword', SAMPLES[docx])).toBe(false);
    const odt = SAMPLES['application/vnd.oasis.opendocument.text'];
    expect(contentAgrees('application/vnd.oasis.opendocument.spreadsheet', odt)).toBe(false);
    expect(
      contentProblem(
        { name: 'sums.ods', type: 'application/vnd.oasis.opendocument.spreadsheet' },
        odt,
      ),
    ).toContain('it is an OpenDocument text');
    // A plain ZIP is not an OpenDocument file, and an OpenDocument file is not a .docx.
    expect(contentAgrees('application/vnd.oasis.opendocument.text', SAMPLES[docx])).toBe(false);
    expect(contentAgrees(docx, odt)).toBe(false);
  });

  it('reads text as text: UTF-16 with its mark, but not binary data', () => {
    expect(contentAgrees('text/csv', bytes([0xff, 0xfe], [0x6e, 0, 0x61, 0]))).toBe(true);
    const binary = bytes([0x00, 0x13, 0x37, 0x00, 0x42]);
    expect(sniff(binary).kind).toBe('unknown');
    expect(contentProblem({ name: 'a.txt', type: 'text/plain' }, binary)).toBe(
      '“a.txt” is not a text file: it is in a format this page does not know. Choose another file, or save it again as a text file.',
    );
    expect(contentAgrees('application/pdf', new Uint8Array())).toBe(false);
  });

  it('refuses a type outside the list whatever the bytes', () => {
    expect(contentProblem({ name: 'x.html', type: 'text/html' }, html)).toBe(
      UPLOAD_MESSAGES.wrongType,
    );
    expect(
      contentProblem({ name: 'x.png', type: 'image/png,text/html' }, SAMPLES['image/png']),
    ).toBe(UPLOAD_MESSAGES.wrongType);
  });
});
