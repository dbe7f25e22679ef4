import { describe, expect, it, vi } from 'vitest';
import type { AbsenceReportLike } from '~/domain/absences';
import { formatDate } from '~/domain/format';
import { NOT_ALLOWED_MESSAGE } from '~/domain/not-allowed';
import type { Principal } from '~/domain/permissions';
import type { AttendanceEntry } from '~/domain/records';
import {
  FUTURE_DATE_MESSAGE,
  NOT_A_DATE_MESSAGE,
  NOTE_MAX_LENGTH,
  TOO_EARLY_DATE_MESSAGE,
  defaultMarks,
  describeEntry,
  reportedMarks,
  rollCallChanges,
  rollCallFormValues,
  rollCallGuard,
  submitRollCall,
  type Mark,
  type RollCallSaveContext,
} from './roll-call';

const today = '2026-11-23';
const now = '2026-11-23T09:12:00.000Z';

function principal(roles: Principal['roles'], classroomIds: string[] = []): Principal {
  return {
    uid: 'me',
    email: null,
    roles,
    memberUUID: 'me',
    familyIds: [],
    childIds: [],
    childClassroomIds: [],
    studentId: null,
    facilitatorId: roles.includes('facilitator') ? 'fac-000' : null,
    classroomIds,
  };
}

const facilitator = principal(['facilitator'], ['north-a']);
const roster = ['s1', 's2', 's3', 's4'];
const entry = (status: AttendanceEntry['status'], note?: string): AttendanceEntry => ({
  status,
  ...(note ? { note } : {}),
  at: '2026-11-23T08:00:00.000Z',
  by: 'someone-else',
});

function context(overrides: Partial<RollCallSaveContext> = {}) {
  const save = vi.fn<RollCallSaveContext['save']>(async () => true);
  const ctx: RollCallSaveContext = {
    principal: facilitator,
    today,
    now,
    by: 'me',
    rosterIds: roster,
    saved: {},
    save,
    ...overrides,
  };
  return { ctx, save: overrides.save ? vi.mocked(overrides.save) : save };
}

function form(
  marks: Record<string, Mark>,
  unmarked: string[],
  classroomId = 'north-a',
  date = today,
) {
  return rollCallFormValues(classroomId, date, marks, unmarked);
}

describe('what a roll call save writes', () => {
  it('writes the changed students explicitly and the unmarked ones as defaults, each as its own entries.<id> field path', async () => {
    const { ctx, save } = context({ saved: { s1: entry('present'), s2: entry('present') } });
    const result = await submitRollCall(
      form({ s1: { status: 'absent' }, s2: { status: 'present' } }, ['s3', 's4']),
      ctx,
    );
    expect(result).toMatchObject({ ok: true, defaulted: ['s3', 's4'] });
    expect(save).toHaveBeenCalledTimes(1);
    const [item, ifMissing] = save.mock.calls[0] ?? [];
    expect(item).toEqual({
      id: 'north-a_2026-11-23',
      classroomId: 'north-a',
      date: today,
      'entries.s1': { status: 'absent', at: now, by: 'me' },
    });
    expect(ifMissing).toEqual({
      'entries.s3': { status: 'present', at: now, by: 'me' },
      'entries.s4': { status: 'present', at: now, by: 'me' },
    });
  });

  it('never sends a default present for a student the person marked, even if also listed unmarked', async () => {
    const { ctx, save } = context();
    await submitRollCall(form({ s1: { status: 'late' } }, ['s1', 's2']), ctx);
    const [item, ifMissing] = save.mock.calls[0] ?? [];
    expect(item?.['entries.s1']).toEqual({ status: 'late', at: now, by: 'me' });
    expect(Object.keys(ifMissing ?? {})).toEqual(['entries.s2']);
  });

  it('never writes the whole entries map, so another person’s marks of other students stay', async () => {
    const { ctx, save } = context({ saved: { s2: entry('late') } });
    await submitRollCall(form({ s1: { status: 'absent' } }, []), ctx);
    const item = save.mock.calls[0]?.[0] ?? {};
    expect(item).not.toHaveProperty('entries');
    expect(Object.keys(item).filter((key) => key.startsWith('entries.'))).toEqual(['entries.s1']);
  });

  it('does not turn a student someone else marked meanwhile back into a default present', () => {
    const changes = rollCallChanges({}, ['s1', 's2'], { s1: entry('absent') }, roster);
    expect(changes).toEqual({ s2: { status: 'present' } });
  });

  it('writes a changed note even when the status stayed the same', () => {
    const changes = rollCallChanges(
      { s1: { status: 'late', note: 'Bus was late' }, s2: { status: 'late', note: ' Same ' } },
      [],
      { s1: entry('late'), s2: entry('late', 'Same') },
      roster,
    );
    expect(changes).toEqual({ s1: { status: 'late', note: 'Bus was late' } });
  });

  it('ignores students who are not on the roster', () => {
    expect(rollCallChanges({ x9: { status: 'absent' } }, ['x8'], {}, roster)).toEqual({});
  });

  it('stores nothing when nothing changed', async () => {
    const { ctx, save } = context({ saved: { s1: entry('present') } });
    const result = await submitRollCall(form({ s1: { status: 'present' } }, []), ctx);
    expect(result).toMatchObject({ ok: true, written: {} });
    expect(save).not.toHaveBeenCalled();
  });

  it('trims a note and leaves an empty one out of the entry', async () => {
    const { ctx, save } = context();
    await submitRollCall(
      form(
        {
          s1: { status: 'late', note: '  Came with a parent  ' },
          s2: { status: 'absent', note: '   ' },
        },
        [],
      ),
      ctx,
    );
    const item = save.mock.calls[0]?.[0];
    expect(item?.['entries.s1']).toEqual({
      status: 'late',
      note: 'Came with a parent',
      at: now,
      by: 'me',
    });
    expect(item?.['entries.s2']).toEqual({ status: 'absent', at: now, by: 'me' });
  });

  it('refuses a note longer than 500 characters beside the student’s note field', async () => {
    const { ctx, save } = context();
    const result = await submitRollCall(
      form({ s1: { status: 'late', note: 'x'.repeat(501) } }, []),
      ctx,
    );
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: { 'marks.s1.note': 'Note can be at most 500 characters; this is 501.' },
    });
    expect(save).not.toHaveBeenCalled();
  });

  it('says so when the device could not store the roll call', async () => {
    const { ctx } = context({ save: vi.fn(async () => false) });
    const result = await submitRollCall(form({ s1: { status: 'absent' } }, []), ctx);
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: { _form: expect.stringContaining('could not be stored') },
    });
  });
});

describe('the defaults of students whose family reported the day (issue 32)', () => {
  const report = (
    id: string,
    studentId: string,
    overrides: Partial<AbsenceReportLike> = {},
  ): AbsenceReportLike & { id: string } => ({
    id,
    studentId,
    from: today,
    to: today,
    part: 'day',
    reason: 'ill',
    note: '',
    status: 'reported',
    reporterName: 'Grace Whitfield',
    ...overrides,
  });
  const reports = [
    report('r1', 's1'),
    report('r2', 's2', { part: 'late', time: '10:30', reason: 'appointment', note: 'Dentist' }),
    report('r3', 's3', { part: 'early', time: '14:00', reason: 'family' }),
  ];

  it('suggests excused for the whole day, late for arriving late, present for leaving early, with the report as the note', () => {
    expect(reportedMarks(reports, today, roster)).toEqual({
      s1: { status: 'excused', note: 'Reported by Grace Whitfield: ill', reportId: 'r1' },
      s2: {
        status: 'late',
        note: 'Reported by Grace Whitfield: appointment, arriving at 10:30 (Dentist)',
        reportId: 'r2',
      },
      s3: {
        status: 'present',
        note: 'Reported by Grace Whitfield: family, leaving at 14:00',
        reportId: 'r3',
      },
    });
  });

  it('leaves out withdrawn reports, other days, students off the roster and reports the page did not show', () => {
    const others = [
      report('w', 's1', { status: 'withdrawn' }),
      report('later', 's2', { from: '2026-11-24', to: '2026-11-25' }),
      report('off', 'x9'),
      report('r4', 's4'),
    ];
    expect(reportedMarks(others, today, roster)).toEqual({
      s4: expect.objectContaining({ status: 'excused', reportId: 'r4' }),
    });
    expect(reportedMarks(others, today, roster, new Set(['w', 'later', 'off']))).toEqual({});
  });

  it('cuts a long family note to the length a mark’s note may have', () => {
    const long = reportedMarks([report('r1', 's1', { note: 'x'.repeat(1000) })], today, roster);
    expect(long.s1?.note).toHaveLength(NOTE_MAX_LENGTH);
    expect(long.s1?.note?.endsWith('…')).toBe(true);
  });

  it('defaults an unmarked reported student to the reported mark, everyone else to present', () => {
    const reported = reportedMarks(reports, today, roster);
    expect(defaultMarks(['s1', 's4'], {}, {}, roster, reported)).toEqual({
      s1: { status: 'excused', note: 'Reported by Grace Whitfield: ill' },
      s4: { status: 'present' },
    });
  });

  it('never lets a report default overwrite a saved mark or a mark the person made', () => {
    const reported = reportedMarks(reports, today, roster);
    const changes = rollCallChanges(
      { s2: { status: 'present' } },
      ['s1', 's2', 's3'],
      { s1: entry('present') },
      roster,
      reported,
    );
    expect(changes).toEqual({
      s2: { status: 'present' },
      s3: { status: 'present', note: 'Reported by Grace Whitfield: family, leaving at 14:00' },
    });
  });

  it('writes the reported marks the page showed as defaults, only where missing', async () => {
    const { ctx, save } = context({ reports });
    const values = rollCallFormValues(
      'north-a',
      today,
      { s4: { status: 'absent' } },
      ['s1', 's2'],
      ['r1', 'r2'],
    );
    const result = await submitRollCall(values, ctx);
    expect(result).toMatchObject({ ok: true, defaulted: ['s1', 's2'] });
    const [item, ifMissing] = save.mock.calls[0] ?? [];
    expect(item?.['entries.s4']).toEqual({ status: 'absent', at: now, by: 'me' });
    expect(item).not.toHaveProperty('entries.s1');
    expect(ifMissing).toEqual({
      'entries.s1': {
        status: 'excused',
        note: 'Reported by Grace Whitfield: ill',
        at: now,
        by: 'me',
      },
      'entries.s2': {
        status: 'late',
        note: 'Reported by Grace Whitfield: appointment, arriving at 10:30 (Dentist)',
        at: now,
        by: 'me',
      },
    });
  });

  it('saves present for a report the page did not show (it arrived after the page was drawn)', async () => {
    const { ctx, save } = context({ reports });
    await submitRollCall(form({}, ['s1']), ctx);
    expect(save.mock.calls[0]?.[1]).toEqual({
      'entries.s1': { status: 'present', at: now, by: 'me' },
    });
  });

  it('saves present for a shown report that was withdrawn before the save', async () => {
    const { ctx, save } = context({ reports: [report('r1', 's1', { status: 'withdrawn' })] });
    await submitRollCall(rollCallFormValues('north-a', today, {}, ['s1'], ['r1']), ctx);
    expect(save.mock.calls[0]?.[1]).toEqual({
      'entries.s1': { status: 'present', at: now, by: 'me' },
    });
  });

  it('writes no default for a reported student someone marked meanwhile', async () => {
    const { ctx, save } = context({ reports, saved: { s1: entry('absent') } });
    const result = await submitRollCall(
      rollCallFormValues('north-a', today, {}, ['s1'], ['r1']),
      ctx,
    );
    expect(result).toMatchObject({ ok: true, written: {}, defaulted: [] });
    expect(save).not.toHaveBeenCalled();
  });
});

describe('the roll call guard', () => {
  it('lets a facilitator mark their own classroom today and on earlier dates', () => {
    expect(rollCallGuard(facilitator, 'north-a', today, today)).toEqual({ ok: true });
    expect(rollCallGuard(facilitator, 'north-a', '2026-11-02', today)).toEqual({ ok: true });
  });

  it('refuses a facilitator a date after today with the read-only message', async () => {
    expect(rollCallGuard(facilitator, 'north-a', '2026-11-24', today)).toEqual({
      ok: false,
      reason: 'future-date',
      message: FUTURE_DATE_MESSAGE,
    });
    const { ctx, save } = context();
    const result = await submitRollCall(
      form({ s1: { status: 'absent' } }, [], 'north-a', '2026-11-24'),
      ctx,
    );
    expect(result).toMatchObject({ ok: false, fieldErrors: { _form: FUTURE_DATE_MESSAGE } });
    expect(save).not.toHaveBeenCalled();
  });

  it('refuses a facilitator another classroom, whatever the date', async () => {
    expect(rollCallGuard(facilitator, 'south-b', today, today)).toMatchObject({
      ok: false,
      reason: 'not-allowed',
      message: NOT_ALLOWED_MESSAGE,
    });
    const { ctx, save } = context();
    const result = await submitRollCall(form({ s1: { status: 'absent' } }, [], 'south-b'), ctx);
    expect(result).toMatchObject({ ok: false, fieldErrors: { _form: NOT_ALLOWED_MESSAGE } });
    expect(save).not.toHaveBeenCalled();
  });

  it('lets office staff mark any classroom up to today, and says why a later date is refused', async () => {
    const office = principal(['administration']);
    expect(rollCallGuard(office, 'south-b', today, today)).toEqual({ ok: true });
    expect(rollCallGuard(office, 'south-b', '2001-09-03', today)).toEqual({ ok: true });
    expect(rollCallGuard(office, 'south-b', '2026-12-01', today)).toEqual({
      ok: false,
      reason: 'future-date',
      message: 'Roll calls can be taken up to today.',
    });
    const { ctx, save } = context({ principal: office });
    const result = await submitRollCall(
      form({ s1: { status: 'absent' } }, [], 'south-b', '2026-12-01'),
      ctx,
    );
    expect(result).toMatchObject({ ok: false, fieldErrors: { _form: FUTURE_DATE_MESSAGE } });
    expect(save).not.toHaveBeenCalled();
  });

  it('refuses dates that do not exist or are before 2000 for everyone, with the reason', async () => {
    const office = principal(['admin']);
    expect(rollCallGuard(office, 'north-a', '1800-01-01', today)).toEqual({
      ok: false,
      reason: 'bad-date',
      message: TOO_EARLY_DATE_MESSAGE,
    });
    expect(TOO_EARLY_DATE_MESSAGE).toBe('Roll calls can be taken from 1 Jan 2000.');
    expect(rollCallGuard(facilitator, 'north-a', '2025-02-30', today)).toEqual({
      ok: false,
      reason: 'bad-date',
      message: NOT_A_DATE_MESSAGE,
    });
    // Someone who may not mark the class hears "not allowed", whatever the date.
    expect(rollCallGuard(facilitator, 'south-b', '2025-02-30', today).ok).toBe(false);
    expect(rollCallGuard(facilitator, 'south-b', '2025-02-30', today)).toMatchObject({
      reason: 'not-allowed',
    });
    const { ctx, save } = context({ principal: office });
    const impossible = await submitRollCall(
      form({ s1: { status: 'absent' } }, [], 'north-a', '2025-02-30'),
      ctx,
    );
    expect(impossible).toMatchObject({
      ok: false,
      fieldErrors: { date: 'Use a real date (YYYY-MM-DD).' },
    });
    const ancient = await submitRollCall(
      form({ s1: { status: 'absent' } }, [], 'north-a', '1800-01-01'),
      ctx,
    );
    expect(ancient).toMatchObject({ ok: false, fieldErrors: { _form: TOO_EARLY_DATE_MESSAGE } });
    expect(save).not.toHaveBeenCalled();
  });

  it('refuses parents and students', () => {
    expect(rollCallGuard(principal(['parent']), 'north-a', today, today).ok).toBe(false);
    expect(rollCallGuard(principal(['student'], ['north-a']), 'north-a', today, today).ok).toBe(
      false,
    );
  });
});

describe('who marked a student and when', () => {
  const names = { self: 'me', byMember: new Map([['fac-member-001', 'Priya Nair']]) };

  it('names the facilitator who marked it', () => {
    const text = describeEntry({ ...entry('late'), by: 'fac-member-001' }, names, today);
    expect(text).toMatch(/^Late · by Priya Nair at \d\d:\d\d$/);
  });

  it('says "you" for the person’s own marks and "office staff" for anyone else', () => {
    expect(describeEntry({ ...entry('absent'), by: 'me' }, names, today)).toMatch(
      /^Absent · by you at/,
    );
    expect(describeEntry(entry('excused'), names, today)).toMatch(/^Excused · by office staff at/);
  });

  it('writes the time of day as the device’s clock shows it, for every mark', () => {
    for (const at of ['2026-11-23T00:05:00.000Z', '2026-11-23T09:12:00.000Z', now]) {
      const time = new Date(at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
      expect(describeEntry({ ...entry('late'), at, by: 'me' }, names, '')).toBe(
        `Late · by you on ${describeDay(at)} at ${time}`,
      );
    }
  });

  it('writes the time and day in the campus zone, naming the zone on a device elsewhere', () => {
    // 03:30 UTC on Friday 27 November is 09:00 in Kolkata; 19:00 UTC is Saturday 00:30 there.
    const at = '2026-11-27T03:30:00.000Z';
    const mark = { ...entry('late'), at, by: 'me' };
    expect(describeEntry(mark, names, '2026-11-27', 'Asia/Kolkata')).toMatch(
      Intl.DateTimeFormat().resolvedOptions().timeZone === 'Asia/Kolkata'
        ? /^Late · by you at 09:00$/
        : /^Late · by you at 09:00 \S+$/,
    );
    const lateNight = { ...mark, at: '2026-11-27T19:00:00.000Z' };
    expect(describeEntry(lateNight, names, '2026-11-28', 'Asia/Kolkata')).toMatch(
      /^Late · by you at 00:30\b/,
    );
  });

  it('writes a mark of another day with the campus day as a date, not as YYYY-MM-DD', () => {
    // 19:00 UTC on Friday 27 November is already Saturday 28 November in Kolkata.
    const mark = { ...entry('late'), at: '2026-11-27T19:00:00.000Z', by: 'me' };
    expect(describeEntry(mark, names, '2026-11-30', 'Asia/Kolkata')).toMatch(
      /^Late · by you on Sat 28 Nov at 00:30\b/,
    );
  });
});

/** The device's local day of an instant, written as the app writes a day ("Mon 23 Nov"). */
function describeDay(at: string): string {
  const date = new Date(at);
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return formatDate(`${date.getFullYear()}-${month}-${day}`, 'short');
}
