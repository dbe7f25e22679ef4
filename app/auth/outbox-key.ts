// The member's outbox key (decision 051): what seals their pending changes on a device that is not
// remembered. It lives in their own Members document (`outboxKey`, written once, when absent, by the
// member; nobody changes it afterwards) and, during a session, in memory and this tab's
// sessionStorage (a reload of the tab while offline still seals and opens). Never in localStorage
// or IndexedDB: there it would sit beside what it protects.
import { getMember, MEMBERS_COLLECTION, updateDocument } from '~/backend/documents';
import { importOutboxKey, newOutboxKeyText, type OutboxSealing } from '~/data/outbox-seal';
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
  const remembered = await (deps.remembered ?? firebaseUserInIndexedDb)();
  let text = user.member?.outboxKey ?? cachedKey(user.uid);
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
    if (key && !remembered) cacheKey(user.uid, text);
  }
  return { owner: user.uid, key, seal: !remembered };
}
