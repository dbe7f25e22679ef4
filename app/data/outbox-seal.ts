// Sealed pending changes (decision 051): on a shared computer ("Keep me signed in" off) the queue of
// changes not yet sent is the one piece of a person's data that outlives the browser session, so it
// is written encrypted (AES-GCM, WebCrypto) with the member's own key. The key lives in the member's
// Members document (`outboxKey`, base64url of 32 random bytes) and, while the session lasts, in
// memory, or on disk only wrapped with the browser session's secret (a session cookie): once the
// browser session is over, nothing on disk opens the sealed queue. The collection name and the
// owner's uid stay readable (they say whose queue it is, not what is in it).
import { z } from 'zod';

/** Bytes of an outbox key (AES-256). */
export const OUTBOX_KEY_BYTES = 32;
const IV_BYTES = 12;

/** How a database seals its queues for the person it is open for. */
export interface OutboxSealing {
  /** The uid of the person the database is open for. */
  owner: string;
  /** Their outbox key, or null when it could not be had (then nothing sealed can be opened). */
  key: CryptoKey | null;
  /** Write queues sealed (a session that is not remembered); reading opens sealed ones either way. */
  seal: boolean;
}

export const sealedPayloadSchema = z.object({
  v: z.literal(1),
  owner: z.string().min(1),
  iv: z.string(),
  data: z.string(),
});
export type SealedPayload = z.infer<typeof sealedPayloadSchema>;

function toBase64Url(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A new outbox key as stored in the Members document: base64url of 32 random bytes. */
export function newOutboxKeyText(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(OUTBOX_KEY_BYTES)));
}

/** The CryptoKey of a stored outbox key; rejects a key of the wrong length. */
export async function importOutboxKey(text: string): Promise<CryptoKey> {
  const raw = fromBase64Url(text);
  if (raw.length !== OUTBOX_KEY_BYTES) throw new Error('The outbox key has the wrong length');
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

/** The collection and owner are bound into the ciphertext: a sealed queue cannot be moved. */
function additionalData(owner: string, collection: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`lc-outbox:1:${owner}:${collection}`);
}

export async function sealChanges(
  key: CryptoKey,
  owner: string,
  collection: string,
  changes: readonly unknown[],
): Promise<SealedPayload> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const plain = new TextEncoder().encode(JSON.stringify(changes));
  const cipher = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: additionalData(owner, collection) },
    key,
    plain,
  );
  return { v: 1, owner, iv: toBase64Url(iv), data: toBase64Url(new Uint8Array(cipher)) };
}

/** The changes inside a sealed queue, or null when this key cannot open it (another person's). */
export async function openSealedChanges(
  key: CryptoKey,
  collection: string,
  sealed: SealedPayload,
): Promise<unknown[] | null> {
  try {
    const plain = await crypto.subtle.decrypt(
      {
        name: 'AES-GCM',
        iv: fromBase64Url(sealed.iv),
        additionalData: additionalData(sealed.owner, collection),
      },
      key,
      fromBase64Url(sealed.data),
    );
    const parsed = z.array(z.unknown()).safeParse(JSON.parse(new TextDecoder().decode(plain)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Bound in as the "collection" of a wrapped key: no queue is named so. */
const WRAPPED_KEY_PURPOSE = '~outbox-key~';

/**
 * Wraps a person's outbox key with a browser session's secret (app/auth/browser-session.ts), so
 * every tab of that session can open the sealed queue, and nothing on disk can once the session's
 * cookie is gone. The secret has the form of an outbox key.
 */
export async function wrapOutboxKey(
  secret: string,
  owner: string,
  keyText: string,
): Promise<SealedPayload> {
  return sealChanges(await importOutboxKey(secret), owner, WRAPPED_KEY_PURPOSE, [keyText]);
}

/** The outbox key inside a wrapped one, or null when this secret cannot open it. */
export async function unwrapOutboxKey(
  secret: string,
  wrapped: SealedPayload,
): Promise<string | null> {
  const secretKey = await importOutboxKey(secret).catch(() => null);
  if (!secretKey) return null;
  const parsed = z
    .tuple([z.string()])
    .safeParse(await openSealedChanges(secretKey, WRAPPED_KEY_PURPOSE, wrapped));
  return parsed.success ? parsed.data[0] : null;
}
