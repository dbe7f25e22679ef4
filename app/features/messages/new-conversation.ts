// Starting a conversation (/dash/messages/new): the form's schema and the plan of what the store
// saves — the conversation first, then its first message, in one batch, because the sync sends
// collections in the order of their first pending change and the backend checks a message against
// its conversation. Every recipient and the child are checked again against what the sender may
// choose (recipients.ts): the form only offers those, but a crafted request must not get further.
// A parent's or a student's conversation is capped in size (recipientLimit): the plan refuses more
// here, before anything is queued, because the backend refuses the write for good and an offline
// write would otherwise sit in the queue and fail when the device comes back online.
import { z } from 'zod';
import type { BatchOperation } from '~/data/store';
import {
  MESSAGE_MAX_LENGTH,
  messageRecordId,
  newMessageId,
  previewOf,
  SUBJECT_MAX_LENGTH,
} from '~/domain/messages';
import { MAX_STARTED_PARTICIPANTS, PERMISSION_MATRIX, type WriteScope } from '~/domain/permissions';
import type { Role } from '~/domain/roles';
import { optionalText, requiredText, stringList } from '~/ui/form/fields';
import { formFailure, parseForm, type FormFailure, type FormValues } from '~/ui/form/parse-form';
import type { RecipientOption } from './recipients';

/** Said when the form names someone the sender may not write to. */
export const RECIPIENT_REFUSED_MESSAGE =
  'You cannot start a conversation with this person. Choose people from the list.';
/** Said when the form names a child the sender may not see. */
export const CHILD_REFUSED_MESSAGE = 'Choose a child from the list, or leave it empty.';

/** The conversations write scopes that cap how many people a started conversation has. */
const CAPPED_SCOPES: readonly WriteScope[] = [
  'participantWithStaff',
  'participantWithFacilitators',
];

/**
 * How many people someone with these roles may write to in a new conversation, or null for no
 * limit. A conversation a parent or a student starts has at most MAX_STARTED_PARTICIPANTS people,
 * the sender included; staff and facilitators have no limit. With several roles the widest wins,
 * as the matrix allows a write that any one of the roles allows.
 */
export function recipientLimit(roles: readonly Role[]): number | null {
  const capped =
    roles.length > 0 &&
    roles.every((role) => CAPPED_SCOPES.includes(PERMISSION_MATRIX.conversations[role].write));
  return capped ? MAX_STARTED_PARTICIPANTS - 1 : null;
}

/** Said when a capped sender chooses more people than recipientLimit allows. */
export function tooManyRecipientsMessage(limit: number): string {
  return `Choose at most ${limit} ${limit === 1 ? 'person' : 'people'}. A conversation you start can have ${limit + 1} people, you included.`;
}

export const newConversationSchema = z.object({
  recipients: stringList.refine((ids) => ids.length > 0, 'Choose at least one person to write to.'),
  subject: requiredText('subject', SUBJECT_MAX_LENGTH),
  studentId: optionalText(200),
  body: requiredText('message', MESSAGE_MAX_LENGTH),
});

export interface NewConversationContext {
  /** The sender's memberUUID: staff write as themselves, not as the office. */
  me: string;
  recipients: readonly RecipientOption[];
  /** Ids of the children the sender may tie the conversation to. */
  childIds: readonly string[];
  /** recipientLimit of the sender's roles: null for staff and facilitators. */
  maxRecipients: number | null;
  now: Date;
  /** Fresh ids (tests pass fixed ones). */
  conversationId?: string;
  messageId?: string;
}

export type NewConversationPlan =
  { ok: true; conversationId: string; operations: BatchOperation[] } | FormFailure;

/** Parses the form, re-checks who and which child it names, and plans the batch to save. */
export function planNewConversation(
  input: FormData | FormValues,
  context: NewConversationContext,
): NewConversationPlan {
  const parsed = parseForm(newConversationSchema, input);
  if (!parsed.ok) return parsed;
  const { recipients, subject, studentId, body } = parsed.data;
  const allowed = new Set(context.recipients.map((r) => r.id));
  if (recipients.some((id) => !allowed.has(id) || id === context.me)) {
    return formFailure(parsed.values, { recipients: RECIPIENT_REFUSED_MESSAGE });
  }
  const chosen = new Set(recipients);
  if (context.maxRecipients !== null && chosen.size > context.maxRecipients) {
    return formFailure(parsed.values, {
      recipients: tooManyRecipientsMessage(context.maxRecipients),
    });
  }
  if (studentId && !context.childIds.includes(studentId)) {
    return formFailure(parsed.values, { studentId: CHILD_REFUSED_MESSAGE });
  }

  const nowIso = context.now.toISOString();
  const conversationId = context.conversationId ?? `conv-${crypto.randomUUID()}`;
  const messageId = context.messageId ?? newMessageId(context.now.getTime());
  const participantIds = [context.me, ...chosen];
  return {
    ok: true,
    conversationId,
    operations: [
      {
        type: 'save',
        collection: 'conversations',
        item: {
          id: conversationId,
          subject,
          participantIds,
          // Who started it, fixed once written (the matrix refuses any other: decision 050).
          createdBy: context.me,
          ...(studentId ? { studentId } : {}),
          lastMessageAt: nowIso,
          lastMessagePreview: previewOf(body),
        },
      },
      {
        type: 'save',
        collection: 'messages',
        item: {
          id: messageRecordId(conversationId, messageId),
          conversationId,
          senderId: context.me,
          body,
          sentAt: nowIso,
          // No `readAt`: a re-sent create (a merging set) must not wipe a reader's time.
          readBy: [context.me],
        },
      },
    ],
  };
}
