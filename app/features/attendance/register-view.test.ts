import { describe, expect, it } from 'vitest';
import {
  campusRecordSchema,
  classroomRecordSchema,
  studentRecordSchema,
  type RollCallRecord,
} from './load';
import { parseRegisterQuery, registerClassroomOptions, registerView } from './register-view';

const today = '2026-11-23';

function query(search: string) {
  return parseRegisterQuery(new URLSearchParams(search), today, 'c1');
}

describe('parseRegisterQuery', () => {
  it('defaults to the first classroom and the last 30 days', () => {
    const result = query('');
    expect(result.ok).toBe(true);
    expect(result.query).toEqual({ classroom: 'c1', from: '2026-10-25', to: today });
  });

  it('takes the classroom and range from the URL', () => {
    expect(query('classroom=c9&from=2026-09-01&to=2026-09-30').query).toEqual({
      classroom: 'c9',
      from: '2026-09-01',
      to: '2026-09-30',
    });
  });

  it('refuses a last date before the first date with a message on the last date', () => {
    const result = query('from=2026-11-10&to=2026-11-01');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors).toEqual({ to: 'Choose a last date on or after the first date.' });
    expect(result.values.from).toBe('2026-11-10');
    expect(result.query.from).toBe('2026-10-25');
  });

  it('refuses a range longer than a year', () => {
    const result = query('from=2025-01-01&to=2026-01-02');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors.to).toBe('Choose at most 366 days (a year) at a time.');
    expect(query('from=2025-01-01&to=2026-01-01').ok).toBe(true);
  });

  it('refuses a date that does not exist', () => {
    const result = query('from=2026-02-30');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors.from).toBe('Use a real date (YYYY-MM-DD).');
  });
});

describe('registerView', () => {
  const classroom = classroomRecordSchema.parse({
    id: 'c1',
    name: 'Sunflowers',
    campusId: 'camp',
    facilitatorIds: [],
    schedule: [],
  });
  const student = (id: string, firstName: string, lastName: string) =>
    studentRecordSchema.parse({
      id,
      firstName,
      lastName,
      dateOfBirth: '2020-01-01',
      familyId: 'f',
      campusId: 'camp',
      classroomIds: ['c1'],
      status: 'enrolled',
    });
  const roster = [student('s1', 'Asha', 'Rao'), student('s2', 'Ben', 'Lee')];
  const entry = (status: 'present' | 'absent' | 'late' | 'excused', note?: string) => ({
    status,
    at: '2026-11-02T09:00:00Z',
    by: 'f',
    ...(note ? { note } : {}),
  });
  const rollCalls: RollCallRecord[] = [
    {
      id: 'c1_2026-11-03',
      classroomId: 'c1',
      date: '2026-11-03',
      entries: { s1: entry('late', 'bus') },
    },
    {
      id: 'c1_2026-10-30',
      classroomId: 'c1',
      date: '2026-10-30',
      entries: { s1: entry('present'), s2: entry('absent') },
    },
    {
      id: 'c2_2026-11-03',
      classroomId: 'c2',
      date: '2026-11-03',
      entries: { s1: entry('absent') },
    },
  ];

  it('lays out the roster against the classroom dates with symbols, words, rate and absences', () => {
    const view = registerView(classroom, roster, rollCalls, '2026-10-25', today, {
      today,
      linkRollCalls: true,
    });
    expect(view.columns.map((c) => [c.label, c.weekday, c.day, c.month])).toEqual([
      ['Fri 30 Oct', 'Fr', '30', 'Oct'],
      ['Tue 3 Nov', 'Tu', '3', 'Nov'],
    ]);
    expect(view.columns[0]?.href).toBe('/dash/attendance?classroom=c1&date=2026-10-30');
    expect(
      view.rows.map((r) => [r.name, r.cells.map((c) => c.symbol).join(''), r.rate, r.absences]),
    ).toEqual([
      ['Asha Rao', 'PL', '100%', 0],
      ['Ben Lee', 'A–', '0%', 1],
    ]);
    expect(view.rows[1]?.cells[1]?.word).toBe('Not marked');
    expect(view.notes).toEqual([
      { date: '2026-11-03', dateLabel: 'Tue 3 Nov', studentName: 'Asha Rao', note: 'bus' },
    ]);
  });

  it('leaves the date headers unlinked for people who do not take roll calls', () => {
    const view = registerView(classroom, roster, rollCalls, '2026-10-25', today, {
      today,
      linkRollCalls: false,
    });
    expect(view.columns.every((c) => c.href === null)).toBe(true);
  });
});

describe('the register of a classroom name two campuses share', () => {
  const campuses = [
    campusRecordSchema.parse({ id: 'north', name: 'Northside Campus' }),
    campusRecordSchema.parse({ id: 'river', name: 'Riverside Campus' }),
  ];
  const classroom = (id: string, name: string, campusId: string) =>
    classroomRecordSchema.parse({ id, name, campusId, facilitatorIds: [], schedule: [] });
  const classrooms = [
    classroom('river-otters', 'Otters (ages 6–7)', 'river'),
    classroom('north-otters', 'Otters (ages 6–7)', 'north'),
    classroom('north-comets', 'Comets', 'north'),
  ];

  it('names the campus in the choice and the caption, and only where the name repeats', () => {
    const options = registerClassroomOptions(classrooms, campuses);
    expect(options).toEqual([
      { value: 'north-comets', label: 'Comets' },
      { value: 'north-otters', label: 'Otters (ages 6–7) · Northside Campus' },
      { value: 'river-otters', label: 'Otters (ages 6–7) · Riverside Campus' },
    ]);
    const [, otters] = classrooms;
    if (!otters) throw new Error('fixture');
    const view = registerView(otters, [], [], '2026-11-01', today, {
      today,
      linkRollCalls: false,
      classroomLabel: options.find((o) => o.value === otters.id)?.label,
    });
    expect(view.classroomLabel).toBe('Otters (ages 6–7) · Northside Campus');
  });
});
