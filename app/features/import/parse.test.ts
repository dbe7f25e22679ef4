import { describe, expect, it } from 'vitest';
import {
  lineAt,
  MAX_IMPORT_ROWS,
  PARSE_MESSAGES,
  parseCsvBytes,
  parseCsvText,
  strayQuoteMessage,
  unclosedQuoteMessage,
} from './parse';

describe('reading an uploaded CSV', () => {
  it('reads the header and the rows, skipping blank lines and a byte-order mark', () => {
    const result = parseCsvText(
      '\uFEFFFirst name,Last name\r\nAsha,Rao\r\n\r\n"Ravi, Jr",Iyer\r\n',
    );
    expect(result).toEqual({
      ok: true,
      csv: {
        headers: ['First name', 'Last name'],
        rows: [
          ['Asha', 'Rao'],
          ['Ravi, Jr', 'Iyer'],
        ],
      },
    });
  });

  it('says what is wrong with an unusable file', () => {
    expect(parseCsvText('')).toEqual({ ok: false, message: PARSE_MESSAGES.empty });
    expect(parseCsvText('First name,Last name\n')).toEqual({
      ok: false,
      message: PARSE_MESSAGES.noRows,
    });
    expect(parseCsvText(',\nAsha,Rao')).toEqual({ ok: false, message: PARSE_MESSAGES.noHeader });
    expect(parseCsvText('PK\u0003\u0004\u0000\u0000binary')).toEqual({
      ok: false,
      message: PARSE_MESSAGES.notText,
    });
    const tooMany = `a\n${'x\n'.repeat(MAX_IMPORT_ROWS + 1)}`;
    expect(parseCsvText(tooMany)).toEqual({ ok: false, message: PARSE_MESSAGES.tooMany });
  });
});

describe('a quote that is never closed', () => {
  it('is named with its line instead of swallowing the rest of the file into one row', () => {
    const file = 'First name,Last name\r\nAsha,Rao\r\nRavi,Iyer\r\n"Zoë,Martin\r\nLeo,Shah\r\n';
    const result = parseCsvText(file);
    expect(result).toEqual({ ok: false, message: unclosedQuoteMessage(4) });
    expect(unclosedQuoteMessage(4)).toMatch(/^Line 4 has a quote \("\) that is never closed\./);
  });

  it('counts the lines a spreadsheet shows: blank lines and lines inside a quoted value too', () => {
    const file = [
      'First name,Notes',
      'Asha,"Allergic to nuts,',
      'carries an inhaler"',
      '',
      'Ravi,fine',
      'Leo,"no closing quote',
      'Mia,fine',
    ].join('\n');
    expect(parseCsvText(file)).toEqual({ ok: false, message: unclosedQuoteMessage(6) });
    // The same file with old Mac line ends (\r) and with Windows ones (\r\n).
    expect(parseCsvText(file.replace(/\n/g, '\r'))).toEqual({
      ok: false,
      message: unclosedQuoteMessage(6),
    });
    expect(parseCsvText(file.replace(/\n/g, '\r\n'))).toEqual({
      ok: false,
      message: unclosedQuoteMessage(6),
    });
  });

  it('names a quote inside a quoted value that is not doubled', () => {
    const file = 'First name,Last name\nAsha,Rao\n"Ravi "Jr"",Iyer\nLeo,Shah\n';
    expect(parseCsvText(file)).toEqual({ ok: false, message: strayQuoteMessage(3) });
  });

  it('accepts doubled quotes and quotes in the middle of a value, as spreadsheets write them', () => {
    const file = 'First name,Last name\n"Ravi ""Jr""",Iyer\nO"Neil,Shah\n';
    expect(parseCsvText(file)).toEqual({
      ok: true,
      csv: {
        headers: ['First name', 'Last name'],
        rows: [
          ['Ravi "Jr"', 'Iyer'],
          ['O"Neil', 'Shah'],
        ],
      },
    });
  });

  it('lineAt counts \\r\\n as one line end', () => {
    expect(lineAt('a\r\nb\r\nc', 0)).toBe(1);
    expect(lineAt('a\r\nb\r\nc', 3)).toBe(2);
    expect(lineAt('a\r\nb\r\nc', 6)).toBe(3);
  });
});

describe('reading an uploaded file’s bytes', () => {
  it('reads a Windows-1252 file with its letters and says which encoding it used', () => {
    // "Zoë" and "Renée" as Excel's plain CSV saves them: EB and E9 are single bytes.
    const file = Uint8Array.from([
      ...Array.from('First name,Last name\r\nZo', (c) => c.charCodeAt(0)),
      0xeb,
      ...Array.from(',Martin\r\nRen', (c) => c.charCodeAt(0)),
      0xe9,
      ...Array.from('e,Dubois\r\n', (c) => c.charCodeAt(0)),
    ]);
    expect(parseCsvBytes(file)).toEqual({
      ok: true,
      encoding: 'windows-1252',
      csv: {
        headers: ['First name', 'Last name'],
        rows: [
          ['Zoë', 'Martin'],
          ['Renée', 'Dubois'],
        ],
      },
    });
  });

  it('reads UTF-8 with a byte-order mark without the mark in the first header', () => {
    const file = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('Name\nZoë\n')]);
    expect(parseCsvBytes(file)).toEqual({
      ok: true,
      encoding: 'utf-8-bom',
      csv: { headers: ['Name'], rows: [['Zoë']] },
    });
  });

  it('passes a problem with the file on as it is', () => {
    expect(parseCsvBytes(new TextEncoder().encode('Name\n"Zoë\n'))).toEqual({
      ok: false,
      message: unclosedQuoteMessage(2),
    });
  });
});
