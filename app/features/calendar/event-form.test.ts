import { describe, expect, it } from 'vitest';
import {
  EVENT_MESSAGES,
  eventFormDefaults,
  parseEventForm,
  isoToWallClock,
  REPLY_MESSAGES,
  replyKindFixedMessage,
  type EventFormContext,
  wallClockToIso,
} from './event-form';

const ctx = (over: Partial<EventFormContext> = {}): EventFormContext => ({
  roles: ['administration'],
  taughtClassroomIds: [],
  campuses: [
    { id: 'north', timezone: 'Asia/Kolkata' },
    { id: 'west', timezone: 'Europe/London' },
  ],
  classrooms: [
    { id: 'north-harbour', campusId: 'north' },
    { id: 'north-bay', campusId: 'north' },
    { id: 'west-1', campusId: 'west' },
  ],
  ...over,
});

const form = (over: Record<string, string | string[]> = {}) => ({
  title: 'Garden club',
  description: 'Bring gloves',
  startDate: '2025-03-06',
  startTime: '10:00',
  endDate: '2025-03-06',
  endTime: '11:30',
  location: 'Garden',
  campusId: 'north',
  classroomIds: ['north-harbour'],
  audience: ['parent'],
  repeats: 'none',
  ...over,
});

describe('parseEventForm', () => {
  it('turns the campus wall clock into instants and derives the audience keys', () => {
    const result = parseEventForm(form(), ctx());
    expect(result).toMatchObject({
      ok: true,
      fields: {
        title: 'Garden club',
        start: '2025-03-06T04:30:00.000Z',
        end: '2025-03-06T06:00:00.000Z',
        allDay: false,
        campusId: 'north',
        classroomIds: ['north-harbour'],
        audience: ['parent'],
        audienceKeys: ['parent@classroom:north-harbour'],
      },
    });
    if (result.ok) expect(result.fields).not.toHaveProperty('recurrence');
  });

  it('uses the timezone of the chosen campus', () => {
    const result = parseEventForm(form({ campusId: 'west', classroomIds: [] }), ctx());
    expect(result.ok && result.fields.start).toBe('2025-03-06T10:00:00.000Z');
    expect(result.ok && result.fields.audienceKeys).toEqual(['parent@campus:west']);
  });

  it('stores an all-day event from the campus midnight to the last second of its end date', () => {
    const result = parseEventForm(
      form({ allDay: 'on', startTime: '', endTime: '', endDate: '2025-03-07' }),
      ctx(),
    );
    expect(result.ok && [result.fields.start, result.fields.end]).toEqual([
      '2025-03-05T18:30:00.000Z',
      '2025-03-07T18:29:59.000Z',
    ]);
  });

  it('makes a weekly series and an every-N-weeks series', () => {
    const weekly = parseEventForm(form({ repeats: 'weekly', until: '2025-04-17' }), ctx());
    expect(weekly.ok && weekly.fields.recurrence).toEqual({
      freq: 'weekly',
      interval: 1,
      until: '2025-04-17',
    });
    const every3 = parseEventForm(
      form({ repeats: 'weeks', interval: '3', until: '2025-06-01' }),
      ctx(),
    );
    expect(every3.ok && every3.fields.recurrence).toEqual({
      freq: 'weekly',
      interval: 3,
      until: '2025-06-01',
    });
  });

  it('refuses an end before the start', () => {
    const result = parseEventForm(form({ endTime: '09:00' }), ctx());
    expect(!result.ok && result.fieldErrors.endTime).toBe(EVENT_MESSAGES.endBeforeStart);
    const days = parseEventForm(form({ endDate: '2025-03-05' }), ctx());
    expect(!days.ok && days.fieldErrors.endDate).toBe(EVENT_MESSAGES.endBeforeStart);
  });

  it('refuses an until before the start and a series without one', () => {
    const early = parseEventForm(form({ repeats: 'weekly', until: '2025-03-01' }), ctx());
    expect(!early.ok && early.fieldErrors.until).toBe(EVENT_MESSAGES.untilBeforeStart);
    const none = parseEventForm(form({ repeats: 'weekly' }), ctx());
    expect(!none.ok && none.fieldErrors.until).toBe(EVENT_MESSAGES.untilRequired);
  });

  it('refuses an event with no audience and keeps what was typed', () => {
    const result = parseEventForm(form({ audience: [] }), ctx());
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.fieldErrors.audience).toBe(EVENT_MESSAGES.noAudience);
      expect(result.values.title).toBe('Garden club');
    }
  });

  it('refuses a facilitator event with no classroom or a classroom they do not teach', () => {
    const facilitator = ctx({ roles: ['facilitator'], taughtClassroomIds: ['north-harbour'] });
    const none = parseEventForm(form({ classroomIds: [] }), facilitator);
    expect(!none.ok && none.fieldErrors.classroomIds).toBe(EVENT_MESSAGES.facilitatorNoClassroom);
    const other = parseEventForm(
      form({ classroomIds: ['north-harbour', 'north-bay'] }),
      facilitator,
    );
    expect(!other.ok && other.fieldErrors.classroomIds).toBe(EVENT_MESSAGES.notYourClassroom);
    expect(parseEventForm(form(), facilitator).ok).toBe(true);
  });

  it('refuses classrooms of another campus than the one chosen', () => {
    const result = parseEventForm(form({ classroomIds: ['west-1'] }), ctx());
    expect(!result.ok && result.fieldErrors.classroomIds).toBe(EVENT_MESSAGES.classroomOffCampus);
  });

  it('makes no series for "change only this event"', () => {
    const result = parseEventForm(
      form({ repeats: 'weekly', until: '2025-04-17' }),
      ctx({ single: true }),
    );
    expect(result.ok && result.fields.recurrence).toBeUndefined();
  });

  it('round-trips a stored event through the form defaults', () => {
    const first = parseEventForm(
      form({ repeats: 'weeks', interval: '2', until: '2025-05-01' }),
      ctx(),
    );
    if (!first.ok) throw new Error('expected a valid form');
    const defaults = eventFormDefaults({ ...first.fields }, 'Asia/Kolkata');
    expect(defaults).toMatchObject({
      startDate: '2025-03-06',
      startTime: '10:00',
      endTime: '11:30',
      repeats: 'weeks',
      interval: '2',
    });
    const again = parseEventForm(defaults, ctx());
    expect(again.ok && again.fields).toEqual(first.fields);
    expect(eventFormDefaults(first.fields, 'Asia/Kolkata', '2025-03-20').startDate).toBe(
      '2025-03-20',
    );
  });
});

describe('asking families for a reply', () => {
  /** 1 March 2025, 09:00 in Kolkata: before the garden club of 6 March. */
  const now = Date.parse('2025-03-01T03:30:00.000Z');
  const consent = (over: Record<string, string | string[]> = {}) =>
    form({
      replyKind: 'consent',
      consentTo: 'go on the museum trip.',
      replyByDate: '2025-03-04',
      replyByTime: '17:00',
      ...over,
    });

  it('stores consent with its words and the deadline in the campus zone, as epoch milliseconds', () => {
    const result = parseEventForm(consent(), ctx({ now }));
    expect(result.ok && result.fields.reply).toEqual({
      kind: 'consent',
      deadline: Date.parse('2025-03-04T11:30:00.000Z'),
      consentTo: 'go on the museum trip.',
    });
  });

  it('stores a going-or-not request without consent words, and no reply by default', () => {
    const rsvp = parseEventForm(consent({ replyKind: 'rsvp', consentTo: 'ignored' }), ctx({ now }));
    expect(rsvp.ok && rsvp.fields.reply).toMatchObject({ kind: 'rsvp', consentTo: '' });
    const none = parseEventForm(form(), ctx({ now }));
    expect(none.ok && none.fields).not.toHaveProperty('reply');
  });

  it('asks for the closing day and time, and for consent what it is for, keeping what was typed', () => {
    const result = parseEventForm(
      consent({ consentTo: '', replyByDate: '', replyByTime: '' }),
      ctx({ now }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors).toMatchObject({
      replyByDate: REPLY_MESSAGES.closeDateRequired,
      replyByTime: REPLY_MESSAGES.closeTimeRequired,
      consentTo: REPLY_MESSAGES.consentToRequired,
    });
    expect(result.values).toMatchObject({ replyKind: 'consent', title: 'Garden club' });
  });

  it('refuses consent words past 200 characters', () => {
    const result = parseEventForm(consent({ consentTo: 'x'.repeat(201) }), ctx({ now }));
    expect(!result.ok && result.fieldErrors.consentTo).toMatch(
      /at most 200 characters; this is 201/,
    );
  });

  it('refuses a deadline in the past or after the event starts', () => {
    const past = parseEventForm(consent({ replyByDate: '2025-02-28' }), ctx({ now }));
    expect(!past.ok && past.fieldErrors.replyByDate).toBe(REPLY_MESSAGES.inThePast);
    const late = parseEventForm(
      consent({ replyByDate: '2025-03-06', replyByTime: '10:30' }),
      ctx({ now }),
    );
    expect(!late.ok && late.fieldErrors.replyByDate).toBe(REPLY_MESSAGES.afterStart);
  });

  it('lets an edit keep a deadline that has passed, but not move it into the past', () => {
    const kept = Date.parse('2025-02-27T11:30:00.000Z');
    const reply = { kind: 'consent' as const, deadline: kept, consentTo: 'go' };
    const same = parseEventForm(
      consent({ replyByDate: '2025-02-27', replyByTime: '17:00' }),
      ctx({ now, reply }),
    );
    expect(same.ok && same.fields.reply?.deadline).toBe(kept);
    const moved = parseEventForm(
      consent({ replyByDate: '2025-02-28', replyByTime: '17:00' }),
      ctx({ now, reply }),
    );
    expect(!moved.ok && moved.fieldErrors.replyByDate).toBe(REPLY_MESSAGES.inThePast);
  });

  it('keeps the kind of reply an event asks already, and cannot take it back', () => {
    const reply = {
      kind: 'consent' as const,
      deadline: Date.parse('2025-03-04T11:30:00Z'),
      consentTo: 'go',
    };
    const other = parseEventForm(consent({ replyKind: 'rsvp' }), ctx({ now, reply }));
    expect(!other.ok && other.fieldErrors.replyKind).toBe(replyKindFixedMessage('consent'));
    const none = parseEventForm(form(), ctx({ now, reply }));
    expect(!none.ok && none.fieldErrors.replyKind).toBe(replyKindFixedMessage('consent'));
  });

  it('needs parents in the audience and a single event', () => {
    const noParents = parseEventForm(consent({ audience: ['student'] }), ctx({ now }));
    expect(!noParents.ok && noParents.fieldErrors.replyKind).toBe(REPLY_MESSAGES.needsParents);
    const series = parseEventForm(
      consent({ repeats: 'weekly', until: '2025-04-17' }),
      ctx({ now }),
    );
    expect(!series.ok && series.fieldErrors.replyKind).toBe(REPLY_MESSAGES.repeating);
    // One date of a series, changed on its own, may ask.
    expect(
      parseEventForm(
        consent({ repeats: 'weekly', until: '2025-04-17' }),
        ctx({ now, single: true }),
      ).ok,
    ).toBe(true);
  });

  it('round-trips a reply through the form defaults, in the campus zone', () => {
    const first = parseEventForm(consent(), ctx({ now }));
    if (!first.ok) throw new Error('expected a valid form');
    const defaults = eventFormDefaults(first.fields, 'Asia/Kolkata');
    expect(defaults).toMatchObject({
      replyKind: 'consent',
      consentTo: 'go on the museum trip.',
      replyByDate: '2025-03-04',
      replyByTime: '17:00',
    });
    const again = parseEventForm(defaults, ctx({ now, reply: first.fields.reply }));
    expect(again.ok && again.fields).toEqual(first.fields);
    expect(eventFormDefaults({ ...first.fields, reply: undefined }, 'Asia/Kolkata')).toMatchObject({
      replyKind: 'none',
      replyByDate: '',
    });
  });
});

describe("the form's date and time fields in the campus zone", () => {
  it('stores a Kolkata and a London 09:00 as their instants, and reads them back', () => {
    expect(wallClockToIso('2025-03-20', '09:00', 'Asia/Kolkata')).toBe('2025-03-20T03:30:00.000Z');
    // London is on summer time (UTC+1) from 30 March 2025.
    expect(wallClockToIso('2025-03-20', '09:00', 'Europe/London')).toBe('2025-03-20T09:00:00.000Z');
    expect(wallClockToIso('2025-04-03', '09:00', 'Europe/London', 30)).toBe(
      '2025-04-03T08:00:30.000Z',
    );
    expect(isoToWallClock('2025-03-20T03:30:00.000Z', 'Asia/Kolkata')).toEqual({
      date: '2025-03-20',
      time: '09:00',
    });
    // 23:30 UTC is already the next day in Kolkata, and 00:30 on summer time in London.
    expect(isoToWallClock('2025-04-02T23:30:00.000Z', 'Asia/Kolkata')).toEqual({
      date: '2025-04-03',
      time: '05:00',
    });
    expect(isoToWallClock('2025-04-02T23:30:00.000Z', 'Europe/London')).toEqual({
      date: '2025-04-03',
      time: '00:30',
    });
  });
});
