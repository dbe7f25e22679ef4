// The notifications live query in demo mode (the test environment configures no project): polling
// through firestore/lite, plus an immediate re-query on the fake's change events.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount } from '../../mocks/demo-accounts';
import { fake } from '../../mocks/index';
import {
  deleteNotification,
  FAKE_CHANGE_EVENT,
  markNotificationRead,
  watchNotifications,
  type Notification,
} from './notifications';
import { rejectionOf, signInAs } from './test-helpers';

const parent = demoAccount('parent');
const cleanups: (() => void)[] = [];

function watch(memberUUID: string) {
  const deliveries: Notification[][] = [];
  const errors: unknown[] = [];
  const stop = watchNotifications(
    memberUUID,
    (items) => deliveries.push(items),
    (error) => errors.push(error),
  );
  cleanups.push(stop);
  return { deliveries, errors, stop, latest: () => deliveries.at(-1) };
}

function addNotification(id: string, memberUUID: string, date: string): void {
  fake.setDocument(`Notifications/${id}`, {
    notificationUUID: id,
    memberUUID,
    action: 'message',
    actionItem: 'conversations/x',
    description: `Notification ${id}`,
    date,
    status: 'active',
    isNew: true,
  });
}

beforeAll(async () => {
  await fake.reset();
  await signInAs('parent');
});

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  Reflect.deleteProperty(globalThis, '__fakeFirebase');
});

describe('watchNotifications', () => {
  it("delivers the member's active notifications, newest first, with legacy descriptions read", async () => {
    const { latest } = watch(parent.uid);
    await expect.poll(() => latest()?.length ?? 0).toBeGreaterThan(0);
    const items = latest() ?? [];
    expect(items.every((n) => n.memberUUID === parent.uid && n.status === 'active')).toBe(true);
    const dates = items.map((n) => n.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(items.every((n) => n.description.length > 0)).toBe(true);
  });

  it('re-queries within a second when the fake announces a change on the window', async () => {
    const bridge = fake.onChange(() => window.dispatchEvent(new CustomEvent(FAKE_CHANGE_EVENT)));
    cleanups.push(bridge);
    const { latest } = watch(parent.uid);
    await expect.poll(() => latest()).toBeDefined();
    addNotification('ntf-live-1', parent.uid, new Date().toISOString());
    await expect
      .poll(() => latest()?.[0]?.notificationUUID, { timeout: 1000, interval: 50 })
      .toBe('ntf-live-1');
  });

  it("also listens to the fake's own onChange hook when it is exposed on globalThis", async () => {
    Reflect.set(globalThis, '__fakeFirebase', fake);
    const { latest } = watch(parent.uid);
    await expect.poll(() => latest()).toBeDefined();
    addNotification('ntf-live-2', parent.uid, new Date(Date.now() + 1000).toISOString());
    await expect
      .poll(() => latest()?.[0]?.notificationUUID, { timeout: 1000, interval: 50 })
      .toBe('ntf-live-2');
  });

  it("never shows another member's notification", async () => {
    Reflect.set(globalThis, '__fakeFirebase', fake);
    const { latest, deliveries } = watch(parent.uid);
    await expect.poll(() => latest()).toBeDefined();
    const before = deliveries.length;
    addNotification(
      'ntf-other',
      demoAccount('student').uid,
      new Date(Date.now() + 2000).toISOString(),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(deliveries.length).toBe(before);
    expect(latest()?.some((n) => n.notificationUUID === 'ntf-other')).toBe(false);
  });

  it('stops delivering after unsubscribe', async () => {
    Reflect.set(globalThis, '__fakeFirebase', fake);
    const { deliveries, stop, latest } = watch(parent.uid);
    await expect.poll(() => latest()).toBeDefined();
    stop();
    const count = deliveries.length;
    addNotification('ntf-after-stop', parent.uid, new Date(Date.now() + 3000).toISOString());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(deliveries).toHaveLength(count);
  });
});

describe('notification state', () => {
  it('marks a notification read and then deletes it', async () => {
    addNotification('ntf-state', parent.uid, new Date().toISOString());
    const read = await markNotificationRead('ntf-state');
    expect(read.message).toBe('Document updated successfully');
    expect(fake.getDocument('Notifications/ntf-state')).toMatchObject({ isNew: false });
    const deleted = await deleteNotification('ntf-state');
    expect(deleted.message).toBe('Document deleted successfully');
    expect(fake.getDocument('Notifications/ntf-state')).toBeNull();
  });

  it('refuses to delete a notification that is still new', async () => {
    addNotification('ntf-unread', parent.uid, new Date().toISOString());
    const error = await rejectionOf(deleteNotification('ntf-unread'));
    expect(error.message).toBe('Failed to delete item');
    expect(error.code).toBe('permission-denied');
  });
});
