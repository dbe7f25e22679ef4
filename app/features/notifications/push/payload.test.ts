import { describe, expect, it } from 'vitest';
import {
  demoMessage,
  notificationOptions,
  parsePushPayload,
  pushReceivedAction,
  PUSH_RECEIVED_MESSAGE,
  safeLink,
  visibleAppWindow,
  windowForClick,
} from './payload';

const ORIGIN = 'https://school.example';
const ours = {
  title: 'Daniel Mensah',
  body: 'See you at pick-up',
  link: '/dash/messages/c1?notification=n1',
  tag: 'conversation:c1',
  badge: 3,
};

describe('parsePushPayload', () => {
  it('reads our flat payload, from a string or an object', () => {
    expect(parsePushPayload(JSON.stringify(ours), ORIGIN)).toEqual(ours);
    expect(parsePushPayload(ours, ORIGIN)).toEqual(ours);
  });

  it("reads FCM's notification + data shape, with a string badge", () => {
    const fcm = {
      notification: { title: 'Daniel Mensah', body: 'See you at pick-up' },
      data: { link: ours.link, tag: ours.tag, badge: '3' },
    };
    expect(parsePushPayload(JSON.stringify(fcm), ORIGIN)).toEqual(ours);
  });

  it("takes FCM's fcmOptions.link when the data has none", () => {
    const fcm = { notification: { title: 'T', body: 'B' }, fcmOptions: { link: '/dash/home' } };
    expect(parsePushPayload(fcm, ORIGIN)).toMatchObject({ link: '/dash/home', badge: null });
  });

  it('refuses what is not JSON or says nothing', () => {
    expect(parsePushPayload('not json', ORIGIN)).toBeNull();
    expect(parsePushPayload('{}', ORIGIN)).toBeNull();
    expect(parsePushPayload({ title: 5 }, ORIGIN)).toBeNull();
  });

  it('never keeps a link to another site', () => {
    expect(parsePushPayload({ ...ours, link: 'https://evil.example/x' }, ORIGIN)?.link).toBe(
      '/dash/notifications',
    );
    expect(safeLink(`${ORIGIN}/dash/home?a=1#b`, ORIGIN)).toBe('/dash/home?a=1#b');
    expect(safeLink('javascript:alert(1)', ORIGIN)).toBe('/dash/notifications');
  });

  it('tags a push without a tag by its link, so the same notice still collapses', () => {
    const { tag: _tag, ...untagged } = ours;
    expect(parsePushPayload(untagged, ORIGIN)?.tag).toBe(`link:${ours.link}`);
  });
});

describe('visibleAppWindow', () => {
  const win = (url: string, visibilityState: DocumentVisibilityState, focused: boolean) => ({
    url,
    visibilityState,
    focused,
  });

  it('is the visible, focused dashboard window', () => {
    const target = win(`${ORIGIN}/dash/home`, 'visible', true);
    expect(visibleAppWindow([win(`${ORIGIN}/dash/x`, 'hidden', false), target], ORIGIN)).toBe(
      target,
    );
  });

  it('is none when the app is hidden, unfocused, signed out or another origin', () => {
    expect(visibleAppWindow([win(`${ORIGIN}/dash/home`, 'hidden', false)], ORIGIN)).toBeNull();
    expect(visibleAppWindow([win(`${ORIGIN}/dash/home`, 'visible', false)], ORIGIN)).toBeNull();
    expect(visibleAppWindow([win(`${ORIGIN}/login`, 'visible', true)], ORIGIN)).toBeNull();
    expect(
      visibleAppWindow([win('https://other.example/dash', 'visible', true)], ORIGIN),
    ).toBeNull();
    expect(visibleAppWindow([], ORIGIN)).toBeNull();
  });
});

describe('windowForClick', () => {
  const a = { url: `${ORIGIN}/dash/home`, visibilityState: 'hidden' as const, focused: false };
  const b = { url: `${ORIGIN}/dash/messages`, visibilityState: 'visible' as const, focused: true };
  const at = { url: `${ORIGIN}${ours.link}`, visibilityState: 'hidden' as const, focused: false };

  it('prefers a window already at the link, then a focused one, then any', () => {
    expect(windowForClick([a, b, at], ours.link, ORIGIN)).toBe(at);
    expect(windowForClick([a, b], ours.link, ORIGIN)).toBe(b);
    expect(windowForClick([a], ours.link, ORIGIN)).toBe(a);
  });

  it('opens a new window when none of the app is open', () => {
    expect(windowForClick([], ours.link, ORIGIN)).toBeNull();
    expect(windowForClick([{ ...b, url: 'https://other.example/' }], ours.link, ORIGIN)).toBeNull();
  });
});

describe('notificationOptions', () => {
  it('tags by conversation, renotifies and carries the link', () => {
    expect(notificationOptions(ours)).toMatchObject({
      body: ours.body,
      tag: 'conversation:c1',
      renotify: true,
      data: { link: ours.link },
    });
  });
});

describe('demoMessage', () => {
  it('accepts demo-push and demo-click only', () => {
    expect(demoMessage({ type: 'demo-push', payload: ours })).toEqual({
      type: 'demo-push',
      payload: ours,
    });
    expect(demoMessage({ type: 'demo-click', payload: '/dash/x' })?.type).toBe('demo-click');
    expect(demoMessage({ type: 'SKIP_WAITING' })).toBeNull();
    expect(demoMessage('demo-push')).toBeNull();
  });
});

describe('pushReceivedAction', () => {
  const origin = 'https://centre.example';
  const push = {
    title: 'Daniel Mensah',
    body: 'See you tomorrow',
    link: '/dash/messages/c1?notification=n1',
    tag: 'conversation:c1',
    badge: 2,
  };

  it('fetches the inbox sooner for a message handed to an open window', () => {
    expect(pushReceivedAction({ type: PUSH_RECEIVED_MESSAGE, payload: push }, origin)).toEqual({
      refreshInbox: true,
    });
  });

  it('leaves other notices to the live feed', () => {
    expect(
      pushReceivedAction(
        { type: PUSH_RECEIVED_MESSAGE, payload: { ...push, tag: 'notification:n2' } },
        origin,
      ),
    ).toEqual({ refreshInbox: false });
  });

  it('ignores other messages and payloads that do not parse', () => {
    expect(pushReceivedAction({ type: 'push-badge', badge: 2 }, origin)).toBeNull();
    expect(
      pushReceivedAction({ type: PUSH_RECEIVED_MESSAGE, payload: { badge: 2 } }, origin),
    ).toBeNull();
    expect(pushReceivedAction('push-received', origin)).toBeNull();
    expect(pushReceivedAction(null, origin)).toBeNull();
  });
});
