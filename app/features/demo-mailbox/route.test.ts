// The demo mailbox exists in demo builds only: in production its route answers 404 before it asks
// who is signed in or touches any fake.
import { afterEach, describe, expect, it, vi } from 'vitest';

const runtime = vi.hoisted(() => ({ mode: 'production' as 'demo' | 'production' }));
const requireUser = vi.hoisted(() => vi.fn(async () => ({ uid: 'u1', roles: ['parent'] })));

vi.mock('~/config/env', () => ({ getRuntimeConfig: () => ({ mode: runtime.mode }) }));
vi.mock('~/auth/guards', () => ({ requireUser }));

afterEach(() => {
  requireUser.mockClear();
  Reflect.deleteProperty(globalThis, '__fakeFirebase');
});

async function load(): Promise<unknown> {
  const { clientLoader } = await import('~/routes/_dash.dash.demo-mailbox');
  const request = new Request('http://localhost/dash/demo-mailbox');
  return clientLoader({ request, params: {}, serverLoader: async () => undefined } as never);
}

describe('the demo mailbox route', () => {
  it('is a 404 in production', async () => {
    runtime.mode = 'production';
    const thrown = await load().then(
      () => null,
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
    expect(requireUser).not.toHaveBeenCalled();
  });

  it('reads the outbox for anyone signed in to a demo build', async () => {
    runtime.mode = 'demo';
    Reflect.set(globalThis, '__fakeFirebase', {
      listDocuments: async (collection: string) =>
        collection === 'mail'
          ? [
              {
                id: 'm1',
                data: {
                  to: ['a@example.com'],
                  message: { subject: 'Hi', text: 'Hi', html: '<p>Hi</p>' },
                  kind: 'notice',
                  createdAt: '2026-11-28T09:00:00.000Z',
                },
              },
            ]
          : [],
      onChange: () => () => undefined,
    });
    const data = (await load()) as { items: Array<{ subject: string }> | null };
    expect(requireUser).toHaveBeenCalledOnce();
    expect(data.items?.map((item) => item.subject)).toEqual(['Hi']);
  });
});
