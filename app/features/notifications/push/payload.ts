// What the service worker does with a push (issue 31), as pure functions so they are unit-tested
// here and run unchanged in app/entry.worker.ts: read the payload (ours, or FCM's `notification` /
// `data` shapes), decide whether a visible window shows it in its feed or the system shows a
// notification, and which window a click navigates. No DOM or worker globals.
import { z } from 'zod';

/** What a push carries (app/domain/server/reach.ts builds it; the fake records it in demoPushes). */
export interface PushPayload {
  title: string;
  body: string;
  /** Same-origin path: `/dash/notifications?notification=<id>` or a conversation's link. */
  link: string;
  /** `conversation:<id>` for messages (replies collapse), `notification:<id>` otherwise. */
  tag: string;
  /** The recipient's unread count, for the app badge; null when the push did not say. */
  badge: number | null;
}

/** The message a page posts to the worker so the demo (and tests) deliver a push without FCM. */
export const DEMO_PUSH_MESSAGE = 'demo-push';
/** The message a page posts to run the notification-click handler (CDP cannot click one). */
export const DEMO_CLICK_MESSAGE = 'demo-click';
/** What the worker posts to a visible window instead of showing a system notification. */
export const PUSH_RECEIVED_MESSAGE = 'push-received';
/** What the worker posts to its windows after setting the app badge (tests observe it). */
export const BADGE_SET_MESSAGE = 'push-badge';

const DEFAULT_TITLE = 'The Learning Centre';
const DEFAULT_LINK = '/dash/notifications';

const text = z.string().max(2000);
const badgeField = z.union([
  z.number().int().min(0),
  // FCM's `data` values are strings.
  z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
]);
const flatSchema = z
  .object({
    title: text.optional(),
    body: text.optional(),
    link: text.optional(),
    tag: text.optional(),
    badge: badgeField.optional(),
  })
  .passthrough();
const fcmSchema = z
  .object({
    notification: flatSchema.optional(),
    data: flatSchema.optional(),
    fcmOptions: z.object({ link: text.optional() }).passthrough().optional(),
  })
  .passthrough();

/**
 * The app-relative path a link may open: same origin only (a push must never navigate the app to
 * another site). An absolute URL on `origin` keeps its path, query and hash; anything else gives
 * the notifications page.
 */
export function safeLink(link: string | undefined, origin: string): string {
  if (!link) return DEFAULT_LINK;
  try {
    const url = new URL(link, origin);
    if (url.origin !== origin || !url.pathname.startsWith('/')) return DEFAULT_LINK;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return DEFAULT_LINK;
  }
}

/**
 * A push's payload from its JSON (a string, or already parsed): our flat shape, or FCM's, where
 * `notification` carries title and body and `data` the rest. Null when it is not JSON or carries
 * neither a title nor a body (nothing worth showing).
 */
export function parsePushPayload(raw: unknown, origin: string): PushPayload | null {
  let json: unknown = raw;
  if (typeof raw === 'string') {
    try {
      json = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  const fcm = fcmSchema.safeParse(json);
  const flat = flatSchema.safeParse(json);
  if (!fcm.success || !flat.success) return null;
  const { notification = {}, data = {}, fcmOptions } = fcm.data;
  const pick = <K extends 'title' | 'body' | 'link' | 'tag'>(key: K) =>
    flat.data[key] ?? notification[key] ?? data[key];
  const title = pick('title');
  const body = pick('body');
  if (!title && !body) return null;
  const link = safeLink(pick('link') ?? fcmOptions?.link, origin);
  return {
    title: title ?? DEFAULT_TITLE,
    body: body ?? '',
    link,
    tag: pick('tag') ?? `link:${link}`,
    badge: flat.data.badge ?? data.badge ?? notification.badge ?? null,
  };
}

/** The parts of a WindowClient the decisions read. */
export interface WindowLike {
  url: string;
  visibilityState: DocumentVisibilityState;
  focused: boolean;
}

/**
 * The window that shows a push in its own feed instead of a system notification: one of the app's
 * windows (same origin, under /dash) that is visible and focused, or null (show a notification).
 */
export function visibleAppWindow<W extends WindowLike>(
  windows: readonly W[],
  origin: string,
): W | null {
  return (
    windows.find((w) => {
      try {
        const url = new URL(w.url);
        return (
          url.origin === origin &&
          url.pathname.startsWith('/dash') &&
          w.visibilityState === 'visible' &&
          w.focused
        );
      } catch {
        return false;
      }
    }) ?? null
  );
}

/**
 * The window a notification click brings forward: one already at the link, else a focused one,
 * else any window of the app (it is navigated to the link), or null (open a new one).
 */
export function windowForClick<W extends WindowLike>(
  windows: readonly W[],
  link: string,
  origin: string,
): W | null {
  const ours = windows.filter((w) => {
    try {
      return new URL(w.url).origin === origin;
    } catch {
      return false;
    }
  });
  const target = new URL(link, origin).href;
  return ours.find((w) => w.url === target) ?? ours.find((w) => w.focused) ?? ours[0] ?? null;
}

/** The options of the system notification: replies to one conversation replace each other. */
export function notificationOptions(payload: PushPayload): NotificationOptions & {
  renotify: boolean;
} {
  return {
    body: payload.body,
    tag: payload.tag,
    // A replacement still alerts: a new reply is news even though it takes the old one's place.
    renotify: true,
    data: { link: payload.link },
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
  };
}

/** A demo message `{ type, payload }` posted by a page, or null when `data` is anything else. */
export function demoMessage(data: unknown): { type: string; payload: unknown } | null {
  if (typeof data !== 'object' || data === null) return null;
  const type: unknown = Reflect.get(data, 'type');
  if (type !== DEMO_PUSH_MESSAGE && type !== DEMO_CLICK_MESSAGE) return null;
  return { type, payload: Reflect.get(data, 'payload') };
}

/**
 * What an open window does with a push the worker handed it (PUSH_RECEIVED_MESSAGE) instead of a
 * system notification: its notification already reaches the feed through the live query, so the
 * window only fetches what the push is about sooner, the person's conversations and their
 * messages when it is a message (`conversation:<id>`), and nothing otherwise. Null for any other
 * message, or a payload that does not parse.
 */
export function pushReceivedAction(
  message: unknown,
  origin: string,
): { refreshInbox: boolean } | null {
  if (typeof message !== 'object' || message === null) return null;
  if (Reflect.get(message, 'type') !== PUSH_RECEIVED_MESSAGE) return null;
  const payload = parsePushPayload(Reflect.get(message, 'payload'), origin);
  if (!payload) return null;
  return { refreshInbox: payload.tag.startsWith('conversation:') };
}
