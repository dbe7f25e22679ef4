import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_ROWS, PARSE_MESSAGES, parseCsvText } from './parse';

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
