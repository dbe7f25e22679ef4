import { describe, expect, it } from 'vitest';
import { decodeCsvBytes, ENCODING_LABELS } from './encoding';

/** The bytes of ASCII text, with other bytes spliced in where the text has a `{xx}` hex escape. */
function bytes(...parts: Array<string | number[]>): Uint8Array {
  const out: number[] = [];
  for (const part of parts) {
    if (typeof part === 'string') for (const ch of part) out.push(ch.charCodeAt(0));
    else out.push(...part);
  }
  return Uint8Array.from(out);
}

/** UTF-16 code units of `text`, each as two bytes in the given order. */
function utf16(text: string, order: 'le' | 'be'): number[] {
  const out: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    const [hi, lo] = [unit >> 8, unit & 0xff];
    out.push(...(order === 'le' ? [lo, hi] : [hi, lo]));
  }
  return out;
}

const HEADER = 'First name,Last name\r\n';

describe('reading an uploaded CSV in its own encoding', () => {
  it('reads Excel’s plain CSV (Windows-1252) so Zoë and Renée keep their letters', () => {
    // "Zoë" = 5A 6F EB, "Renée" = 52 65 6E E9 65, "Müller" = 4D FC 6C 6C 65 72: not valid UTF-8.
    const file = bytes(HEADER, 'Zo', [0xeb], ',Rao\r\nRen', [0xe9], 'e,M', [0xfc], 'ller\r\n');
    const decoded = decodeCsvBytes(file);
    expect(decoded).toEqual({
      encoding: 'windows-1252',
      text: `${HEADER}Zoë,Rao\r\nRenée,Müller\r\n`,
    });
    expect(decoded.text).not.toContain('\uFFFD');
    expect(ENCODING_LABELS[decoded.encoding]).toBe('Windows-1252 (Latin-1)');
  });

  it('reads the code page’s own characters in 80–9F (curly quotes, €) as Windows-1252 does', () => {
    const file = bytes(HEADER, [0x93], 'Bo', [0x94], ',', [0x80], '5\r\n');
    expect(decodeCsvBytes(file).text).toBe(`${HEADER}“Bo”,€5\r\n`);
  });

  it('reads UTF-8 with and without a byte-order mark, and leaves the mark out of the text', () => {
    // "Zoë" in UTF-8: 5A 6F C3 AB.
    const plain = bytes(HEADER, 'Zo', [0xc3, 0xab], ',Rao\r\n');
    expect(decodeCsvBytes(plain)).toEqual({ encoding: 'utf-8', text: `${HEADER}Zoë,Rao\r\n` });
    const marked = bytes([0xef, 0xbb, 0xbf], HEADER, 'Zo', [0xc3, 0xab], ',Rao\r\n');
    expect(decodeCsvBytes(marked)).toEqual({
      encoding: 'utf-8-bom',
      text: `${HEADER}Zoë,Rao\r\n`,
    });
    expect(decodeCsvBytes(bytes(HEADER, 'Asha,Rao\r\n')).encoding).toBe('utf-8');
  });

  it('keeps every byte of a file marked UTF-8 whose bytes are not, as Windows-1252', () => {
    const file = bytes([0xef, 0xbb, 0xbf], HEADER, 'Zo', [0xeb], ',Rao\r\n');
    expect(decodeCsvBytes(file)).toEqual({
      encoding: 'windows-1252',
      text: `${HEADER}Zoë,Rao\r\n`,
    });
  });

  it('reads UTF-16 little- and big-endian by their byte-order mark', () => {
    const text = `${HEADER}Zoë,Renée\r\n`;
    expect(decodeCsvBytes(bytes([0xff, 0xfe], utf16(text, 'le')))).toEqual({
      encoding: 'utf-16le',
      text,
    });
    expect(decodeCsvBytes(bytes([0xfe, 0xff], utf16(text, 'be')))).toEqual({
      encoding: 'utf-16be',
      text,
    });
  });

  it('keeps every byte of a Windows-1252 file as one character, none as “�”', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    const { text, encoding } = decodeCsvBytes(all);
    expect(encoding).toBe('windows-1252');
    expect(text).toHaveLength(256);
    expect(text).not.toContain('\uFFFD');
    expect(text.charAt(0xe9)).toBe('é');
    expect(text.charAt(0x99)).toBe('™');
  });

  it('reads an empty file as empty UTF-8 text', () => {
    expect(decodeCsvBytes(new Uint8Array())).toEqual({ encoding: 'utf-8', text: '' });
  });
});
