import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deviceTimeZone } from '~/domain/clock';
import { canWrite, type Principal } from '~/domain/permissions';
import {
  countLines,
  countsText,
  familyReplyRecord,
  groupByClassroom,
  REMINDER_MESSAGES,
  reminderState,
  repliesCsvRows,
  repliesFileName,
  repliesNeeded,
  repliesWaiting,
  replyLines,
  answerSentence,
  answerView,
  type EventReplyRecord,
  type NamedStudent,
  type ReplyEvent,
} from './replies';

const ZONE = 'Asia/Kolkata';
/** A time is named with its zone when the device reads another wall clock (format.ts). */
const Z = deviceTimeZone() === ZONE ? '' : ' GMT+5:30';
/** Friday 27 November 2026, 10:00 in Kolkata. */
const NOW = new Date('2026-11-27T04:30:00.000Z');
/** Tuesday 1 December 2026, 17:00 in Kolkata. */
const DEADLINE = Date.parse('2026-12-01T11:30:00.000Z');

const student = (id: string, over: Partial<NamedStudent> = {}): NamedStudent => ({
  id,
  firstName: id.toUpperCase(),
  lastName: 'Pupil',
  familyId: `fam-${id}`,
  campusId: 'north',
  classroomIds: ['maples'],
  status: 'enrolled',
  ...over,
});

const leo = student('leo', { firstName: 'Leo', lastName: 'Whitfield', familyId: 'fam-0000' });
const ivy = student('ivy', {
  firstName: 'Ivy',
  lastName: 'Whitfield',
  familyId: 'fam-0000',
  classroomIds: ['oaks'],
});
const asha = student('asha', {
  firstName: 'Asha',
  lastName: 'Rao',
  classroomIds: ['oaks', 'maples'],
});
const ben = student('ben', { firstName: 'Ben', lastName: 'Okafor', preferredName: 'Benny' });
const left = student('zed', { status: 'withdrawn' });

const museum: ReplyEvent = {
  id: 'evt-museum',
  title: 'Museum trip',
  start: '2026-12-05T04:00:00.000Z',
  end: '2026-12-05T10:00:00.000Z',
  audience: ['facilitator', 'parent', 'student'],
  classroomIds: ['maples'],
  reply: { kind: 'consent', deadline: DEADLINE, consentTo: 'go on the museum trip' },
};

const reply = (over: Partial<EventReplyRecord> & { studentId: string }): EventReplyRecord => ({
  id: `evt-museum_${over.studentId}`,
  eventId: 'evt-museum',
  familyId: `fam-${over.studentId}`,
  classroomIds: ['maples'],
  kind: 'consent',
  answer: 'yes',
  wording: '',
  guardianName: 'A guardian',
  repliedBy: 'parent-1',
  createdBy: 'parent-1',
  updatedAt: '2026-11-27T04:35:00.000Z',
  ...over,
});

const classroomNames = new Map([
  ['maples', 'Maples (ages 8–9)'],
  ['oaks', 'Oaks'],
]);

describe('the list of children asked and their answers', () => {
  const replies = new Map([
    [
      'asha',
      reply({
        studentId: 'asha',
        guardianName: 'Meera Rao',
        wording: 'I give consent for Asha Rao to go on the museum trip.',
      }),
    ],
    ['ben', reply({ studentId: 'ben', answer: 'no', guardianName: 'Tunde Okafor' })],
  ]);
  const lines = replyLines(museum, 'consent', [ben, leo, asha], replies, {
    classroomNames,
    timeZone: ZONE,
    pendingIds: new Set(['evt-museum_ben']),
  });

  it('names each child, lists them under the event’s classroom, and says who answered when', () => {
    expect(lines.map((l) => [l.classroom, l.name, l.label])).toEqual([
      ['Maples (ages 8–9)', 'Asha Rao', 'Consent given'],
      ['Maples (ages 8–9)', 'Benny Okafor', 'Consent refused'],
      ['Maples (ages 8–9)', 'Leo Whitfield', 'No answer yet'],
    ]);
    expect(lines[0]).toMatchObject({
      guardianName: 'Meera Rao',
      repliedAtText: `Fri 27 Nov 2026, 10:05${Z}`,
      wording: 'I give consent for Asha Rao to go on the museum trip.',
      pending: false,
    });
    expect(lines[1]?.pending).toBe(true);
    expect(groupByClassroom(lines).map((g) => [g.classroom, g.lines.length])).toEqual([
      ['Maples (ages 8–9)', 3],
    ]);
  });

  it('counts yes, no and waiting, in the words of the kind', () => {
    const counts = countLines(lines);
    expect(counts).toMatchObject({ yes: 1, no: 1, waiting: 1 });
    expect(countsText('consent', counts)).toBe('1 yes · 1 no · 1 waiting');
    expect(countsText('rsvp', counts)).toBe('1 going · 1 not going · 1 waiting');
  });

  it('writes the CSV with a row per child asked, waiting ones included, in campus time', () => {
    const rows = repliesCsvRows(lines, 'consent', ZONE);
    expect(rows[0]).toEqual([
      'Classroom',
      'Student',
      'Answer',
      'People',
      'Guardian',
      'Replied at',
      'Wording',
    ]);
    expect(rows.slice(1)).toEqual([
      [
        'Maples (ages 8–9)',
        'Asha Rao',
        'Consent given',
        '',
        'Meera Rao',
        '2026-11-27 10:05',
        'I give consent for Asha Rao to go on the museum trip.',
      ],
      [
        'Maples (ages 8–9)',
        'Benny Okafor',
        'Consent refused',
        '',
        'Tunde Okafor',
        'Not yet sent',
        '',
      ],
      ['Maples (ages 8–9)', 'Leo Whitfield', 'No answer yet', '', '', '', ''],
    ]);
    expect(repliesFileName('Museum trip!')).toBe('museum-trip-replies.csv');
  });

  it('counts the people going of an RSVP, the child included', () => {
    const party = { ...museum, reply: { kind: 'rsvp', deadline: DEADLINE, consentTo: '' } };
    const rsvp = replyLines(
      party,
      'rsvp',
      [leo, asha],
      new Map([['asha', reply({ studentId: 'asha', kind: 'rsvp', people: 3 })]]),
      { classroomNames, timeZone: ZONE },
    );
    expect(countLines(rsvp)).toMatchObject({ yes: 1, waiting: 1, people: 3 });
    expect(repliesCsvRows(rsvp, 'rsvp', ZONE)[1]?.[3]).toBe(3);
    expect(answerSentence(rsvp[0] ?? answerView('rsvp', undefined, { timeZone: ZONE }))).toBe(
      `Going, 3 people by A guardian on Fri 27 Nov 2026, 10:05${Z}`,
    );
  });
});

describe('a guardian’s answer', () => {
  const request = {
    kind: 'consent' as const,
    deadline: DEADLINE,
    consentTo: 'go on the museum trip',
  };
  const grace: Principal = {
    uid: 'parent-demo',
    email: 'parent@demo-learning.example',
    roles: ['parent'],
    memberUUID: 'parent-demo',
    familyIds: ['fam-0000'],
    childIds: ['leo', 'ivy'],
    childClassroomIds: ['maples', 'oaks'],
    studentId: null,
    facilitatorId: null,
    classroomIds: [],
  };
  const docs: Record<string, Record<string, unknown>> = {
    'students/leo': { ...leo },
    'students/asha': { ...asha },
    'events/evt-museum': { ...museum },
    'Members/parent-demo': { displayName: 'Grace Whitfield' },
  };
  // As the app asks the matrix: no request time, the deadline read against the one clock.
  const ctx = { get: (path: string) => docs[path] ?? null, list: () => [], today: '2026-11-27' };
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const guardian = { memberUUID: 'parent-demo', name: 'Grace Whitfield' };

  it('writes the whole reply first, with the exact consent sentence, and the matrix allows it', () => {
    const record = familyReplyRecord({
      event: museum,
      request,
      student: leo,
      answer: 'yes',
      guardian,
      before: null,
    });
    expect(record).toEqual({
      id: 'evt-museum_leo',
      eventId: 'evt-museum',
      studentId: 'leo',
      familyId: 'fam-0000',
      classroomIds: ['maples'],
      kind: 'consent',
      answer: 'yes',
      wording: 'I give consent for Leo Whitfield to go on the museum trip.',
      guardianName: 'Grace Whitfield',
      repliedBy: 'parent-demo',
      createdBy: 'parent-demo',
    });
    const change = { ref: { path: 'eventReplies/evt-museum_leo', id: record.id } };
    expect(canWrite(grace, 'eventReplies', { ...change, before: null, after: record }, ctx)).toBe(
      true,
    );
    // Another family's child, or after the deadline: refused, as the backend refuses it.
    const other = familyReplyRecord({
      event: museum,
      request,
      student: asha,
      answer: 'yes',
      guardian,
      before: null,
    });
    expect(
      canWrite(
        grace,
        'eventReplies',
        { ref: { path: `eventReplies/${other.id}`, id: other.id }, before: null, after: other },
        ctx,
      ),
    ).toBe(false);
    vi.setSystemTime(DEADLINE + 1000);
    expect(canWrite(grace, 'eventReplies', { ...change, before: null, after: record }, ctx)).toBe(
      false,
    );
  });

  it('changes only what a family may change afterwards, and keeps the refusal’s words', () => {
    const before = reply({
      studentId: 'leo',
      familyId: 'fam-0000',
      guardianName: 'Grace Whitfield',
      repliedBy: 'parent-demo',
      createdBy: 'parent-demo',
    });
    const change = familyReplyRecord({
      event: museum,
      request,
      student: leo,
      answer: 'no',
      guardian,
      before,
    });
    expect(change).toEqual({
      id: 'evt-museum_leo',
      answer: 'no',
      wording: 'I do not give consent for Leo Whitfield to go on the museum trip.',
      guardianName: 'Grace Whitfield',
      repliedBy: 'parent-demo',
    });
    expect(
      canWrite(
        grace,
        'eventReplies',
        {
          ref: { path: 'eventReplies/evt-museum_leo', id: 'evt-museum_leo' },
          before,
          after: { ...before, ...change },
        },
        ctx,
      ),
    ).toBe(true);
  });

  it('counts the people of an RSVP, none for "Not going"', () => {
    const rsvp = { kind: 'rsvp' as const, deadline: DEADLINE, consentTo: '' };
    const base = { event: museum, request: rsvp, student: leo, guardian, before: null };
    expect(familyReplyRecord({ ...base, answer: 'yes', people: 3 })).toMatchObject({
      people: 3,
      wording: '',
    });
    expect(familyReplyRecord({ ...base, answer: 'no', people: 3 })).toMatchObject({ people: 0 });
  });
});

describe('the reminder', () => {
  const request = { kind: 'consent' as const, deadline: DEADLINE, consentTo: 'go' };
  const families = new Map([
    ['leo', 'fam-0000'],
    ['ivy', 'fam-0000'],
    ['ben', 'fam-ben'],
    ['asha', 'fam-asha'],
  ]);
  const waiting = [
    { studentId: 'leo', answer: null },
    { studentId: 'ivy', answer: null },
    { studentId: 'ben', answer: null },
    { studentId: 'asha', answer: 'yes' as const },
  ];
  const at = { now: NOW, timeZone: ZONE };

  it('counts each family still waiting once, and can go', () => {
    expect(reminderState({}, request, waiting, families, at)).toEqual({
      families: 2,
      blocked: null,
      lastText: '',
    });
  });

  it('cannot go after the deadline, with nobody waiting, or twice in a campus day', () => {
    const late = { now: new Date(DEADLINE), timeZone: ZONE };
    expect(reminderState({}, request, waiting, families, late).blocked).toBe(
      REMINDER_MESSAGES.closed(`Tue 1 Dec 2026, 17:00${Z}`),
    );
    const done = waiting.map((w) => ({ ...w, answer: 'yes' as const }));
    expect(reminderState({}, request, done, families, at).blocked).toBe(REMINDER_MESSAGES.nobody);
    const earlier = { replyReminderAt: '2026-11-27T03:00:00.000Z' };
    expect(reminderState(earlier, request, waiting, families, at)).toMatchObject({
      blocked: REMINDER_MESSAGES.today(`08:30${Z}`),
      lastText: `Fri 27 Nov 2026, 08:30${Z}`,
    });
    // Yesterday's reminder (in Kolkata) does not hold today's back.
    const yesterday = { replyReminderAt: '2026-11-26T18:00:00.000Z' };
    expect(reminderState(yesterday, request, waiting, families, at).blocked).toBeNull();
  });
});

describe('the home tiles', () => {
  const party: ReplyEvent = {
    ...museum,
    id: 'evt-party',
    title: 'Winter party',
    reply: { kind: 'rsvp', deadline: DEADLINE - 86_400_000, consentTo: '' },
  };
  const closed: ReplyEvent = {
    ...museum,
    id: 'evt-closed',
    title: 'Closed',
    reply: { kind: 'rsvp', deadline: NOW.getTime() - 1, consentTo: '' },
  };
  const plain: ReplyEvent = { ...museum, id: 'evt-plain', title: 'Plain', reply: undefined };
  const over: ReplyEvent = {
    ...museum,
    id: 'evt-over',
    title: 'Over',
    end: '2026-11-20T10:00:00.000Z',
  };

  it('lists a family’s events still needing an answer, soonest deadline first', () => {
    const needed = repliesNeeded(
      [museum, party, closed, plain],
      [leo, ivy],
      [reply({ studentId: 'leo', eventId: 'evt-party', id: 'evt-party_leo' })],
      { now: NOW, zoneOf: () => ZONE },
    );
    expect(needed).toEqual([
      expect.objectContaining({ eventId: 'evt-museum', children: ['Leo Whitfield'] }),
    ]);
    expect(needed[0]).toMatchObject({
      kind: 'consent',
      closes: `Tue 1 Dec 2026, 17:00${Z}`,
      href: '/dash/calendar?event=evt-museum',
    });
    const both = repliesNeeded([museum, party], [leo], [], { now: NOW, zoneOf: () => ZONE });
    expect(both.map((n) => n.eventId)).toEqual(['evt-party', 'evt-museum']);
  });

  it('counts the organiser’s upcoming events: replied of asked, and waiting', () => {
    const waiting = repliesWaiting(
      [museum, plain, over, { ...party, classroomIds: ['oaks'] }],
      [leo, ivy, asha, ben, left],
      [reply({ studentId: 'asha' }), reply({ studentId: 'ben', answer: 'no' })],
      { now: NOW, zoneOf: () => ZONE, mayOpen: (e) => e.id !== 'evt-party' },
    );
    expect(waiting).toEqual([
      {
        eventId: 'evt-museum',
        title: 'Museum trip',
        asked: 3,
        replied: 2,
        waiting: 1,
        text: 'Museum trip: 2 of 3 replied, 1 waiting',
        closes: `Replies close Tue 1 Dec 2026, 17:00${Z}`,
        href: '/dash/calendar/evt-museum/replies',
      },
    ]);
  });
});
