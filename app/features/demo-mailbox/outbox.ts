// The demo's outbox (issue 31): what the fake would have sent if the demo had a push service and an
// SMTP account. The fake writes the same `mail/{id}` documents the functions write for the Trigger
// Email extension, and records every push it "sent" in `demoPushes/{id}`; this module reads both
// through `globalThis.__fakeFirebase` (app code never imports mocks/, see app/backend/live.ts) and
// turns them into one list, newest first. Demo builds only: nothing here runs in production, where
// the route answers 404 before this module is used.
import { z } from 'zod';
import { MAIL_COLLECTION } from '~/domain/server/mail';

/** The fake's record of every push it "sent" (fake only; no client may read it through the SDK). */
export const DEMO_PUSHES_COLLECTION = 'demoPushes';

/** A stored instant: the fake keeps ISO strings, but a Date or a Timestamp-like value is read too. */
const instant = z
  .union([
    z.string(),
    z.date().transform((d) => d.toISOString()),
    z
      .object({ seconds: z.number(), nanoseconds: z.number().optional() })
      .transform((t) => new Date(t.seconds * 1000).toISOString()),
  ])
  .catch('');

const mailSchema = z.object({
  to: z.union([z.string().transform((s) => [s]), z.array(z.string())]).catch([]),
  message: z.object({
    subject: z.string().catch(''),
    text: z.string().catch(''),
    html: z.string().catch(''),
  }),
  kind: z.string().catch('notice'),
  memberUUID: z.string().optional().catch(undefined),
  createdAt: instant,
});

const pushSchema = z.object({
  memberUUID: z.string().catch(''),
  deviceIds: z.array(z.string()).catch([]),
  payload: z.object({
    title: z.string().catch(''),
    body: z.string().catch(''),
    link: z.string().catch(''),
    tag: z.string().catch(''),
    badge: z.number().nullable().catch(null),
  }),
  notificationId: z.string().optional().catch(undefined),
  sentAt: instant,
});

const memberSchema = z.object({
  memberUUID: z.string().optional().catch(undefined),
  displayName: z.string().optional().catch(undefined),
  email: z.string().optional().catch(undefined),
});

export interface OutboxMail {
  type: 'mail';
  id: string;
  at: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  kind: string;
}

export interface OutboxPush {
  type: 'push';
  id: string;
  at: string;
  /** Who it went to: their display name and e-mail when the fake knows the member. */
  to: string;
  devices: number;
  title: string;
  body: string;
  link: string;
  tag: string;
  badge: number | null;
}

export type OutboxItem = OutboxMail | OutboxPush;

type StoredDocument = { id: string; data?: unknown };

/** What the page needs of the fake's control (in the page, or the remote one in server mode). */
export interface FakeOutboxSource {
  listDocuments(collection: string): Promise<StoredDocument[]>;
  onChange(listener: (event: unknown) => void): () => void;
}

const documentListSchema = z.array(z.object({ id: z.string(), data: z.unknown() }));

/** The fake's control as `globalThis.__fakeFirebase` offers it; null when there is no fake. */
export function fakeOutboxSource(scope: object = globalThis): FakeOutboxSource | null {
  const fake: unknown = Reflect.get(scope, '__fakeFirebase');
  if (typeof fake !== 'object' || fake === null) return null;
  const list: unknown = Reflect.get(fake, 'listDocuments');
  const onChange: unknown = Reflect.get(fake, 'onChange');
  if (typeof list !== 'function' || typeof onChange !== 'function') return null;
  return {
    // Awaited whether the control answers at once (in-page fake) or later (server mode).
    listDocuments: async (collection) =>
      documentListSchema.parse(await Reflect.apply(list, fake, [collection])),
    onChange: (listener) => {
      const unsubscribe: unknown = Reflect.apply(onChange, fake, [listener]);
      return () => {
        if (typeof unsubscribe === 'function') Reflect.apply(unsubscribe, undefined, []);
      };
    },
  };
}

/** "Daniel Mensah <daniel@…>" by uid and by memberUUID, for the pushes' recipients. */
function memberNames(members: readonly StoredDocument[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const { id, data } of members) {
    const parsed = memberSchema.safeParse(data);
    if (!parsed.success) continue;
    const { displayName, email, memberUUID } = parsed.data;
    const name = displayName && email ? `${displayName} <${email}>` : (displayName ?? email ?? id);
    names.set(id, name);
    if (memberUUID) names.set(memberUUID, name);
  }
  return names;
}

/**
 * One list of the stored e-mails and pushes, newest first (a document that does not parse is left
 * out rather than shown half-read). Pure: the documents are passed in.
 */
export function outboxItems(
  mail: readonly StoredDocument[],
  pushes: readonly StoredDocument[],
  members: readonly StoredDocument[] = [],
): OutboxItem[] {
  const names = memberNames(members);
  const items: OutboxItem[] = [];
  for (const { id, data } of mail) {
    const parsed = mailSchema.safeParse(data);
    if (!parsed.success) continue;
    const { to, message, kind, createdAt } = parsed.data;
    items.push({ type: 'mail', id, at: createdAt, to, kind, ...message });
  }
  for (const { id, data } of pushes) {
    const parsed = pushSchema.safeParse(data);
    if (!parsed.success) continue;
    const { memberUUID, deviceIds, payload, sentAt } = parsed.data;
    items.push({
      type: 'push',
      id,
      at: sentAt,
      to: names.get(memberUUID) ?? memberUUID,
      devices: deviceIds.length,
      ...payload,
    });
  }
  // ISO instants in UTC sort as text; an unreadable time sorts last.
  return items.sort((a, b) => (b.at === a.at ? b.id.localeCompare(a.id) : timeOf(b) - timeOf(a)));
}

function timeOf(item: OutboxItem): number {
  const ms = Date.parse(item.at);
  return Number.isNaN(ms) ? -Infinity : ms;
}

/** Reads the outbox from the fake. */
export async function readOutbox(source: FakeOutboxSource): Promise<OutboxItem[]> {
  const [mail, pushes, members] = await Promise.all([
    source.listDocuments(MAIL_COLLECTION),
    source.listDocuments(DEMO_PUSHES_COLLECTION),
    source.listDocuments('Members').catch(() => []),
  ]);
  return outboxItems(mail, pushes, members);
}

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

export type TextPart = { type: 'text'; text: string } | { type: 'link'; href: string };

/**
 * An e-mail's plain-text part cut into text and its http(s) links, so the page shows the links as
 * links (an invitation's "set your password" link must be clickable here) and the rest as text,
 * never as HTML. A trailing full stop or bracket stays text.
 */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const href = match[0].replace(/[.,;:)\]]+$/, '');
    if (start > last) parts.push({ type: 'text', text: text.slice(last, start) });
    parts.push({ type: 'link', href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ type: 'text', text: text.slice(last) });
  return parts;
}
