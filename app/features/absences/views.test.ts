// The Absences page's lists (issue 32): the office's today and coming days (withdrawn and past
// reports left out, still-to-answer first) and a family's coming and earlier reports.
import { describe, expect, it } from 'vitest';
import { familyGroups, officeGroups, viewOf, type ViewLookups } from './views';
import type { AbsenceReportRecord } from './report-form';

const lookups: ViewLookups = {
  students: new Map([
    ['leo', 'Leo Whitfield'],
    ['ada', 'Ada Okafor'],
  ]),
  classrooms: new Map([['maples', 'Maples (ages 8–9)']]),
  campuses: new Map([['north', 'North campus']]),
  staff: new Map([['sofia', 'Sofia Lindqvist']]),
  pending: new Set(['r4']),
  todayOf: () => '2026-11-27',
};

function report(id: string, overrides: Partial<AbsenceReportRecord>): AbsenceReportRecord {
  return {
    id,
    studentId: 'leo',
    familyId: 'fam',
    campusId: 'north',
    classroomIds: ['maples'],
    from: '2026-11-27',
    to: '2026-11-27',
    part: 'day',
    reason: 'ill',
    note: '',
    status: 'reported',
    createdBy: 'grace',
    reporterName: 'Grace Whitfield',
    ...overrides,
  };
}

const views = [
  report('r1', { status: 'acknowledged', acknowledgedBy: 'sofia' }),
  report('r2', { studentId: 'ada' }),
  report('r3', { from: '2026-11-30', to: '2026-12-01', part: 'day' }),
  report('r4', { from: '2026-11-20', to: '2026-11-21' }),
  report('r5', { status: 'withdrawn' }),
  report('r6', {
    from: '2026-11-27',
    to: '2026-11-27',
    part: 'late',
    time: '10:30',
    reason: 'appointment',
  }),
].map((r) => viewOf(r, lookups));

describe('the absences lists', () => {
  it('describe a report as people read it', () => {
    const [acknowledged, , range, past, , late] = views;
    expect(acknowledged?.answer).toBe('Acknowledged by Sofia Lindqvist');
    expect(acknowledged?.what).toBe('The whole day · ill');
    expect(range?.days).toBe('Mon 30 Nov – Tue 1 Dec');
    expect(past?.waitingToSend).toBe(true);
    expect(late?.what).toBe('Arriving late · appointment, arriving at 10:30');
    expect(late?.classroomNames).toBe('Maples (ages 8–9)');
  });

  it('give the office today (to answer first) and the coming days', () => {
    const { today, coming } = officeGroups(views, lookups.todayOf);
    expect(today.map((v) => v.id)).toEqual(['r2', 'r6', 'r1']);
    expect(coming.map((v) => v.id)).toEqual(['r3']);
  });

  it('say who asked for a document, and "The office" to a family that reads no staff names', () => {
    const asked = report('r8', { status: 'documentRequested', documentRequestedBy: 'sofia' });
    expect(viewOf(asked, lookups).answer).toBe(
      "Sofia Lindqvist asked for a document, such as a doctor's note",
    );
    expect(viewOf(asked, { ...lookups, staff: new Map() }).answer).toBe(
      "The office asked for a document, such as a doctor's note",
    );
  });

  it('show a document only when it is stored in the report’s own folder', () => {
    const note = {
      storagePath: 'absenceDocuments/r7/note.pdf',
      name: 'note.pdf',
      mimeType: 'application/pdf',
      size: 10,
    };
    expect(viewOf(report('r7', { document: note }), lookups).document).toEqual(note);
    expect(views[0]?.document).toBeNull();
    const elsewhere = { ...note, storagePath: 'absenceDocuments/other/note.pdf' };
    expect(viewOf(report('r7', { document: elsewhere }), lookups).document).toBeNull();
    const resource = { ...note, storagePath: 'resources/res-1/note.pdf' };
    expect(viewOf(report('r7', { document: resource }), lookups).document).toBeNull();
  });

  it('give a family the coming ones and the earlier ones', () => {
    const { coming, past } = familyGroups(views, lookups.todayOf);
    expect(coming.map((v) => v.id)).toEqual(['r2', 'r1', 'r5', 'r6', 'r3']);
    expect(past.map((v) => v.id)).toEqual(['r4']);
  });
});
