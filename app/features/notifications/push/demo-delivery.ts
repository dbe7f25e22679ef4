// Demo mode's push service (issue 31): the fake records every push it "sends" in `demoPushes`; this
// watches that collection through `globalThis.__fakeFirebase` (app code never imports mocks/) and
// posts each push addressed to this device's `demo:<deviceId>` token, once, to the app's own
// service worker as 'demo-push', which shows it exactly as a real push. Loaded with a dynamic import
// in demo builds only.
import { z } from 'zod';
import { DEMO_PUSH_MESSAGE } from './payload';

const DEMO_PUSHES = 'demoPushes';

export const demoPushSchema = z
  .object({
    id: z.string(),
    tokens: z.array(z.string()),
    payload: z.record(z.unknown()),
    sentAt: z.string().optional(),
  })
  .passthrough();
export type DemoPush = z.infer<typeof demoPushSchema>;

/** The pushes of `documents` addressed to `token` and not delivered yet, oldest first. */
export function pushesFor(
  documents: readonly unknown[],
  token: string,
  delivered: ReadonlySet<string>,
): DemoPush[] {
  return documents
    .map((doc) => demoPushSchema.safeParse(doc))
    .flatMap((parsed) => (parsed.success ? [parsed.data] : []))
    .filter((push) => push.tokens.includes(token) && !delivered.has(push.id))
    .sort((a, b) => (a.sentAt ?? '').localeCompare(b.sentAt ?? ''));
}

interface FakeHandle {
  listDocuments(collection: string): unknown;
  onChange(listener: (event: unknown) => void): unknown;
}

function fakeHandle(): FakeHandle | null {
  const fake: unknown = Reflect.get(globalThis, '__fakeFirebase');
  if (typeof fake !== 'object' || fake === null) return null;
  const list: unknown = Reflect.get(fake, 'listDocuments');
  const onChange: unknown = Reflect.get(fake, 'onChange');
  if (typeof list !== 'function' || typeof onChange !== 'function') return null;
  return {
    listDocuments: (collection) => Reflect.apply(list, fake, [collection]),
    onChange: (listener) => Reflect.apply(onChange, fake, [listener]),
  };
}

/** A document listing's items with their ids (the fake may give `{ id, data }` or flat records). */
function withIds(listing: unknown): unknown[] {
  if (!Array.isArray(listing)) return [];
  return listing.map((item: unknown) => {
    if (typeof item !== 'object' || item === null) return item;
    const data: unknown = Reflect.get(item, 'data');
    const id: unknown = Reflect.get(item, 'id');
    return typeof data === 'object' && data !== null ? { ...data, id } : item;
  });
}

/**
 * Delivers this device's demo pushes to `post` (the service worker) from now on: the ones already
 * in the fake when it starts are remembered as delivered, so a reload does not show them again.
 * Returns the stop function.
 */
export function startDemoDelivery(
  token: string,
  post: (message: { type: string; payload: unknown }) => void,
): () => void {
  const fake = fakeHandle();
  if (!fake) return () => undefined;
  const delivered = new Set<string>();
  let stopped = false;
  let first = true;
  let running = Promise.resolve();
  const check = () => {
    running = running.then(async () => {
      if (stopped) return;
      const documents = withIds(await fake.listDocuments(DEMO_PUSHES));
      for (const push of pushesFor(documents, token, delivered)) {
        delivered.add(push.id);
        if (!first) post({ type: DEMO_PUSH_MESSAGE, payload: push.payload });
      }
      first = false;
    });
    running = running.catch((error: unknown) => console.warn('Demo push check failed', error));
  };
  check();
  const unsubscribe: unknown = fake.onChange((event: unknown) => {
    const path: unknown =
      typeof event === 'object' && event !== null ? Reflect.get(event, 'path') : null;
    if (typeof path !== 'string' || path.startsWith(`${DEMO_PUSHES}/`)) check();
  });
  return () => {
    stopped = true;
    if (typeof unsubscribe === 'function') Reflect.apply(unsubscribe, undefined, []);
  };
}
