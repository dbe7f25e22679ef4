// How a person wants to be reached when the app is closed (issue 31): per kind of notice, the
// channels besides the in-app feed (which always gets it), quiet hours in their campus's time zone,
// and a pause. Stored on the person's own Members document as `preferences.reach`, written only by
// them; the same schema is checked by every enforcer (the fake, the generated rules through the
// matrix, the functions) and read by the server decisions that send pushes and e-mails
// (app/domain/server/reach.ts). Pure: no I/O, no clock of its own (callers pass `now`).
import { z } from 'zod';

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
export const DEFAULT_REACH: ReachPreferences = {
  channels: { messages: ['push'], events: [], resources: [], attendance: [], inquiries: [] },
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
