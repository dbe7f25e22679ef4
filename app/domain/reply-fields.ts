// The few facts about event replies (issue 32) the permission matrix needs, which every page loads
// first; the rest of the replies vocabulary (app/domain/replies.ts, which re-exports these) loads
// with the pages that use it.

export const REPLY_KINDS = ['rsvp', 'consent'] as const;
export type ReplyKind = (typeof REPLY_KINDS)[number];

/** Going / given (`yes`), or not going / refused (`no`). */
export const REPLY_ANSWERS = ['yes', 'no'] as const;
export type ReplyAnswer = (typeof REPLY_ANSWERS)[number];

/** The most people one RSVP may bring (the child counts as one). */
export const MAX_REPLY_PEOPLE = 10;

export const EVENT_REPLIES_COLLECTION = 'eventReplies';

/** One reply per child per event: `${eventId}_${studentId}`. */
export function eventReplyId(eventId: string, studentId: string): string {
  return `${eventId}_${studentId}`;
}

/** What a guardian's reply may change after it was first given (until the deadline). */
export const REPLY_FAMILY_FIELDS = [
  'answer',
  'people',
  'wording',
  'guardianName',
  'repliedBy',
] as const;
