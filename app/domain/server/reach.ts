// How the backend reaches people when the app is closed (issue 31): from the notifications a trigger
// run creates, each recipient's pushes (now, or held by quiet hours in `pushQueue`) and e-mails
// (`mail`, the Trigger Email extension's documents), as their preferences (app/domain/reach.ts)
// say; and the two scheduled decisions, the release of held pushes and the evening digest. Like
// every decision here it performs nothing: it returns writes and PushSend effects, which the fake
// (mocks/triggers.ts) and the functions (firebase/functions) carry out, so both send the same.
import { campusZone, personZone, wallClockAt } from '~/domain/clock';
import { previewOf } from '~/domain/messages';
import { contextWhere, resolvePrincipal, type DocData } from '~/domain/permissions';
import {
  DEVICES_SUBCOLLECTION,
  DIGEST_TIME,
  isPaused,
  planDelivery,
  reachOf,
  REACH_CHANNELS_PATH,
  channelsFor,
  REACH_KIND_LABELS,
  type ReachKind,
} from '~/domain/reach';
import { isRole } from '~/domain/roles';
import { MAIL_COLLECTION, mailDocument, PREFERENCES_PATH } from './mail';
import { str, strings, type CreatedDocument } from './notifications';
import type { ServerContext, ServerWrite } from './outcome';

export const PUSH_QUEUE_COLLECTION = 'pushQueue';
export const DIGESTS_COLLECTION = 'digests';
/** The fake's record of the pushes it "sent" (mocks/triggers.ts); the functions send to FCM. */
export const DEMO_PUSHES_COLLECTION = 'demoPushes';

/** What a push shows: the service worker's notification (H2's worker reads these fields). */
export interface PushPayload {
  title: string;
  body: string;
  /** Where a click leads, with `?notification=<id>`. */
  link: string;
  /** `conversation:<id>` for messages (replies collapse), `notification:<id>` otherwise. */
  tag: string;
  /** The recipient's unread count, for the app badge. */
  badge: number;
}

/** One push to every device of one person: the hosts send it (FCM's sendEachForMulticast). */
export interface PushSend {
  memberUUID: string;
  notificationId: string;
  devices: Array<{ deviceId: string; token: string }>;
  payload: PushPayload;
}

/** What the hosts tell a decision about the app (the links in pushes and e-mails). */
export interface ReachHost {
  /** The app's origin, e.g. https://school.example (no trailing slash). */
  appOrigin: string;
}

export interface ReachOutcome {
  writes: ServerWrite[];
  pushes: PushSend[];
}

const KIND_OF_ACTION: Record<string, ReachKind> = {
  message: 'messages',
  event: 'events',
  resource: 'resources',
  // Ready for the next issue's family notices.
  attendance: 'attendance',
  inquiry: 'inquiries',
};

/** The kind of notice a Notifications document is, or null for one that is not routed. */
export function reachKindOf(notification: DocData): ReachKind | null {
  return KIND_OF_ACTION[str(notification.action) ?? ''] ?? null;
}

function member(uid: string, ctx: ServerContext): DocData | null {
  return ctx.get(`Members/${uid}`);
}

/** The person's devices with a token, in id order (`Members/{uid}/devices/*`). */
export function devicesOf(
  uid: string,
  ctx: ServerContext,
): Array<{ deviceId: string; token: string }> {
  return ctx
    .list(`Members/${uid}/${DEVICES_SUBCOLLECTION}`)
    .flatMap((d) => {
      const token = str(d.data.token);
      return token ? [{ deviceId: d.id, token }] : [];
    })
    .sort((a, b) => a.deviceId.localeCompare(b.deviceId));
}

/**
 * The person's zone: their own record's campus, else their first classroom's, else their
 * children's, else the school's first campus (clock.ts personZone, as their screens use it).
 */
export function reachZone(uid: string, ctx: ServerContext): string {
  const data = member(uid, ctx);
  const roles = strings(data?.roles).filter(isRole);
  const p = resolvePrincipal({ uid, email: str(data?.email), roles }, ctx);
  const campuses = ctx.list('campuses').map((c) => ({ id: c.id, timezone: str(c.data.timezone) }));
  const classrooms = ctx
    .list('classrooms')
    .map((c) => ({ id: c.id, campusId: str(c.data.campusId) ?? '' }));
  const campusId = p.campusIds?.[0] ?? p.childCampusIds?.[0] ?? null;
  if (campusId) return campusZone(campusId, campuses);
  return personZone({ classroomIds: p.classroomIds }, campuses, classrooms);
}

/** The path a notification's push or e-mail leads to, with `?notification=<id>`. */
export function noticeLink(notificationId: string, notification: DocData): string {
  const query = `notification=${encodeURIComponent(notificationId)}`;
  const item = str(notification.actionItem) ?? '';
  if (notification.action === 'message' && item.startsWith('conversations/')) {
    const conversationId = item.slice('conversations/'.length);
    return `/dash/messages/${encodeURIComponent(conversationId)}?${query}`;
  }
  return `/dash/notifications?${query}`;
}

/** The push tag: one per conversation (replies collapse), else one per notification. */
export function noticeTag(notificationId: string, notification: DocData): string {
  const item = str(notification.actionItem) ?? '';
  if (notification.action === 'message' && item.startsWith('conversations/')) {
    return `conversation:${item.slice('conversations/'.length)}`;
  }
  return `notification:${notificationId}`;
}

/** A push's title and body: "Sender: the message" for messages, else the kind and description. */
function pushText(
  notification: DocData,
  message: { sender: string; body: string } | null,
): { title: string; body: string } {
  if (message) return { title: message.sender, body: previewOf(message.body) };
  const kind = reachKindOf(notification);
  return {
    title: kind ? REACH_KIND_LABELS[kind] : 'Notification',
    body: str(notification.description) ?? '',
  };
}

/** Unread notifications of a person: the stored ones and those this run writes. */
function unreadCount(uid: string, ctx: ServerContext, written: ReadonlySet<string>): number {
  const unread = new Set(
    contextWhere(ctx, 'Notifications', 'memberUUID', '==', uid)
      .filter((n) => n.data.isNew !== false)
      .map((n) => n.id),
  );
  for (const id of written) unread.add(id);
  return unread.size;
}

/** The held push's id: one per person and tag, so a held conversation collapses into one push. */
export function pushQueueId(uid: string, tag: string): string {
  return `${uid}__${tag.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

function absolute(host: ReachHost, path: string): string {
  return `${host.appOrigin.replace(/\/$/, '')}${path}`;
}

/** A new message's sender's display name (the push title "Daniel Mensah: …"). */
function senderNameOf(senderId: string, ctx: ServerContext): string {
  const data =
    member(senderId, ctx) ??
    contextWhere(ctx, 'Members', 'memberUUID', '==', senderId)[0]?.data ??
    null;
  return str(data?.displayName)?.trim() || 'Someone';
}

/**
 * Pushes, held pushes and e-mails for the notifications of one trigger run (`notifications`, the
 * writes createdWrites made from the `created` documents). `now` decides quiet hours and pauses.
 */
export function reachDecisions(
  created: readonly CreatedDocument[],
  notifications: readonly ServerWrite[],
  ctx: ServerContext,
  nowIso: string,
  host: ReachHost,
): ReachOutcome {
  const now = new Date(nowIso);
  const writes: ServerWrite[] = [];
  const pushes: PushSend[] = [];
  // The messages of this run by conversation, the last one's text for the push.
  const messages = new Map<string, { sender: string; body: string }>();
  for (const doc of created) {
    const [collection, conversationId, sub] = doc.path.split('/');
    if (collection !== 'conversations' || sub !== 'messages' || !conversationId) continue;
    const senderId = str(doc.data.senderId) ?? '';
    messages.set(conversationId, {
      sender: senderNameOf(senderId, ctx),
      body: typeof doc.data.body === 'string' ? doc.data.body : '',
    });
  }
  const writtenFor = new Map<string, Set<string>>();
  const queued = new Map<string, number>();

  for (const write of notifications) {
    if ('delete' in write || !write.path.startsWith('Notifications/')) continue;
    const notificationId = write.path.slice('Notifications/'.length);
    const data = write.data;
    const uid = str(data.memberUUID);
    const kind = reachKindOf(data);
    if (!uid || !kind) continue;
    const mine = writtenFor.get(uid) ?? new Set<string>();
    mine.add(notificationId);
    writtenFor.set(uid, mine);
    const person = member(uid, ctx);
    if (!person || (str(person.status) ?? 'active') !== 'active') continue;

    const reach = reachOf(person.preferences);
    const plan = planDelivery(reach, kind, now, reachZone(uid, ctx));
    const item = str(data.actionItem) ?? '';
    const message =
      kind === 'messages' ? (messages.get(item.slice('conversations/'.length)) ?? null) : null;
    const text = pushText(data, message);
    const link = noticeLink(notificationId, data);
    const tag = noticeTag(notificationId, data);

    if (plan.push?.when === 'now') {
      const devices = devicesOf(uid, ctx);
      if (devices.length > 0) {
        pushes.push({
          memberUUID: uid,
          notificationId,
          devices,
          payload: { ...text, link, tag, badge: unreadCount(uid, ctx, mine) },
        });
      }
    } else if (plan.push?.when === 'held') {
      // One held push per person and tag: a later notice replaces the earlier one's text.
      const id = pushQueueId(uid, tag);
      const entry: ServerWrite = {
        path: `${PUSH_QUEUE_COLLECTION}/${id}`,
        data: {
          memberUUID: uid,
          notificationId,
          sendAt: plan.push.until,
          title: text.title,
          body: text.body,
          link,
          tag,
          queuedAt: nowIso,
        },
      };
      const earlier = queued.get(id);
      if (earlier === undefined) {
        queued.set(id, writes.length);
        writes.push(entry);
      } else {
        writes[earlier] = entry;
      }
    }

    const email = str(person.email);
    if (plan.email && email) {
      writes.push({
        path: `${MAIL_COLLECTION}/notice-${notificationId}`,
        data: {
          ...mailDocument({
            to: email,
            subject: message ? `${text.title}: ${text.body}` : text.body || text.title,
            paragraphs: [str(data.description) ?? text.body, ...(message ? [message.body] : [])],
            action: { label: 'Open in the app', url: absolute(host, link) },
            unsubscribeUrl: absolute(host, PREFERENCES_PATH),
            kind: 'notice',
            memberUUID: uid,
            createdAt: nowIso,
          }),
        },
      });
    }
  }
  return { writes, pushes };
}

/**
 * Held pushes whose time has come (`sendAt` <= now): each sent to the person's devices as they are
 * now, with the badge as it is now, and its queue entry deleted. A person paused since is not
 * pushed; the entry is dropped (the feed has the notice).
 */
export function releaseHeldPushes(ctx: ServerContext, nowIso: string): ReachOutcome {
  const now = new Date(nowIso);
  const writes: ServerWrite[] = [];
  const pushes: PushSend[] = [];
  const due = ctx
    .list(PUSH_QUEUE_COLLECTION)
    .filter((q) => {
      const at = str(q.data.sendAt);
      return at !== null && Date.parse(at) <= now.getTime();
    })
    .sort((a, b) => a.id.localeCompare(b.id));
  for (const entry of due) {
    writes.push({ path: `${PUSH_QUEUE_COLLECTION}/${entry.id}`, delete: true });
    const uid = str(entry.data.memberUUID);
    const notificationId = str(entry.data.notificationId);
    if (!uid || !notificationId) continue;
    const person = member(uid, ctx);
    if (!person || isPaused(reachOf(person.preferences), now)) continue;
    const devices = devicesOf(uid, ctx);
    if (devices.length === 0) continue;
    pushes.push({
      memberUUID: uid,
      notificationId,
      devices,
      payload: {
        title: str(entry.data.title) ?? '',
        body: str(entry.data.body) ?? '',
        link: str(entry.data.link) ?? '/dash/notifications',
        tag: str(entry.data.tag) ?? `notification:${notificationId}`,
        badge: unreadCount(uid, ctx, new Set()),
      },
    });
  }
  return { writes, pushes };
}

/** The digest marker's id: one per person and campus day. */
export function digestId(uid: string, day: string): string {
  return `${uid}_${day}`;
}

/** The kinds a person receives in the digest. */
function digestKinds(preferences: unknown): ReachKind[] {
  const reach = reachOf(preferences);
  return (Object.keys(KIND_OF_ACTION) as Array<keyof typeof KIND_OF_ACTION>)
    .map((action) => KIND_OF_ACTION[action])
    .filter((kind): kind is ReachKind => kind !== undefined)
    .filter((kind) => channelsFor(reach, kind).includes('digest'));
}

/**
 * The evening digest: for each active member who chose the digest for some kind, once DIGEST_TIME
 * has passed on their campus's day, one `digests/{uid_day}` marker, and one e-mail listing the
 * notices of those kinds since their last digest (the last 24 hours for a first one) when there
 * are any. Idempotent: a day with a marker is done, so a rerun (every minute) writes nothing.
 */
export function dailyDigests(ctx: ServerContext, nowIso: string, host: ReachHost): ServerWrite[] {
  const now = new Date(nowIso);
  const [digestHour = 17, digestMinute = 0] = DIGEST_TIME.split(':').map(Number);
  const writes: ServerWrite[] = [];
  // Only the members who chose a digest for some kind: one query per kind where the backend runs
  // queries, rather than every member every minute.
  const chosen = new Map<string, { id: string; data: DocData }>();
  for (const kind of new Set(Object.values(KIND_OF_ACTION))) {
    for (const m of contextWhere(
      ctx,
      'Members',
      `${REACH_CHANNELS_PATH}.${kind}`,
      'array-contains',
      'digest',
    )) {
      chosen.set(m.id, m);
    }
  }
  for (const m of [...chosen.values()].sort((a, b) => a.id.localeCompare(b.id))) {
    const kinds = digestKinds(m.data.preferences);
    if (kinds.length === 0 || (str(m.data.status) ?? 'active') !== 'active') continue;
    const uid = m.id;
    const wall = wallClockAt(reachZone(uid, ctx), now);
    if (wall.hour * 60 + wall.minute < digestHour * 60 + digestMinute) continue;
    const id = digestId(uid, wall.day);
    if (ctx.get(`${DIGESTS_COLLECTION}/${id}`)) continue;
    const last = contextWhere(ctx, DIGESTS_COLLECTION, 'memberUUID', '==', uid)
      .map((d) => str(d.data.sentAt) ?? '')
      .sort()
      .pop();
    const since = last ?? new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
    const paused = isPaused(reachOf(m.data.preferences), now);
    const notices = paused
      ? []
      : contextWhere(ctx, 'Notifications', 'memberUUID', '==', uid)
          .filter((n) => {
            const kind = reachKindOf(n.data);
            const date = str(n.data.date) ?? '';
            return kind !== null && kinds.includes(kind) && date > since && date <= nowIso;
          })
          .sort((a, b) => (str(a.data.date) ?? '').localeCompare(str(b.data.date) ?? ''));
    const email = str(m.data.email);
    const mailId = notices.length > 0 && email ? `digest-${id}` : null;
    writes.push({
      path: `${DIGESTS_COLLECTION}/${id}`,
      data: { memberUUID: uid, day: wall.day, sentAt: nowIso, count: notices.length, mailId },
    });
    if (mailId && email) {
      const count = notices.length;
      writes.push({
        path: `${MAIL_COLLECTION}/${mailId}`,
        data: {
          ...mailDocument({
            to: email,
            subject: `Your daily summary: ${count} ${count === 1 ? 'notice' : 'notices'}`,
            paragraphs: notices.map((n) => str(n.data.description) ?? ''),
            action: {
              label: 'Open your notifications',
              url: absolute(host, '/dash/notifications'),
            },
            unsubscribeUrl: absolute(host, PREFERENCES_PATH),
            kind: 'digest',
            memberUUID: uid,
            createdAt: nowIso,
          }),
        },
      });
    }
  }
  return writes;
}

/** The fake's record of one push it carried out (COMMON contract: `demoPushes/{id}`). */
export function demoPushDocument(send: PushSend, sentAt: string): DocData {
  return {
    memberUUID: send.memberUUID,
    deviceIds: send.devices.map((d) => d.deviceId),
    tokens: send.devices.map((d) => d.token),
    payload: { ...send.payload },
    notificationId: send.notificationId,
    sentAt,
  };
}
