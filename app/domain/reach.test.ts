// The reach preferences as stored on a person's own Members document: what parses, what is
// refused, and the defaults anyone who chose nothing (or whose stored value no longer parses) gets.
import { describe, expect, it } from 'vitest';
import { channelsFor, DEFAULT_REACH, reachOf, reachPreferencesSchema } from './reach';

describe('reachPreferencesSchema', () => {
  it('accepts channels per kind, quiet hours and a pause', () => {
    const stored = {
      channels: { messages: ['push', 'email'], events: ['digest'] },
      quietHours: { start: '21:00', end: '07:00' },
      pausedUntil: '2026-12-01T00:00:00+05:30',
    };
    expect(reachPreferencesSchema.parse(stored)).toEqual(stored);
  });

  it.each([
    [
      'an unknown channel',
      { channels: { messages: ['sms'] }, quietHours: null, pausedUntil: null },
    ],
    ['an unknown kind', { channels: { grades: ['push'] }, quietHours: null, pausedUntil: null }],
    [
      'a channel twice',
      { channels: { events: ['push', 'push'] }, quietHours: null, pausedUntil: null },
    ],
    [
      'a time past 23:59',
      { channels: {}, quietHours: { start: '24:00', end: '07:00' }, pausedUntil: null },
    ],
    [
      'empty quiet hours',
      { channels: {}, quietHours: { start: '07:00', end: '07:00' }, pausedUntil: null },
    ],
    [
      'a pause without a zone',
      { channels: {}, quietHours: null, pausedUntil: '2026-12-01T00:00:00' },
    ],
    ['an extra key', { channels: {}, quietHours: null, pausedUntil: null, note: 'x' }],
  ])('refuses %s', (_label, stored) => {
    expect(reachPreferencesSchema.safeParse(stored).success).toBe(false);
  });
});

describe('reachOf', () => {
  it('gives messages by push and everything else in the app only to someone who chose nothing', () => {
    expect(reachOf({ persistLogin: true })).toEqual(DEFAULT_REACH);
    expect(reachOf(undefined)).toEqual(DEFAULT_REACH);
    expect(channelsFor(reachOf(null), 'messages')).toEqual(['push']);
    expect(channelsFor(reachOf(null), 'events')).toEqual([]);
  });

  it('fills kinds the person did not set from the defaults', () => {
    const reach = reachOf({
      reach: { channels: { events: ['email'] }, quietHours: null, pausedUntil: null },
    });
    expect(channelsFor(reach, 'events')).toEqual(['email']);
    expect(channelsFor(reach, 'messages')).toEqual(['push']);
  });

  it('falls back to the defaults when the stored value no longer parses', () => {
    expect(reachOf({ reach: { channels: { messages: ['fax'] } } })).toEqual(DEFAULT_REACH);
  });

  it('keeps a choice of no channel at all for messages', () => {
    const reach = reachOf({
      reach: { channels: { messages: [] }, quietHours: null, pausedUntil: null },
    });
    expect(channelsFor(reach, 'messages')).toEqual([]);
  });
});

describe('DEFAULT_REACH', () => {
  it('holds no digest, so the digest job may query only the members who chose one', () => {
    for (const channels of Object.values(DEFAULT_REACH.channels)) {
      expect(channels).not.toContain('digest');
    }
  });
});
