// The profile page's "Notifications" section as forms (issue 31): which channels each kind of notice
// takes, quiet hours, and a pause. The forms are parsed here, and their result is always checked
// with the contract's own reachPreferencesSchema before it is saved, so the page can never store a
// `preferences.reach` that the rules, the fake or the functions would refuse. Pure: the instant and
// the person's zone are passed in.
import { z } from 'zod';
import { addDays, instantAt, schoolDay, wallClockAt } from '~/domain/clock';
import {
  MAX_PAUSE_DAYS,
  REACH_CHANNELS,
  REACH_KINDS,
  reachPreferencesSchema,
  wallTimeSchema,
  type ReachChannel,
  type ReachKind,
  type ReachPreferences,
} from '~/domain/reach';
import { isStaff } from '~/domain/roles';
import { stringList, wholeNumber } from '~/ui/form/fields';
import { fieldErrorsFrom, type FieldErrors } from '~/ui/form/parse-form';

export const QUIET_HOURS_BOTH = 'Enter both times, or leave both empty for no quiet hours.';
export const QUIET_HOURS_TIME = 'Use a 24-hour time between 00:00 and 23:59, like 21:30.';
export const PAUSE_DAYS_MESSAGE = `Enter a number of days from 1 to ${MAX_PAUSE_DAYS}.`;

/** The kinds a person may route: parent inquiries reach office staff only. */
export function reachKindsFor(roles: readonly string[]): readonly ReachKind[] {
  return isStaff(roles) ? REACH_KINDS : REACH_KINDS.filter((kind) => kind !== 'inquiries');
}

const channelChoice = stringList.transform((values, ctx) => {
  const known = (REACH_CHANNELS as readonly string[]).filter((c) => values.includes(c));
  if (known.length !== new Set(values).size) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Choose from the listed channels.' });
    return z.NEVER;
  }
  return known as ReachChannel[];
});

/** A time typed as "9:30" or "21:30" → "09:30"; '' stays '' (no quiet hours). */
const typedTime = z
  .string()
  .optional()
  .transform((value) => {
    const trimmed = (value ?? '').trim();
    return /^\d:\d\d$/.test(trimmed) ? `0${trimmed}` : trimmed;
  });

/**
 * The channels-and-quiet-hours form for a person who may route `kinds`. Boxes left unticked mean
 * "in the app only" for that kind (an empty list is stored, not left out, since a missing kind would
 * fall back to the defaults). Errors are keyed by the field's name (`quietStart`, `quietEnd`).
 */
export function reachFormSchema(kinds: readonly ReachKind[]) {
  return z
    .object({
      channels: z
        .record(z.unknown())
        .optional()
        .transform((value) => value ?? {}),
      quietStart: typedTime,
      quietEnd: typedTime,
    })
    .transform((form, ctx) => {
      const channels: Partial<Record<ReachKind, ReachChannel[]>> = {};
      for (const kind of kinds) {
        const parsed = channelChoice.safeParse(form.channels[kind]);
        if (!parsed.success) {
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            path: [`channels.${kind}`],
            message: parsed.error.issues[0]?.message ?? 'Choose from the listed channels.',
          });
          continue;
        }
        channels[kind] = parsed.data;
      }
      const { quietStart: start, quietEnd: end } = form;
      let quietHours: ReachPreferences['quietHours'] = null;
      if (start !== '' || end !== '') {
        for (const [field, value] of [
          ['quietStart', start],
          ['quietEnd', end],
        ] as const) {
          if (value === '') {
            ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message: QUIET_HOURS_BOTH });
          } else if (!wallTimeSchema.safeParse(value).success) {
            ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message: QUIET_HOURS_TIME });
          }
        }
        quietHours = { start, end };
      }
      return { channels, quietHours };
    });
}
export type ReachForm = z.output<ReturnType<typeof reachFormSchema>>;

/** The pause form: for how many days everything but the in-app feed stops. */
export const pauseFormSchema = z.object({
  pauseDays: wholeNumber(PAUSE_DAYS_MESSAGE, {
    min: 1,
    max: MAX_PAUSE_DAYS,
    outOfRange: PAUSE_DAYS_MESSAGE,
  }),
});

/**
 * When a pause of `days` starting at `now` ends: the same wall-clock time `days` school days later
 * in the person's zone (so a week's pause started at 18:00 ends at 18:00, across a change of
 * daylight saving too), as a stored instant.
 */
export function pauseEnd(days: number, timeZone: string, now: Date): string {
  const wall = wallClockAt(timeZone, now);
  const day = addDays(schoolDay(timeZone, now), days);
  return instantAt(timeZone, day, wall.hour, wall.minute).toISOString();
}

/** Whether a stored pause is still running at `now`. */
export function isPaused(reach: ReachPreferences, now: Date): boolean {
  return reach.pausedUntil !== null && Date.parse(reach.pausedUntil) > now.getTime();
}

export type ReachCheck = { ok: true; reach: ReachPreferences } | { ok: false; errors: FieldErrors };

/**
 * The preferences to store, checked with the contract's schema. `current` is what is stored now
 * (reachOf of the member's preferences): kinds the form did not show keep their channels.
 */
export function nextReach(
  current: ReachPreferences,
  change: Partial<ReachPreferences>,
): ReachCheck {
  const candidate = {
    channels: { ...current.channels, ...(change.channels ?? {}) },
    quietHours: change.quietHours === undefined ? current.quietHours : change.quietHours,
    pausedUntil: change.pausedUntil === undefined ? current.pausedUntil : change.pausedUntil,
  };
  const parsed = reachPreferencesSchema.safeParse(candidate);
  if (!parsed.success) {
    const errors = fieldErrorsFrom(parsed.error);
    // The schema says "quietHours" for a start equal to its end: that is the end field's to show.
    const quiet = errors.quietHours;
    if (quiet) {
      delete errors.quietHours;
      errors.quietEnd ??= quiet;
    }
    return { ok: false, errors };
  }
  return { ok: true, reach: parsed.data };
}
