// How a person wants to be reached when the app is closed (issue 31): per kind of notice, the
// channels besides the in-app feed (which always gets it), quiet hours in their campus's time zone,
// and a pause. Stored on the person's own Members document as `preferences.reach`, written only by
// them; the same schema is checked by every enforcer (the fake, the generated rules through the
// matrix, the functions) and read by the server decisions that send pushes and e-mails
// (app/domain/server/reach.ts). Pure: no I/O, no clock of its own (callers pass `now`).
import { z } from 'zod';
import { addDays, instantAt, wallClockAt } from './clock';

/** The kinds of notice a person can route: inquiries only reach office staff. */
export const REACH_KINDS = ['messages', 'events', 'resources', 'attendance', 'inquiries'] as const;
export type ReachKind = (typeof REACH_KINDS)[number];

/** Channels besides the in-app feed. `digest`: one e-mail a day at DIGEST_TIME campus time. */
export const REACH_CHANNELS = ['push', 'email', 'digest'] as const;
export type ReachChannel = (typeof REACH_CHANNELS)[number];

export const REACH_KIND_LABELS: Record<ReachKind, string> = {
  messages: 'Messages',
  events: 'Calendar events',
  resources: 'Resources',
  attendance: 'Attendance',
  inquiries: 'Parent inquiries',
};

export const REACH_CHANNEL_LABELS: Record<ReachChannel, string> = {
  push: 'Push on my devices',
  email: 'E-mail',
  digest: 'Daily e-mail digest',
};

/** When the daily digest goes out, in the campus's time zone. */
export const DIGEST_TIME = '17:00';
/** The longest pause a person may choose, in days. */
export const MAX_PAUSE_DAYS = 30;

/** Longest push token stored on a device document (FCM's are about 160 characters). */
export const DEVICE_TOKEN_MAX = 4096;
/** Longest platform label stored on a device document (a user agent's short name). */
export const DEVICE_PLATFORM_MAX = 200;
/** Where a member's devices live: `Members/{uid}/devices/{deviceId}`. */
export const DEVICES_SUBCOLLECTION = 'devices';

/** A wall-clock time, 00:00–23:59. */
export const wallTimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time between 00:00 and 23:59');

export const quietHoursSchema = z
  .object({ start: wallTimeSchema, end: wallTimeSchema })
  .strict()
  .refine((q) => q.start !== q.end, 'Quiet hours must start and end at different times');

const channelList = z
  .array(z.enum(REACH_CHANNELS))
  .max(REACH_CHANNELS.length)
  .refine((list) => new Set(list).size === list.length, 'A channel is listed twice');

/**
 * `preferences.reach` as stored. Strict: an unknown key is refused, not kept, so a client cannot
 * park data in a field the rules accept. Missing kinds take DEFAULT_REACH's channels.
 */
export const reachPreferencesSchema = z
  .object({
    channels: z
      .object({
        messages: channelList.optional(),
        events: channelList.optional(),
        resources: channelList.optional(),
        attendance: channelList.optional(),
        inquiries: channelList.optional(),
      })
      .strict(),
    quietHours: quietHoursSchema.nullable(),
    /** Everything but the in-app feed is paused until this instant (ISO 8601, with offset). */
    pausedUntil: z.string().datetime({ offset: true }).nullable(),
  })
  .strict();
export type ReachPreferences = z.infer<typeof reachPreferencesSchema>;

/** Messages by push; everything else in the app only. */
/**
 * Where a Members document keeps the channels of each kind (`…channels.messages: ['push']`): the
 * digest job queries it, so a member who never chose a digest is never read for one. No default
 * channel list holds 'digest' (DEFAULT_REACH), or such a query would miss its members.
 */
export const REACH_CHANNELS_PATH = 'preferences.reach.channels';

export const DEFAULT_REACH: ReachPreferences = {
  // An absence alert is the one notice a family must not miss (issue 32): pushed by default too.
  channels: { messages: ['push'], events: [], resources: [], attendance: ['push'], inquiries: [] },
  quietHours: null,
  pausedUntil: null,
};

/**
 * The person's reach preferences from their stored `preferences` (anything else, including a
 * stored value that no longer parses, gives the defaults: nobody is reached in a way they did not
 * choose).
 */
export function reachOf(preferences: unknown): ReachPreferences {
  const stored: unknown =
    typeof preferences === 'object' && preferences !== null
      ? Reflect.get(preferences, 'reach')
      : undefined;
  const parsed = reachPreferencesSchema.safeParse(stored);
  if (!parsed.success) return DEFAULT_REACH;
  return {
    ...parsed.data,
    channels: { ...DEFAULT_REACH.channels, ...parsed.data.channels },
  };
}

/** The channels a person chose for one kind. */
export function channelsFor(reach: ReachPreferences, kind: ReachKind): readonly ReachChannel[] {
  return reach.channels[kind] ?? DEFAULT_REACH.channels[kind] ?? [];
}

// ---- delivery: which channels one notice takes now -----------------------------------------------

/** What happens to one notice besides the in-app feed (planDelivery). */
export interface DeliveryPlan {
  /** A push now, a push held until quiet hours end (an ISO instant), or none. */
  push: { when: 'now' } | { when: 'held'; until: string } | null;
  /** An e-mail of its own, now (e-mails wait in an inbox: quiet hours do not hold them). */
  email: boolean;
  /** A line in the evening's digest e-mail. */
  digest: boolean;
}

/** Nothing but the in-app feed. */
export const FEED_ONLY: DeliveryPlan = { push: null, email: false, digest: false };

/** Minutes since midnight of an 'HH:MM' wall time. */
function minutesOf(time: string): number {
  const [hours = '0', minutes = '0'] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
}

/**
 * The instant quiet hours end, when `now` falls inside them in `timeZone`, else null. Quiet hours
 * may cross midnight (21:00–07:00): after the start they end on the next day, before the end on the
 * same day. The end is a wall time in the zone, so a change of clocks overnight moves the instant,
 * not the wall time (clock.ts's instantAt).
 */
export function quietHoursEnd(
  quietHours: ReachPreferences['quietHours'],
  now: Date,
  timeZone: string,
): Date | null {
  if (!quietHours) return null;
  const wall = wallClockAt(timeZone, now);
  const minute = wall.hour * 60 + wall.minute;
  const start = minutesOf(quietHours.start);
  const end = minutesOf(quietHours.end);
  const endHour = Math.floor(end / 60);
  const endMinute = end % 60;
  if (start < end) {
    // Within one day: 12:00–14:00.
    return minute >= start && minute < end
      ? instantAt(timeZone, wall.day, endHour, endMinute)
      : null;
  }
  // Across midnight: 21:00–07:00.
  if (minute >= start) return instantAt(timeZone, addDays(wall.day, 1), endHour, endMinute);
  if (minute < end) return instantAt(timeZone, wall.day, endHour, endMinute);
  return null;
}

/** Is everything but the feed paused at `now`? */
export function isPaused(reach: ReachPreferences, now: Date): boolean {
  return reach.pausedUntil !== null && Date.parse(reach.pausedUntil) > now.getTime();
}

/**
 * Which channels a notice of `kind` takes at `now` for a person with these preferences, in their
 * campus's `timeZone`: nothing but the feed while paused; a push now, or held until quiet hours end;
 * an e-mail; a digest line. Pure: the caller passes the instant and the zone.
 */
export function planDelivery(
  reach: ReachPreferences,
  kind: ReachKind,
  now: Date,
  timeZone: string,
): DeliveryPlan {
  if (isPaused(reach, now)) return FEED_ONLY;
  const channels = channelsFor(reach, kind);
  let push: DeliveryPlan['push'] = null;
  if (channels.includes('push')) {
    const heldUntil = quietHoursEnd(reach.quietHours, now, timeZone);
    push = heldUntil ? { when: 'held', until: heldUntil.toISOString() } : { when: 'now' };
  }
  return { push, email: channels.includes('email'), digest: channels.includes('digest') };
}
