import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { failedRowsCsv, failedRowsFileName, templateCsv } from './csv-files';
import { guessMapping, missingRequired } from './mapping';
import { TARGET_FIELDS } from './targets';

describe('CSV files the import hands out', () => {
  it('makes a template whose headers map back onto every field', () => {
    for (const kind of ['students', 'facilitators'] as const) {
      const [header = [], example = []] = Papa.parse<string[]>(templateCsv(kind), {
        skipEmptyLines: true,
      }).data;
      expect(header).toHaveLength(TARGET_FIELDS[kind].length);
      expect(example).toHaveLength(header.length);
      const mapping = guessMapping(header, kind);
      expect(Object.keys(mapping)).toHaveLength(TARGET_FIELDS[kind].length);
      expect(missingRequired(mapping, kind)).toEqual([]);
    }
  });

  it('writes the failed rows with the upload’s columns and an error column, quoted where needed', () => {
    const csv = failedRowsCsv(
      ['First name', 'Last name', 'Notes'],
      [
        { cells: ['Asha', '', 'likes "maths", art'], error: 'Last name: Enter the last name.' },
        { cells: ['Ravi'], error: 'Date of birth: Use a real date (YYYY-MM-DD).' },
      ],
    );
    expect(csv).toBe(
      'First name,Last name,Notes,error\r\n' +
        'Asha,,"likes ""maths"", art",Last name: Enter the last name.\r\n' +
        'Ravi,,,Date of birth: Use a real date (YYYY-MM-DD).\r\n',
    );
  });

  it('keeps values as uploaded: a phone starting with + is not defused', () => {
    const csv = failedRowsCsv(['Phone'], [{ cells: ['+91 98450 12345'], error: 'x' }]);
    expect(csv).toContain('+91 98450 12345,x');
  });

  it('fills an existing error column instead of adding a second one', () => {
    const csv = failedRowsCsv(
      ['First name', 'error'],
      [{ cells: ['Asha', 'old message'], error: 'new message' }],
    );
    expect(csv).toBe('First name,error\r\nAsha,new message\r\n');
  });

  it('names the file after the kind and the local date', () => {
    expect(failedRowsFileName('students', new Date(2026, 0, 5))).toBe(
      'students-failed-rows-2026-01-05.csv',
    );
  });
});
