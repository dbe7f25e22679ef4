// Event replies and consent (issue 32). An event may ask the families in its audience for a reply:
// "Going / Not going" (an RSVP, with a number of people) or consent ("I give consent for Leo
// Whitfield to go on the museum trip"). Each child in the audience needs one reply, from any of
// their guardians, kept as its own document `eventReplies/${eventId}_${studentId}`; a consent keeps
// the guardian's name, the time and the exact words they agreed to, as evidence. Pure: the event
// dialog, the organiser's page, the fake and the functions read a reply the same way.
import { REPLY_KINDS, type ReplyAnswer, type ReplyKind } from './reply-fields';

export {
  EVENT_REPLIES_COLLECTION,
  eventReplyId,
  MAX_REPLY_PEOPLE,
  REPLY_ANSWERS,
  REPLY_KINDS,
  REPLY_FAMILY_FIELDS,
  type ReplyAnswer,
  type ReplyKind,
} from './reply-fields';

export const REPLY_KIND_LABELS: Record<ReplyKind, string> = {
  rsvp: 'Going / not going',
  consent: 'Consent',
};

/** What an event asks (its `reply` field). */
export interface ReplyRequest {
  kind: ReplyKind;
  /** Replies are taken until this instant (epoch milliseconds). */
  deadline: number;
  /** For consent: what the child will do, "go on the museum trip". */
  consentTo: string;
}

/** The consent sentence a guardian agrees to, stored with their reply word for word. */
export function consentWording(childName: string, consentTo: string): string {
  return `I give consent for ${childName} to ${consentTo.trim().replace(/[.\s]+$/, '')}.`;
}

/** The refusal sentence, stored the same way: the evidence says what was refused. */
export function refusalWording(childName: string, consentTo: string): string {
  return `I do not give consent for ${childName} to ${consentTo.trim().replace(/[.\s]+$/, '')}.`;
}

/** The words of each answer on the buttons and in the lists. */
export function answerLabel(kind: ReplyKind, answer: ReplyAnswer): string {
  if (kind === 'consent') return answer === 'yes' ? 'Consent given' : 'Consent refused';
  return answer === 'yes' ? 'Going' : 'Not going';
}

/** Whether replies are still taken at `now` (epoch ms). */
export function repliesOpen(request: Pick<ReplyRequest, 'deadline'>, now: number): boolean {
  return now < request.deadline;
}

/** An event's reply request, when it asks for one and the field is whole. */
export function replyRequestOf(event: { reply?: unknown } | null): ReplyRequest | null {
  const raw = event?.reply;
  if (typeof raw !== 'object' || raw === null) return null;
  const kind: unknown = Reflect.get(raw, 'kind');
  const deadline: unknown = Reflect.get(raw, 'deadline');
  const consentTo: unknown = Reflect.get(raw, 'consentTo');
  if (!REPLY_KINDS.some((k) => k === kind) || typeof deadline !== 'number') return null;
  return {
    kind: kind as ReplyKind,
    deadline,
    consentTo: typeof consentTo === 'string' ? consentTo : '',
  };
}

/** A student as the audience rule reads one. */
export interface AudienceStudent {
  id: string;
  familyId: string;
  campusId: string;
  classroomIds: readonly string[];
  status: string;
}

/**
 * The children an event asks a reply for: enrolled students in its classrooms, or on its campus,
 * or everywhere, when families (parents) are in its audience.
 */
export function childrenAsked<S extends AudienceStudent>(
  event: { audience?: readonly string[]; classroomIds?: readonly string[]; campusId?: string },
  students: readonly S[],
): S[] {
  if (!(event.audience ?? []).includes('parent')) return [];
  const classrooms = event.classroomIds ?? [];
  return students.filter((s) => {
    if (s.status !== 'enrolled') return false;
    if (classrooms.length > 0) return s.classroomIds.some((c) => classrooms.includes(c));
    if (event.campusId) return s.campusId === event.campusId;
    return true;
  });
}

/** The counts the organiser sees. */
export interface ReplyCounts {
  yes: number;
  no: number;
  waiting: number;
  /** Total people going (RSVP). */
  people: number;
}

export function countReplies(
  asked: readonly { id: string }[],
  replies: ReadonlyMap<string, { answer: string; people?: number }>,
): ReplyCounts {
  const counts: ReplyCounts = { yes: 0, no: 0, waiting: 0, people: 0 };
  for (const child of asked) {
    const reply = replies.get(child.id);
    if (!reply) counts.waiting += 1;
    else if (reply.answer === 'yes') {
      counts.yes += 1;
      counts.people += reply.people ?? 1;
    } else counts.no += 1;
  }
  return counts;
}
