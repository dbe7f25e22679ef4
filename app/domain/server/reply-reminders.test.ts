// "Remind the ones who have not answered" (issue 32), decided as both hosts run it: setting an
// event's replyReminderAt tells each guardian of a family with a child still waiting, once a day;
// families that replied, events past their deadline and other writes tell no one.
import { describe, expect, it } from 'vitest';
import type { DocData } from '~/domain/permissions';
import { isDelete, type ServerWrite } from './outcome';
import { contextOf as worldContext } from './test-world';
import { changeTriggers } from './triggers';

const HOST = { appOrigin: 'https://school.example' };
const NOW = '2026-11-27T05:00:00.000Z';
const DEADLINE = Date.parse('2026-12-02T11:30:00.000Z');

function world(): Map<string, DocData> {
  const docs = new Map<string, DocData>();
  docs.set('campuses/north', { name: 'North', timezone: 'Asia/Kolkata' });
  docs.set('classrooms/maples', { name: 'Maples', campusId: 'north' });
  const families = ['a', 'b', 'c'];
  for (const f of families) {
    docs.set(`families/fam-${f}`, { guardians: [{ name: `Parent ${f}`, memberUUID: `parent-${f}` }] });
    docs.set(`Members/parent-${f}`, { memberUUID: `parent-${f}`, roles: ['parent'], status: 'active' });
    docs.set(`students/kid-${f}`, {
      firstName: `Kid${f.toUpperCase()}`,
      lastName: 'Family',
      familyId: `fam-${f}`,
      classroomIds: ['maples'],
      campusId: 'north',
      status: 'enrolled',
    });
  }
  docs.set('students/kid-gone', {
    firstName: 'Gone',
    lastName: 'Family',
    familyId: 'fam-c',
    classroomIds: ['maples'],
    campusId: 'north',
    status: 'withdrawn',
  });
  docs.set('events/trip', event());
  docs.set('eventReplies/trip_kid-a', { eventId: 'trip', studentId: 'kid-a', answer: 'yes' });
  return docs;
}

function event(extra: DocData = {}): DocData {
  return {
    title: 'Museum trip',
    audience: ['facilitator', 'parent'],
    classroomIds: ['maples'],
    reply: { kind: 'consent', deadline: DEADLINE, consentTo: 'go on the museum trip' },
    ...extra,
  };
}

const contextOf = (docs: Map<string, DocData>) => worldContext(docs, '2026-11-27');

function remind(docs: Map<string, DocData>, at: string, nowIso = NOW): ServerWrite[] {
  const before = docs.get('events/trip') ?? null;
  const after = { ...before, replyReminderAt: at };
  docs.set('events/trip', after);
  const { writes } = changeTriggers(
    [{ path: 'events/trip', before, after }],
    contextOf(docs),
    nowIso,
    { replyReminders: true },
    HOST,
  );
  for (const w of writes) if (!isDelete(w)) docs.set(w.path, w.data);
  return writes.filter((w) => w.path.startsWith('Notifications/'));
}

describe('reply reminders', () => {
  it('tells each family still waiting, once a day', () => {
    const docs = world();
    const first = remind(docs, NOW);
    expect(first.map((w) => ('data' in w ? [w.data.memberUUID, w.data.description] : null))).toEqual([
      ['parent-b', 'Reminder: Museum trip: your consent is needed for KidB.'],
      ['parent-c', 'Reminder: Museum trip: your consent is needed for KidC.'],
    ]);
    expect(first.every((w) => 'data' in w && w.data.actionItem === 'events/trip')).toBe(true);
    // Again the same day: nothing more. The next day: again.
    expect(remind(docs, '2026-11-27T06:00:00.000Z', '2026-11-27T06:00:00.000Z')).toEqual([]);
    expect(remind(docs, '2026-11-28T05:00:00.000Z', '2026-11-28T05:00:00.000Z')).toHaveLength(2);
  });

  it('tells no one after the deadline, or for a write that asks no reminder', () => {
    const docs = world();
    expect(remind(docs, '2026-12-03T05:00:00.000Z', '2026-12-03T05:00:00.000Z')).toEqual([]);
    const unchanged = world();
    const before = unchanged.get('events/trip') ?? null;
    const { writes } = changeTriggers(
      [{ path: 'events/trip', before, after: { ...before, title: 'Museum trip (changed)' } }],
      contextOf(unchanged),
      NOW,
      { replyReminders: true },
      HOST,
    );
    expect(writes).toEqual([]);
  });
});
