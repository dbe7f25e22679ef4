import { describe, expect, it } from 'vitest';
import { escapeCsvCell, toCsv } from './csv';

describe('escaping a CSV cell', () => {
  it('leaves plain text as it is', () => {
    expect(escapeCsvCell('Leo Whitfield')).toBe('Leo Whitfield');
    expect(escapeCsvCell('2016-02-03')).toBe('2016-02-03');
  });

  it('writes nothing for a missing value', () => {
    expect(escapeCsvCell(undefined)).toBe('');
    expect(escapeCsvCell(null)).toBe('');
  });

  it('quotes a cell with a comma', () => {
    expect(escapeCsvCell('Smith, Jr.')).toBe('"Smith, Jr."');
  });

  it('quotes a cell with quotes and doubles the quotes inside', () => {
    expect(escapeCsvCell('Robert "Bobby"')).toBe('"Robert ""Bobby"""');
  });

  it('quotes a cell with a line break so it stays one cell', () => {
    expect(escapeCsvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(escapeCsvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it.each(['=1+1', '+44 20', '-2', '@SUM(A1)', '\tTab', '\rCR'])(
    'defuses the formula-like cell %j with a leading apostrophe',
    (value) => {
      const escaped = escapeCsvCell(value);
      expect(escaped.replace(/^"/, '').startsWith(`'${value.slice(0, 1)}`)).toBe(true);
    },
  );

  it('defuses and quotes a formula that also contains a comma and quotes', () => {
    expect(escapeCsvCell('=HYPERLINK("http://x.example","Click")')).toBe(
      '"\'=HYPERLINK(""http://x.example"",""Click"")"',
    );
  });

  it('leaves a hyphen or equals sign inside a cell alone', () => {
    expect(escapeCsvCell('Anne-Marie')).toBe('Anne-Marie');
  });
});

describe('building the file', () => {
  it('joins cells with commas and ends every line with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['c,d', 1],
      ]),
    ).toBe('a,b\r\n"c,d",1\r\n');
  });
});
