// The member's outbox key (decision 051): what seals their pending changes on a device that is not
// remembered. It lives in their own Members document (`outboxKey`, written once, when absent, by the
// member; nobody changes it afterwards) and, during a session, in memory, in this tab's
// sessionStorage, and in localStorage wrapped with the browser session's secret (a session cookie,
// browser-session.ts), so a second tab of the same browser session, offline too, opens and seals
// the same queue. Never in the clear in localStorage or IndexedDB: there it would sit beside what
// it protects; wrapped, it is useless once the browser session (its cookie) is over.
import { getMember, MEMBERS_COLLECTION, updateDocument } from '~/backend/documents';
import {
  importOutboxKey,
  newOutboxKeyText,
  sealedPayloadSchema,
  unwrapOutboxKey,
  wrapOutboxKey,
  type OutboxSealing,
} from '~/data/outbox-seal';
import { browserSessionSecret, OUTBOX_KEY_WRAPPED_KEY, signInRemembered } from './browser-session';
import { firebaseUserInIndexedDb } from './session-hint';
import type { SessionUser } from './session-user';

/** This tab's copy of the signed-in member's key: `<uid>:<key>`. */
export const OUTBOX_KEY_SESSION_KEY = 'lc-outbox-key';

function cachedKey(uid: string): string | null {
  try {
    const value = sessionStorage.getItem(OUTBOX_KEY_SESSION_KEY);
    return value?.startsWith(`${uid}:`) ? value.slice(uid.length + 1) : null;
  } catch {
    return null;
  }
}

function cacheKey(uid: string, key: string): void {
  try {
    sessionStorage.setItem(OUTBOX_KEY_SESSION_KEY, `${uid}:${key}`);
  } catch {
    // Without it, a reload while offline cannot seal: the changes then stay in the clear until
    // the next start cleans the device (decision 051 says so).
  }
}

/** The key kept for this browser session by any of its tabs, when it is the member's. */
async function browserSessionKey(uid: string): Promise<string | null> {
  const secret = browserSessionSecret();
  if (!secret) return null;
  try {
    const stored = localStorage.getItem(OUTBOX_KEY_WRAPPED_KEY);
    const parsed = sealedPayloadSchema.safeParse(stored ? JSON.parse(stored) : null);
    if (!parsed.success || parsed.data.owner !== uid) return null;
    return await unwrapOutboxKey(secret, parsed.data);
  } catch {
    return null;
  }
}

/** Keeps the key, wrapped, for the other tabs of this browser session (none without its cookie). */
async function keepForBrowserSession(uid: string, key: string): Promise<void> {
  const secret = browserSessionSecret();
  if (!secret || (await browserSessionKey(uid)) === key) return;
  try {
    localStorage.setItem(
      OUTBOX_KEY_WRAPPED_KEY,
      JSON.stringify(await wrapOutboxKey(secret, uid, key)),
    );
  } catch {
    // Without it, another tab opened offline cannot seal: its changes stay in the clear until the
    // next start cleans the device (decision 051 says so).
  }
}

/** Writes a new key on the member's own profile; if another tab won the race, theirs is used. */
async function createKey(uid: string): Promise<string | null> {
  const key = newOutboxKeyText();
  try {
    await updateDocument(MEMBERS_COLLECTION, uid, { outboxKey: key });
    return key;
  } catch (error) {
    const stored = await getMember(uid).catch(() => null);
    if (stored?.outboxKey) return stored.outboxKey;
    console.warn('Could not store the outbox key', error);
    return null;
  }
}

export interface SealingDeps {
  remembered?: () => Promise<boolean>;
  /** Reads the stored key again (the session's member may be from before the key was written). */
  readStoredKey?: (uid: string) => Promise<string | null>;
  createKey?: (uid: string) => Promise<string | null>;
}

/**
 * How the person's pending changes are sealed on this device: always opened with their key when
 * it is at hand (a remembered sign-in after a shared-computer one sends what was left), and
 * written sealed when the session is not remembered (the key is created then if the member has
 * none yet).
 */
export async function outboxSealingFor(
  user: Pick<SessionUser, 'uid' | 'member'>,
  deps: SealingDeps = {},
): Promise<OutboxSealing> {
  const remembered = await (deps.remembered ?? (() => signInRemembered(firebaseUserInIndexedDb)))();
  let text = user.member?.outboxKey ?? cachedKey(user.uid) ?? (await browserSessionKey(user.uid));
  if (!text && !remembered) {
    // The session's profile has none, or could not be read (then ask once more before creating).
    const read =
      deps.readStoredKey ??
      ((uid: string) => getMember(uid).then((member) => member?.outboxKey ?? null));
    if (!user.member) text = await read(user.uid).catch(() => null);
    text ??= await (deps.createKey ?? createKey)(user.uid);
  }
  let key: CryptoKey | null = null;
  if (text) {
    key = await importOutboxKey(text).catch(() => null);
    if (key && !remembered) {
      cacheKey(user.uid, text);
      await keepForBrowserSession(user.uid, text);
    }
  }
  return { owner: user.uid, key, seal: !remembered };
}
