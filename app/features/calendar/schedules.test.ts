import { describe, expect, it } from 'vitest';
import { campusSchema, classroomSchema, subjectSchema } from '~/domain/records';
import type { Role } from '~/domain/roles';
import { groupSlots, scheduleClassroomIds, scheduleItems } from './schedules';

const lists = {
  campuses: [{ ...campusSchema.parse({ name: 'North', timezone: 'Asia/Kolkata' }), id: 'north' }],
  subjects: [{ ...subjectSchema.parse({ name: 'Maths' }), id: 'maths' }],
  classrooms: [
    {
      ...classroomSchema.parse({
        name: 'Harbour',
        campusId: 'north',
        schedule: [
          { weekday: 2, start: '09:00', end: '10:30', subjectId: 'maths' },
          { weekday: 4, start: '13:00', end: '14:00', subjectId: 'gone' },
        ],
      }),
      id: 'harbour',
    },
    {
      ...classroomSchema.parse({
        name: 'Summit',
        campusId: 'north',
        schedule: [{ weekday: 2, start: '08:00', end: '09:00', subjectId: 'maths' }],
      }),
      id: 'summit',
    },
  ],
};

const principal = (
  roles: Role[],
  classroomIds: string[] = [],
  childClassroomIds: string[] = [],
) => ({
  roles,
  classroomIds,
  childClassroomIds,
});

describe('classroom schedules layer', () => {
  it('puts each weekly slot on the matching weekdays of the range, in the campus timezone', () => {
    const items = scheduleItems(
      ['harbour'],
      ['2024-12-02', '2024-12-03', '2024-12-04', '2024-12-05'],
      lists,
    );
    expect(items.map((i) => [i.date, i.start, i.end, i.label])).toEqual([
      ['2024-12-03', '09:00', '10:30', 'Maths · Harbour'],
      ['2024-12-05', '13:00', '14:00', 'Class · Harbour'],
    ]);
    expect(items[0]?.startAt.toISOString()).toBe('2024-12-03T03:30:00.000Z');
    expect(items[0]?.timeZone).toBe('Asia/Kolkata');
  });

  it('shows only the chosen classrooms, ordered by start time within a day', () => {
    const items = scheduleItems(['harbour', 'summit'], ['2024-12-03'], lists);
    expect(items.map((i) => i.label)).toEqual(['Maths · Summit', 'Maths · Harbour']);
  });

  it('uses the classroom filter when one is set', () => {
    expect(scheduleClassroomIds(principal(['admin']), 'summit')).toEqual(['summit']);
  });

  it('shows a facilitator or student their own classrooms and a parent their children’s', () => {
    expect(scheduleClassroomIds(principal(['facilitator'], ['b', 'a']), '')).toEqual(['a', 'b']);
    expect(scheduleClassroomIds(principal(['student'], ['a']), '')).toEqual(['a']);
    expect(scheduleClassroomIds(principal(['parent'], [], ['c']), '')).toEqual(['c']);
  });

  it('asks staff without a classroom filter to choose one', () => {
    expect(scheduleClassroomIds(principal(['administration']), '')).toBe('choose');
  });
});

describe('grouping schedule slots', () => {
  it('puts slots of the same day and time together and keeps other times apart', () => {
    const items = scheduleItems(['harbour', 'summit'], ['2024-12-03', '2024-12-05'], {
      ...lists,
      classrooms: lists.classrooms.map((c) => ({
        ...c,
        schedule: [{ weekday: 2, start: '09:00', end: '10:00', subjectId: 'maths' }],
      })),
    });
    expect(groupSlots(items).map((g) => g.map((s) => s.label))).toEqual([
      ['Maths · Harbour', 'Maths · Summit'],
    ]);
    const mixed = scheduleItems(['harbour'], ['2024-12-03', '2024-12-05'], lists);
    expect(groupSlots(mixed)).toHaveLength(2);
  });
});
