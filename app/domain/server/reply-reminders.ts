// "Remind the ones who have not answered" (issue 32): the organiser sets the event's
// `replyReminderAt`, and this trigger decision tells each family with a child still waiting for a
// reply, once: one notice per guardian per family, at most once per day (the notice's id names the
// family and the campus's day, so a second reminder that day writes nothing). Pure over a read
// context, like every decision here; reach (push, e-mail) follows the notices.
import { campusZone, schoolDay } from '~/domain/clock';
import { type DocData } from '~/domain/permissions';
import {
  childrenAsked,
  EVENT_REPLIES_COLLECTION,
  eventReplyId,
  replyRequestOf,
  type AudienceStudent,
} from '~/domain/replies';
import { guardiansOf } from './absence-alerts';
import { noticeWrites, withReach, type Notice } from './notices';
import { str, strings } from './notifications';
import type { WrittenChange } from './audit';
import type { ServerContext, ServerWrite } from './outcome';
import type { ReachHost, ReachOutcome } from './reach';

/** The notification action of a reply reminder (its reach kind is `events`). */
export const REPLY_REMINDER_ACTION = 'event';

function studentsOf(ctx: ServerContext): AudienceStudent[] {
  return ctx.list('students').map((s) => ({
    id: s.id,
    familyId: str(s.data.familyId) ?? '',
    campusId: str(s.data.campusId) ?? '',
    classroomIds: strings(s.data.classroomIds),
    status: str(s.data.status) ?? '',
  }));
}

/** "Museum trip: your reply is needed for Leo by Fri 4 Dec, 17:00." */
function reminderText(title: string, names: readonly string[], kind: string): string {
  const what = kind === 'consent' ? 'your consent is needed' : 'your reply is needed';
  return `Reminder: ${title}: ${what} for ${names.join(' and ')}.`;
}

/** The reminder notices of one event whose `replyReminderAt` was just set. */
export function replyReminderWrites(
  change: WrittenChange,
  ctx: ServerContext,
  nowIso: string,
): ServerWrite[] {
  const [collection, eventId] = change.path.split('/');
  if (collection !== 'events' || !eventId || change.after === null) return [];
  const asked = str(change.after.replyReminderAt);
  if (!asked || asked === str(change.before?.replyReminderAt)) return [];
  const event = change.after;
  const request = replyRequestOf(event);
  if (!request || Date.parse(nowIso) >= request.deadline) return [];
  const campuses = ctx.list('campuses').map((c) => ({ id: c.id, timezone: str(c.data.timezone) }));
  const day = schoolDay(campusZone(str(event.campusId), campuses), new Date(nowIso));
  const waiting = childrenAsked(
    {
      audience: strings(event.audience),
      classroomIds: strings(event.classroomIds),
      campusId: str(event.campusId) ?? undefined,
    },
    studentsOf(ctx),
  ).filter((s) => !ctx.get(`${EVENT_REPLIES_COLLECTION}/${eventReplyId(eventId, s.id)}`));
  const byFamily = new Map<string, string[]>();
  for (const child of waiting) {
    byFamily.set(child.familyId, [...(byFamily.get(child.familyId) ?? []), child.id]);
  }
  const title = str(event.title) ?? 'An event';
  const notices: Notice[] = [];
  for (const [familyId, childIds] of [...byFamily].sort(([a], [b]) => a.localeCompare(b))) {
    const children = childIds.map((id) => ctx.get(`students/${id}`));
    const names = children.map(
      (c: DocData | null) => str(c?.preferredName) ?? str(c?.firstName) ?? 'your child',
    );
    for (const uid of guardiansOf(children[0] ?? null, ctx)) {
      notices.push({
        id: `reply-reminder-${eventId}-${familyId}-${day}-${uid}`,
        memberUUID: uid,
        action: REPLY_REMINDER_ACTION,
        actionItem: `events/${eventId}`,
        description: reminderText(title, names, request.kind),
      });
    }
  }
  return noticeWrites(notices, ctx, nowIso);
}

/** The trigger's part for event writes: the reminders asked for, and their reach. */
export function replyReminderOutcome(
  changes: readonly WrittenChange[],
  ctx: ServerContext,
  nowIso: string,
  host: ReachHost,
): ReachOutcome {
  return withReach(
    changes.flatMap((change) => replyReminderWrites(change, ctx, nowIso)),
    ctx,
    nowIso,
    host,
  );
}
