import { describe, expect, it } from 'vitest';
import { shouldOfferPush } from './PushOfferCard';

describe('shouldOfferPush', () => {
  const moment = {
    pathname: '/dash/messages/conv-1',
    status: 'off' as const,
    dismissed: false,
    hasSentMessage: true,
  };

  it('offers notifications on a messages page right after the person sent a message', () => {
    expect(shouldOfferPush(moment)).toBe(true);
    expect(shouldOfferPush({ ...moment, pathname: '/dash/messages' })).toBe(true);
  });

  it('waits for a message of their own', () => {
    expect(shouldOfferPush({ ...moment, hasSentMessage: false })).toBe(false);
  });

  it('stays away once dismissed, elsewhere than messages, and when the device cannot or already does', () => {
    expect(shouldOfferPush({ ...moment, dismissed: true })).toBe(false);
    expect(shouldOfferPush({ ...moment, pathname: '/dash/home' })).toBe(false);
    for (const status of ['on', 'blocked', 'unsupported', 'ios-install'] as const) {
      expect(shouldOfferPush({ ...moment, status })).toBe(false);
    }
  });
});
