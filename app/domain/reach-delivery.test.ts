// planDelivery: which channels a notice takes at a given instant, in the campus's zone (issue 31).
// Every case passes a fixed `now`; zones are London (changes its clocks) and Tokyo (does not).
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REACH,
  planDelivery,
  quietHoursEnd,
  reachOf,
  type ReachPreferences,
} from './reach';

const LONDON = 'Europe/London';
const TOKYO = 'Asia/Tokyo';

const prefs = (overrides: Partial<ReachPreferences>): ReachPreferences => ({
  ...DEFAULT_REACH,
  ...overrides,
  channels: { ...DEFAULT_REACH.channels, ...overrides.channels },
});

const at = (iso: string) => new Date(iso);

describe('planDelivery', () => {
  it('sends the defaults: messages by push now, everything else in the app only', () => {
    const now = at('2026-11-28T12:00:00Z');
    expect(planDelivery(DEFAULT_REACH, 'messages', now, LONDON)).toEqual({
      push: { when: 'now' },
      email: false,
      digest: false,
    });
    expect(planDelivery(DEFAULT_REACH, 'events', now, LONDON)).toEqual({
      push: null,
      email: false,
      digest: false,
    });
  });

  it('gives each kind the channels the person chose', () => {
    const reach = prefs({ channels: { events: ['email', 'digest'], resources: ['push'] } });
    const now = at('2026-11-28T12:00:00Z');
    expect(planDelivery(reach, 'events', now, TOKYO)).toEqual({
      push: null,
      email: true,
      digest: true,
    });
    expect(planDelivery(reach, 'resources', now, TOKYO).push).toEqual({ when: 'now' });
  });

  it('reaches nobody but the feed while paused, and again once the pause ends', () => {
    const reach = prefs({
      channels: { messages: ['push', 'email'] },
      pausedUntil: '2026-12-01T00:00:00Z',
    });
    expect(planDelivery(reach, 'messages', at('2026-11-30T23:59:00Z'), LONDON)).toEqual({
      push: null,
      email: false,
      digest: false,
    });
    expect(planDelivery(reach, 'messages', at('2026-12-01T00:00:00Z'), LONDON)).toEqual({
      push: { when: 'now' },
      email: true,
      digest: false,
    });
  });

  it('holds a push in quiet hours that cross midnight until their end, in the campus’s zone', () => {
    const reach = prefs({
      channels: { messages: ['push', 'email'] },
      quietHours: { start: '21:00', end: '07:00' },
    });
    // 22:30 in Tokyo (UTC+9) is 13:30 UTC; the end is 07:00 Tokyo the next morning, 22:00 UTC.
    expect(planDelivery(reach, 'messages', at('2026-11-28T13:30:00Z'), TOKYO)).toEqual({
      push: { when: 'held', until: '2026-11-28T22:00:00.000Z' },
      email: true,
      digest: false,
    });
    // 05:00 in Tokyo: the end is the same morning.
    expect(planDelivery(reach, 'messages', at('2026-11-28T20:00:00Z'), TOKYO).push).toEqual({
      when: 'held',
      until: '2026-11-28T22:00:00.000Z',
    });
    // 13:30 in London is outside them; the same instant is 22:30 in Tokyo, inside.
    expect(planDelivery(reach, 'messages', at('2026-11-28T13:30:00Z'), LONDON).push).toEqual({
      when: 'now',
    });
    // The end itself is no longer quiet.
    expect(planDelivery(reach, 'messages', at('2026-11-28T22:00:00Z'), TOKYO).push).toEqual({
      when: 'now',
    });
  });

  it('holds a push in quiet hours within one day', () => {
    const reach = prefs({ quietHours: { start: '12:00', end: '14:00' } });
    expect(planDelivery(reach, 'messages', at('2026-11-28T12:30:00Z'), LONDON).push).toEqual({
      when: 'held',
      until: '2026-11-28T14:00:00.000Z',
    });
    expect(planDelivery(reach, 'messages', at('2026-11-28T11:59:00Z'), LONDON).push).toEqual({
      when: 'now',
    });
  });

  it('ends quiet hours at the wall time across a change of clocks', () => {
    const quiet = { start: '22:00', end: '07:00' };
    // London springs forward on 29 March 2026 (01:00 GMT becomes 02:00 BST): 23:00 GMT on the 28th
    // is held until 07:00 BST on the 29th, 06:00 UTC, seven hours later rather than eight.
    expect(quietHoursEnd(quiet, at('2026-03-28T23:00:00Z'), LONDON)?.toISOString()).toBe(
      '2026-03-29T06:00:00.000Z',
    );
    // And falls back on 25 October 2026: 07:00 GMT on the 25th is 07:00 UTC.
    expect(quietHoursEnd(quiet, at('2026-10-24T22:00:00Z'), LONDON)?.toISOString()).toBe(
      '2026-10-25T07:00:00.000Z',
    );
    // Tokyo keeps its clocks: the same night ends at 07:00 JST, 22:00 UTC.
    expect(quietHoursEnd(quiet, at('2026-03-28T14:00:00Z'), TOKYO)?.toISOString()).toBe(
      '2026-03-28T22:00:00.000Z',
    );
  });

  it('falls back to the defaults when stored preferences do not parse', () => {
    const plan = planDelivery(
      reachOf({ reach: { channels: { messages: ['sms'] } } }),
      'messages',
      at('2026-11-28T12:00:00Z'),
      LONDON,
    );
    expect(plan).toEqual({ push: { when: 'now' }, email: false, digest: false });
  });
});
