// Absence alerts (issue 32), decided as both hosts run them: a roll call's absent mark on the
// campus's today files an alert due after the campus's delay; a correction within it drops it; the
// scheduled job sends what still stands to each linked guardian (with their pushes); a correction
// after that says so; a reported absence, a past day or alerts switched off tell no one.
import { describe, expect, it } from 'vitest';
import type { DocData } from '~/domain/permissions';
import { dueAbsenceAlertOutcome } from './absence-alerts';
import { applyWrites, contextOf as worldContext } from './test-world';
import { changeTriggers } from './triggers';

const HOST = { appOrigin: 'https://school.example' };
// 09:12 in Kolkata on 27 November 2026.
const MARKED = '2026-11-27T03:42:00.000Z';
const TODAY = '2026-11-27';

function world(alerts?: DocData): Map<string, DocData> {
  const docs = new Map<string, DocData>();
  docs.set('campuses/north', {
    name: 'North',
    timezone: 'Asia/Kolkata',
    ...(alerts ? { absenceAlerts: alerts } : {}),
  });
  docs.set('classrooms/maples', { name: 'Maples (ages 8–9)', campusId: 'north' });
  docs.set('families/fam', {
    guardians: [
      { name: 'Grace Whitfield', memberUUID: 'grace' },
      { name: 'Sam Whitfield', memberUUID: 'sam' },
      { name: 'Nan Whitfield' },
    ],
  });
  docs.set('students/leo', {
    firstName: 'Leo',
    lastName: 'Whitfield',
    familyId: 'fam',
    classroomIds: ['maples'],
    campusId: 'north',
  });
  for (const id of ['grace', 'sam']) {
    docs.set(`Members/${id}`, { memberUUID: id, roles: ['parent'], status: 'active' });
  }
  docs.set('Members/grace/devices/phone', { token: 'demo:phone', platform: 'Android' });
  return docs;
}

const contextOf = (docs: Map<string, DocData>) => worldContext(docs, TODAY);

const apply = applyWrites;

/** Leo marked `status` on the roll call of `date` at `nowIso`, and the trigger run on it. */
function mark(docs: Map<string, DocData>, status: string, nowIso: string, date = TODAY) {
  const path = `attendance/maples_${date}`;
  const before = docs.get(path) ?? null;
  const after = {
    classroomId: 'maples',
    date,
    entries: { leo: { status, at: nowIso, by: 'daniel' } },
  };
  docs.set(path, after);
  const outcome = changeTriggers(
    [{ path, before, after }],
    contextOf(docs),
    nowIso,
    { absenceAlerts: true },
    HOST,
  );
  apply(docs, outcome.writes);
  return outcome;
}

function runSchedule(docs: Map<string, DocData>, nowIso: string) {
  const outcome = dueAbsenceAlertOutcome(contextOf(docs), nowIso, HOST);
  apply(docs, outcome.writes);
  return outcome;
}

const notices = (docs: Map<string, DocData>) =>
  [...docs].filter(([path]) => path.startsWith('Notifications/')).map(([, data]) => data);

const at = (minutes: number) =>
  new Date(Date.parse(MARKED) + minutes * 60_000).toISOString();

describe('absence alerts', () => {
  it('files an alert due ten minutes after the save, and sends it then to each linked guardian', () => {
    const docs = world();
    expect(mark(docs, 'absent', MARKED).writes.map((w) => w.path)).toEqual([
      'absenceAlerts/leo_2026-11-27',
    ]);
    expect(notices(docs)).toEqual([]);
    expect(runSchedule(docs, at(9)).writes).toEqual([]);

    const sent = runSchedule(docs, at(10));
    expect(notices(docs).map((n) => [n.memberUUID, n.description])).toEqual([
      ['grace', 'Leo Whitfield was marked absent from Maples (ages 8–9) at 09:12. Report a reason'],
      ['sam', 'Leo Whitfield was marked absent from Maples (ages 8–9) at 09:12. Report a reason'],
    ]);
    expect(notices(docs).every((n) => n.action === 'attendance')).toBe(true);
    expect(notices(docs)[0]?.actionItem).toBe('absenceAlerts/leo_2026-11-27');
    // Grace has a device, and attendance notices are pushed by default.
    expect(sent.pushes.map((p) => [p.memberUUID, p.payload.title])).toEqual([
      ['grace', 'Attendance'],
    ]);
    expect(docs.get('absenceAlerts/leo_2026-11-27')?.state).toBe('sent');
    // Once per student and day: marked absent again, nothing more.
    mark(docs, 'present', at(20));
    mark(docs, 'absent', at(21));
    runSchedule(docs, at(40));
    expect(notices(docs).filter((n) => String(n.description).includes('marked absent'))).toHaveLength(2);
  });

  it('sends nothing for a correction within the delay', () => {
    const docs = world();
    mark(docs, 'absent', MARKED);
    const corrected = mark(docs, 'present', at(2));
    expect(corrected.writes).toEqual([{ path: 'absenceAlerts/leo_2026-11-27', delete: true }]);
    runSchedule(docs, at(30));
    expect(notices(docs)).toEqual([]);
  });

  it('tells the same guardians of a correction once the alert went out', () => {
    const docs = world();
    mark(docs, 'absent', MARKED);
    runSchedule(docs, at(10));
    mark(docs, 'present', at(15));
    expect(
      notices(docs)
        .filter((n) => String(n.notificationUUID).startsWith('absence-correction'))
        .map((n) => [n.memberUUID, n.description]),
    ).toEqual([
      ['grace', 'Leo is now marked present'],
      ['sam', 'Leo is now marked present'],
    ]);
  });

  it('tells no one when the family reported the absence, even after the alert was filed', () => {
    const docs = world();
    mark(docs, 'absent', MARKED);
    docs.set('absenceReports/r1', {
      studentId: 'leo',
      familyId: 'fam',
      from: TODAY,
      to: TODAY,
      part: 'day',
      reason: 'ill',
      status: 'reported',
      reporterName: 'Grace Whitfield',
    });
    expect(runSchedule(docs, at(10)).writes).toEqual([
      { path: 'absenceAlerts/leo_2026-11-27', delete: true },
    ]);
    expect(notices(docs)).toEqual([]);
    // Reported before the roll call: nothing is filed at all.
    const again = world();
    again.set('absenceReports/r1', docs.get('absenceReports/r1') ?? {});
    expect(mark(again, 'absent', MARKED).writes).toEqual([]);
  });

  it('follows the campus: off, no delay, late marks too', () => {
    const off = world({ enabled: false, delayMinutes: 10, includeLate: false });
    expect(mark(off, 'absent', MARKED).writes).toEqual([]);

    const now = world({ enabled: true, delayMinutes: 0, includeLate: true });
    mark(now, 'late', MARKED);
    expect(notices(now).map((n) => n.description)).toEqual([
      'Leo Whitfield was marked late from Maples (ages 8–9) at 09:12. Report a reason',
      'Leo Whitfield was marked late from Maples (ages 8–9) at 09:12. Report a reason',
    ]);

    const lateIgnored = world();
    expect(mark(lateIgnored, 'late', MARKED).writes).toEqual([]);
  });

  it('files nothing for a roll call of another day', () => {
    const docs = world();
    expect(mark(docs, 'absent', MARKED, '2026-11-26').writes).toEqual([]);
  });
});
