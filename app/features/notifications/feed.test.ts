import { describe, expect, it, vi } from 'vitest';
import type { Notification } from '~/domain/records';
import { createNotificationFeed, type FeedDependencies } from './feed';

function note(id: string, date: string, overrides: Partial<Notification> = {}): Notification {
  return {
    id,
    notificationUUID: id,
    memberUUID: 'm1',
    action: 'event',
    actionItem: 'events/e1',
    description: `Notification ${id}`,
    date,
    status: 'active',
    isNew: true,
    ...overrides,
  };
}

/** A feed over a hand-driven live query. */
function setup(overrides: Partial<FeedDependencies> = {}) {
  let deliver: (items: Notification[]) => void = () => {};
  let failQuery: (error: unknown) => void = () => {};
  const unwatch = vi.fn();
  const deps: FeedDependencies = {
    watch: vi.fn((_member, onChange, onError) => {
      deliver = onChange;
      failQuery = onError;
      return unwatch;
    }),
    markRead: vi.fn(async () => true),
    remove: vi.fn(async () => true),
    onMessageArrived: vi.fn(),
    ...overrides,
  };
  const feed = createNotificationFeed(deps);
  return {
    feed,
    deps,
    unwatch,
    deliver: (items: Notification[]) => deliver(items),
    failQuery: (error: unknown) => failQuery(error),
  };
}

const ids = (items: readonly { id: string }[]) => items.map((item) => item.id);

describe('the notifications feed', () => {
  it('lists the live query’s answer newest first and counts the new ones', () => {
    const { feed, deliver } = setup();
    feed.start('m1');
    expect(feed.getState().status).toBe('waiting');
    deliver([
      note('a', '2024-03-01T08:00:00.000Z'),
      note('b', '2024-03-03T08:00:00.000Z', { isNew: false }),
      note('c', '2024-03-02T08:00:00.000Z'),
    ]);
    const state = feed.getState();
    expect(state.status).toBe('live');
    expect(ids(state.items)).toEqual(['b', 'c', 'a']);
    expect(state.newCount).toBe(2);
    expect(state.readCount).toBe(1);
  });

  it('shows a notification marked read as read at once, before the live query confirms it', async () => {
    const { feed, deps, deliver } = setup();
    feed.start('m1');
    deliver([note('a', '2024-03-01T08:00:00.000Z'), note('b', '2024-03-02T08:00:00.000Z')]);
    await feed.markRead('a');
    expect(deps.markRead).toHaveBeenCalledWith(['a']);
    expect(feed.find('a')?.isNew).toBe(false);
    expect(feed.getState().newCount).toBe(1);

    // A poll that still has the old value does not undo it.
    deliver([note('a', '2024-03-01T08:00:00.000Z'), note('b', '2024-03-02T08:00:00.000Z')]);
    expect(feed.find('a')?.isNew).toBe(false);
  });

  it('keeps a deleted notification hidden until the live query no longer has it', async () => {
    const { feed, deliver } = setup();
    feed.start('m1');
    const read = note('a', '2024-03-01T08:00:00.000Z', { isNew: false });
    deliver([read, note('b', '2024-03-02T08:00:00.000Z')]);
    expect(await feed.deleteRead()).toBe(1);
    expect(ids(feed.getState().items)).toEqual(['b']);
    deliver([read, note('b', '2024-03-02T08:00:00.000Z')]);
    expect(ids(feed.getState().items)).toEqual(['b']);
    deliver([note('b', '2024-03-02T08:00:00.000Z')]);
    expect(ids(feed.getState().items)).toEqual(['b']);
  });

  it('takes its overlay back when the write could not be stored', async () => {
    const { feed, deliver } = setup({ markRead: vi.fn(async () => false) });
    feed.start('m1');
    deliver([note('a', '2024-03-01T08:00:00.000Z')]);
    expect(await feed.markAllRead()).toBeNull();
    expect(feed.find('a')?.isNew).toBe(true);
  });

  it('drops the overlay of a write the backend refused, so the list shows the truth', async () => {
    const { feed, deliver } = setup();
    feed.start('m1');
    deliver([note('a', '2024-03-01T08:00:00.000Z')]);
    await feed.markRead('a');
    feed.forgetFailed(['a']);
    expect(feed.find('a')?.isNew).toBe(true);
  });

  it('marks every new one read and deletes only the read ones', async () => {
    const { feed, deps, deliver } = setup();
    feed.start('m1');
    deliver([
      note('a', '2024-03-01T08:00:00.000Z'),
      note('b', '2024-03-02T08:00:00.000Z', { isNew: false }),
      note('c', '2024-03-03T08:00:00.000Z'),
    ]);
    expect(await feed.deleteRead()).toBe(1);
    expect(deps.remove).toHaveBeenCalledWith(['b']);
    expect(await feed.markAllRead()).toBe(2);
    expect(deps.markRead).toHaveBeenCalledWith(['c', 'a']);
    expect(feed.getState()).toMatchObject({ newCount: 0, readCount: 0, readPendingCount: 2 });
  });

  it('deletes a notification marked read only once the backend holds it as read', async () => {
    const { feed, deps, deliver } = setup();
    feed.start('m1');
    deliver([note('a', '2024-03-01T08:00:00.000Z')]);
    await feed.markAllRead();
    // Queued after the unsynced mark-read, the delete would be merged into a lone, refused delete.
    expect(await feed.deleteRead()).toBe(0);
    expect(deps.remove).not.toHaveBeenCalled();
    deliver([note('a', '2024-03-01T08:00:00.000Z', { isNew: false })]);
    expect(feed.getState()).toMatchObject({ readCount: 1, readPendingCount: 0 });
    expect(await feed.deleteRead()).toBe(1);
    expect(feed.getState().items).toEqual([]);
  });

  it('refreshes the inbox when a message notification arrives that was not there before', () => {
    const { feed, deps, deliver } = setup();
    feed.start('m1');
    const old = note('m-old', '2024-03-01T08:00:00.000Z', { action: 'message' });
    deliver([old]);
    expect(deps.onMessageArrived).not.toHaveBeenCalled();
    deliver([old, note('e-new', '2024-03-02T08:00:00.000Z')]);
    expect(deps.onMessageArrived).not.toHaveBeenCalled();
    deliver([old, note('m-new', '2024-03-03T08:00:00.000Z', { action: 'message' })]);
    expect(deps.onMessageArrived).toHaveBeenCalledTimes(1);
  });

  it('ignores answers of a query it has stopped, and forgets everything on stop', () => {
    const { feed, deliver, unwatch } = setup();
    const stop = feed.start('m1');
    deliver([note('a', '2024-03-01T08:00:00.000Z')]);
    stop();
    expect(unwatch).toHaveBeenCalled();
    expect(feed.getState().items).toEqual([]);
    deliver([note('b', '2024-03-01T08:00:00.000Z')]);
    expect(feed.getState().status).toBe('idle');
  });

  it('waits for the first answer before it says whether a notification is the person’s', async () => {
    const lookup = vi.fn(async () => null);
    const { feed, deliver } = setup({ lookup });
    feed.start('m1');
    const pending = feed.resolve('a');
    deliver([note('a', '2024-03-01T08:00:00.000Z')]);
    await expect(pending).resolves.toMatchObject({ kind: 'found', notification: { id: 'a' } });
    await expect(feed.resolve('someone-elses')).resolves.toEqual({ kind: 'notFound' });
    expect(lookup).toHaveBeenCalledWith('someone-elses', 'm1');
  });

  it('treats a refused read like a missing one, and a notification of another member as not found', async () => {
    const lookup = vi
      .fn<NonNullable<FeedDependencies['lookup']>>()
      .mockRejectedValueOnce(new Error('permission-denied'))
      .mockResolvedValueOnce(note('x', '2024-03-01T08:00:00.000Z', { memberUUID: 'm2' }))
      .mockResolvedValueOnce(note('y', '2024-03-01T08:00:00.000Z', { status: 'archived' }));
    const { feed, deliver } = setup({ lookup });
    feed.start('m1');
    deliver([]);
    await expect(feed.resolve('x')).resolves.toEqual({ kind: 'notFound' });
    await expect(feed.resolve('x')).resolves.toEqual({ kind: 'notFound' });
    await expect(feed.resolve('y')).resolves.toMatchObject({ kind: 'found' });
  });

  it('says a notification is unavailable while offline rather than not found', async () => {
    const lookup = vi.fn(async () => {
      throw new Error('offline');
    });
    const { feed, failQuery } = setup({ lookup });
    feed.start('m1');
    failQuery(new Error('offline'));
    expect(feed.getState().status).toBe('failing');
    await expect(feed.resolve('a')).resolves.toEqual({ kind: 'unavailable' });
  });
});
