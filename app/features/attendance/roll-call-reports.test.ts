// The roll call reads the absences families reported (issue 32): the line beside each reported
// student, the mark they are pre-marked with while nobody has marked them, the live watch that
// brings a report made on another device, and the polite news when one arrives.
import { describe, expect, it } from 'vitest';
import { absenceReportRecordSchema, type AbsenceReportRecord } from './load';
import { reportNews } from './report-news';
import { rollCallLiveSpecs, rollCallReports } from './roll-call-route';

const date = '2026-11-27';

function report(id: string, fields: Record<string, unknown>): AbsenceReportRecord {
  return absenceReportRecordSchema.parse({
    id,
    studentId: 's1',
    familyId: 'fam-1',
    campusId: 'north',
    classroomIds: ['otters'],
    from: date,
    to: date,
    part: 'day',
    reason: 'ill',
    status: 'reported',
    createdBy: 'parent-1',
    reporterName: 'Grace Whitfield',
    ...fields,
  });
}

describe('the reports a roll call shows', () => {
  it('gives each reported student of the roster the line, the family’s words and the suggested mark', () => {
    const reports = [
      report('r1', {}),
      report('r2', {
        studentId: 's2',
        part: 'late',
        time: '10:30',
        reason: 'appointment',
        note: ' Dentist ',
      }),
      report('r3', { studentId: 's3', status: 'withdrawn' }),
      report('r4', { studentId: 's4', from: '2026-11-30', to: '2026-11-30' }),
      report('r5', { studentId: 'not-on-roster' }),
    ];
    expect(rollCallReports(reports, date, ['s1', 's2', 's3', 's4'])).toEqual({
      s1: {
        reportId: 'r1',
        line: 'Reported by Grace Whitfield: ill',
        familyNote: null,
        mark: { status: 'excused', note: 'Reported by Grace Whitfield: ill' },
      },
      s2: {
        reportId: 'r2',
        line: 'Reported by Grace Whitfield: appointment, arriving at 10:30',
        familyNote: 'Dentist',
        mark: {
          status: 'late',
          note: 'Reported by Grace Whitfield: appointment, arriving at 10:30 (Dentist)',
        },
      },
    });
  });
});

describe('what the roll call follows live', () => {
  it('follows the open day’s roll calls, and no reports while no roll call is open', () => {
    expect(rollCallLiveSpecs(['facilitator'], date, null)).toEqual([
      { collection: 'attendance', filters: [{ field: 'date', op: '==', value: date }] },
    ]);
  });

  it('follows a facilitator’s reports within their read scope, adding no second array filter', () => {
    expect(rollCallLiveSpecs(['facilitator'], date, 'otters')[1]).toEqual({
      collection: 'absenceReports',
      filters: [],
    });
  });

  it('narrows staff’s watch to the open classroom’s reports', () => {
    for (const roles of [['admin'], ['administration'], ['facilitator', 'admin']] as const) {
      expect(rollCallLiveSpecs(roles, date, 'otters')[1]).toEqual({
        collection: 'absenceReports',
        filters: [{ field: 'classroomIds', op: 'array-contains', value: 'otters' }],
      });
    }
  });
});

describe('the news of a family’s report arriving', () => {
  const names = { s1: 'Ivy', s2: 'Leo', s3: 'Mia', s4: 'Noor', s5: 'Omar' };
  const item = (reportId: string, line = 'Reported by Grace Whitfield: ill') => ({
    reportId,
    line,
  });

  it('says nothing when nothing changed', () => {
    expect(reportNews({ s1: item('r1') }, { s1: item('r1') }, names)).toBeNull();
  });

  it('names the student and says the report', () => {
    expect(reportNews({}, { s1: item('r1') }, names)).toBe(
      'New report for Ivy. Reported by Grace Whitfield: ill.',
    );
    expect(
      reportNews(
        { s1: item('r1') },
        { s1: item('r1', 'Reported by Grace Whitfield: family') },
        names,
      ),
    ).toBe('New report for Ivy. Reported by Grace Whitfield: family.');
  });

  it('says when a report no longer covers the day', () => {
    expect(reportNews({ s2: item('r2') }, {}, names)).toBe(
      'The report for Leo no longer covers this day.',
    );
  });

  it('counts many new reports instead of listing them', () => {
    const after = Object.fromEntries(['s1', 's2', 's3', 's4'].map((id) => [id, item(id)]));
    expect(reportNews({}, after, names)).toBe('4 new reports from families.');
  });
});
