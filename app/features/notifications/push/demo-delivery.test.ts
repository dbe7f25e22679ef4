import { afterEach, describe, expect, it, vi } from 'vitest';
import { pushesFor, startDemoDelivery } from './demo-delivery';

const push = (id: string, tokens: string[], sentAt: string) => ({
  id,
  tokens,
  sentAt,
  memberUUID: 'u1',
  deviceIds: [],
  payload: { title: 'Daniel Mensah', body: `reply ${id}`, link: '/dash', tag: 't', badge: 1 },
});

describe('pushesFor', () => {
  it('keeps this device’s undelivered pushes, oldest first, and skips malformed ones', () => {
    const docs = [
      push('b', ['demo:me'], '2026-11-28T10:02:00Z'),
      push('a', ['demo:me', 'demo:other'], '2026-11-28T10:01:00Z'),
      push('c', ['demo:other'], '2026-11-28T10:03:00Z'),
      push('d', ['demo:me'], '2026-11-28T10:04:00Z'),
      { id: 'e', tokens: 'demo:me' },
    ];
    expect(pushesFor(docs, 'demo:me', new Set(['d'])).map((p) => p.id)).toEqual(['a', 'b']);
  });
});

describe('startDemoDelivery', () => {
  afterEach(() => Reflect.deleteProperty(globalThis, '__fakeFirebase'));

  it('posts each new push for this device once, and none of those already there', async () => {
    const docs = [{ id: 'old', data: push('old', ['demo:me'], '2026-11-28T09:00:00Z') }];
    let listener = null as ((event: unknown) => void) | null;
    const unsubscribe = vi.fn();
    Reflect.set(globalThis, '__fakeFirebase', {
      listDocuments: (collection: string) =>
        Promise.resolve(collection === 'demoPushes' ? [...docs] : []),
      onChange: (l: (event: unknown) => void) => {
        listener = l;
        return unsubscribe;
      },
    });
    const post = vi.fn();
    const stop = startDemoDelivery('demo:me', post);
    await vi.waitFor(() => expect(listener).not.toBeNull());
    docs.push({ id: 'new', data: push('new', ['demo:me'], '2026-11-28T10:00:00Z') });
    docs.push({ id: 'theirs', data: push('theirs', ['demo:x'], '2026-11-28T10:00:00Z') });
    listener?.({ path: 'demoPushes/new' });
    listener?.({ path: 'demoPushes/theirs' });
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    // The same change again, then a newer push: checks run in order, so once the newer one is
    // posted the repeat has been handled, and it posted nothing.
    listener?.({ path: 'demoPushes/new' });
    docs.push({ id: 'newer', data: push('newer', ['demo:me'], '2026-11-28T10:05:00Z') });
    listener?.({ path: 'demoPushes/newer' });
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    expect(post.mock.calls.map(([m]) => (m as { payload: { body: string } }).payload.body)).toEqual(
      ['reply new', 'reply newer'],
    );
    stop();
    expect(unsubscribe).toHaveBeenCalled();
  });
});
