import { describe, expect, it } from 'vitest';
import { DEFAULT_REACH, MAX_PAUSE_DAYS, reachOf, reachPreferencesSchema } from '~/domain/reach';
import { parseForm } from '~/ui/form/parse-form';
import {
  isPaused,
  nextReach,
  PAUSE_DAYS_MESSAGE,
  pauseEnd,
  pauseFormSchema,
  QUIET_HOURS_BOTH,
  QUIET_HOURS_TIME,
  reachFormSchema,
  reachKindsFor,
} from './reach-form';

function form(entries: Array<[string, string]>): URLSearchParams {
  return new URLSearchParams(entries);
}

describe('reachKindsFor', () => {
  it('offers parent inquiries to office staff only', () => {
    expect(reachKindsFor(['administration'])).toContain('inquiries');
    expect(reachKindsFor(['parent'])).not.toContain('inquiries');
    expect(reachKindsFor(['facilitator'])).toEqual([
      'messages',
      'events',
      'resources',
      'attendance',
    ]);
  });
});

describe('reachFormSchema', () => {
  const parentKinds = reachKindsFor(['parent']);

  it('reads the ticked channels of every shown kind, and unticked kinds as in the app only', () => {
    const parsed = parseForm(
      reachFormSchema(parentKinds),
      form([
        ['channels.events', 'email'],
        ['channels.events', 'push'],
        ['channels.attendance', 'digest'],
        ['quietStart', ''],
        ['quietEnd', ''],
      ]),
    );
    expect(parsed.ok && parsed.data).toEqual({
      // In the contract's order, whatever order the boxes came in.
      channels: { messages: [], events: ['push', 'email'], resources: [], attendance: ['digest'] },
      quietHours: null,
    });
  });

  it('never reads a kind the person may not route', () => {
    const parsed = parseForm(reachFormSchema(parentKinds), form([['channels.inquiries', 'email']]));
    expect(parsed.ok && Object.keys(parsed.data.channels)).not.toContain('inquiries');
  });

  it('refuses a channel that is not in the contract, beside its kind', () => {
    const parsed = parseForm(reachFormSchema(parentKinds), form([['channels.messages', 'sms']]));
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.fieldErrors['channels.messages']).toBe(
      'Choose from the listed channels.',
    );
  });

  it('reads quiet hours, padding a one-digit hour', () => {
    const parsed = parseForm(
      reachFormSchema(parentKinds),
      form([
        ['quietStart', '21:30'],
        ['quietEnd', '7:00'],
      ]),
    );
    expect(parsed.ok && parsed.data.quietHours).toEqual({ start: '21:30', end: '07:00' });
  });

  it('asks for both times when only one is typed', () => {
    const parsed = parseForm(reachFormSchema(parentKinds), form([['quietStart', '22:00']]));
    expect(!parsed.ok && parsed.fieldErrors).toEqual({ quietEnd: QUIET_HOURS_BOTH });
  });

  it('refuses a time that is not a 24-hour time, beside its field', () => {
    const parsed = parseForm(
      reachFormSchema(parentKinds),
      form([
        ['quietStart', '9pm'],
        ['quietEnd', '24:00'],
      ]),
    );
    expect(!parsed.ok && parsed.fieldErrors).toEqual({
      quietStart: QUIET_HOURS_TIME,
      quietEnd: QUIET_HOURS_TIME,
    });
  });
});

describe('pauseFormSchema', () => {
  it.each(['', '0', String(MAX_PAUSE_DAYS + 1), '2.5', 'abc'])('refuses %j', (days) => {
    const parsed = parseForm(pauseFormSchema, form([['pauseDays', days]]));
    expect(!parsed.ok && parsed.fieldErrors.pauseDays).toBe(PAUSE_DAYS_MESSAGE);
  });

  it('reads a number of days within the limit', () => {
    const parsed = parseForm(pauseFormSchema, form([['pauseDays', ' 7 ']]));
    expect(parsed.ok && parsed.data.pauseDays).toBe(7);
  });
});

describe('pauseEnd', () => {
  it('ends at the same wall-clock time N days later in the person zone', () => {
    // 18:00 in Kolkata on Fri 27 Nov 2026 → 18:00 there on Fri 4 Dec.
    const at = new Date('2026-11-27T12:30:00Z');
    expect(pauseEnd(7, 'Asia/Kolkata', at)).toBe('2026-12-04T12:30:00.000Z');
  });

  it('keeps the wall-clock time across a change of daylight saving', () => {
    // 18:00 in London on Fri 23 Oct 2026 (BST) → 18:00 GMT on Fri 30 Oct: 7 days and one hour.
    const at = new Date('2026-10-23T17:00:00Z');
    expect(pauseEnd(7, 'Europe/London', at)).toBe('2026-10-30T18:00:00.000Z');
  });

  it('gives a value the contract stores, and a pause that runs until then', () => {
    const at = new Date('2026-11-27T12:30:00Z');
    const until = pauseEnd(1, 'UTC', at);
    const reach = reachPreferencesSchema.parse({ ...DEFAULT_REACH, pausedUntil: until });
    expect(isPaused(reach, at)).toBe(true);
    expect(isPaused(reach, new Date(until))).toBe(false);
    expect(isPaused(DEFAULT_REACH, at)).toBe(false);
  });
});

describe('nextReach', () => {
  const stored = reachOf({
    persistLogin: true,
    reach: {
      channels: { messages: ['push'], inquiries: ['email'] },
      quietHours: { start: '22:00', end: '06:00' },
      pausedUntil: '2026-12-01T10:00:00.000Z',
    },
  });

  it('keeps the kinds the form did not show and the fields it did not change', () => {
    const next = nextReach(stored, { channels: { messages: [], events: ['digest'] } });
    expect(next).toEqual({
      ok: true,
      reach: {
        channels: {
          messages: [],
          events: ['digest'],
          resources: [],
          // Not chosen yet: the default (absence alerts are pushed, issue 32).
          attendance: ['push'],
          inquiries: ['email'],
        },
        quietHours: { start: '22:00', end: '06:00' },
        pausedUntil: '2026-12-01T10:00:00.000Z',
      },
    });
  });

  it('clears quiet hours and a pause when asked', () => {
    const next = nextReach(stored, { quietHours: null, pausedUntil: null });
    expect(next.ok && [next.reach.quietHours, next.reach.pausedUntil]).toEqual([null, null]);
  });

  it("refuses what the contract's schema refuses, beside the end time", () => {
    const next = nextReach(stored, { quietHours: { start: '07:00', end: '07:00' } });
    expect(next).toEqual({
      ok: false,
      errors: { quietEnd: 'Quiet hours must start and end at different times' },
    });
  });
});
