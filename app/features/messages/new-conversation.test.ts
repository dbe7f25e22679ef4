import { describe, expect, it } from 'vitest';
import { MESSAGE_MAX_LENGTH, OFFICE_PARTICIPANT, SUBJECT_MAX_LENGTH } from '~/domain/messages';
import { MAX_STARTED_PARTICIPANTS } from '~/domain/permissions';
import {
  CHILD_REFUSED_MESSAGE,
  planNewConversation,
  RECIPIENT_REFUSED_MESSAGE,
  recipientLimit,
  tooManyRecipientsMessage,
  type NewConversationContext,
} from './new-conversation';
import type { RecipientOption } from './recipients';

const option = (id: string): RecipientOption => ({
  id,
  name: id,
  role: 'Facilitator',
  detail: '',
  studentIds: [],
});

const context: NewConversationContext = {
  me: 'm-parent',
  recipients: [option('m-daniel'), option(OFFICE_PARTICIPANT)],
  childIds: ['leo'],
  maxRecipients: recipientLimit(['parent']),
  now: new Date('2026-03-09T10:42:00.000Z'),
  conversationId: 'conv-1',
  messageId: 'msg-1',
};

const form = (values: Record<string, string | string[]>) => values;

describe('starting a conversation', () => {
  it('saves the conversation first and then its first message, read by the sender', () => {
    const plan = planNewConversation(
      form({
        recipients: ['m-daniel', OFFICE_PARTICIPANT],
        subject: '  Leo’s reading ',
        studentId: 'leo',
        body: 'Hello Daniel,\n how is   Leo doing?',
      }),
      context,
    );
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.conversationId).toBe('conv-1');
    expect(plan.operations).toEqual([
      {
        type: 'save',
        collection: 'conversations',
        item: {
          id: 'conv-1',
          subject: 'Leo’s reading',
          participantIds: ['m-parent', 'm-daniel', OFFICE_PARTICIPANT],
          createdBy: 'm-parent',
          studentId: 'leo',
          lastMessageAt: '2026-03-09T10:42:00.000Z',
          lastMessagePreview: 'Hello Daniel, how is Leo doing?',
        },
      },
      {
        type: 'save',
        collection: 'messages',
        item: {
          id: 'conv-1/msg-1',
          conversationId: 'conv-1',
          senderId: 'm-parent',
          body: 'Hello Daniel,\n how is   Leo doing?',
          sentAt: '2026-03-09T10:42:00.000Z',
          readBy: ['m-parent'],
        },
      },
    ]);
  });

  it('leaves the child out when none is chosen', () => {
    const plan = planNewConversation(
      form({ recipients: 'm-daniel', subject: 'Hi', studentId: '', body: 'Hello' }),
      context,
    );
    expect(
      plan.ok && plan.operations[0]?.type === 'save' && plan.operations[0].item,
    ).not.toHaveProperty('studentId');
  });

  it('asks for a recipient, a subject and a message, keeping what was typed', () => {
    const plan = planNewConversation(form({ subject: ' ', body: '', studentId: 'leo' }), context);
    expect(plan).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: {
        recipients: 'Choose at least one person to write to.',
        subject: 'Enter the subject.',
        body: 'Enter the message.',
      },
      values: { studentId: 'leo' },
    });
  });

  it('refuses a subject or a message that is too long', () => {
    const plan = planNewConversation(
      form({
        recipients: 'm-daniel',
        subject: 's'.repeat(SUBJECT_MAX_LENGTH + 1),
        body: 'b'.repeat(MESSAGE_MAX_LENGTH + 1),
      }),
      context,
    );
    expect(plan).toMatchObject({
      ok: false,
      fieldErrors: {
        subject: `Subject can be at most ${SUBJECT_MAX_LENGTH} characters; this is ${SUBJECT_MAX_LENGTH + 1}.`,
        body: `Message can be at most 4,000 characters; this is 4,001.`,
      },
    });
  });

  it('refuses a recipient the sender may not write to, and the sender themselves', () => {
    for (const recipients of [['m-daniel', 'm-random-parent'], ['m-parent']]) {
      const plan = planNewConversation(form({ recipients, subject: 'Hi', body: 'Hello' }), context);
      expect(plan).toMatchObject({
        ok: false,
        fieldErrors: { recipients: RECIPIENT_REFUSED_MESSAGE },
      });
    }
  });

  it('refuses a child the sender may not see', () => {
    const plan = planNewConversation(
      form({ recipients: 'm-daniel', subject: 'Hi', studentId: 'someone-else', body: 'Hello' }),
      context,
    );
    expect(plan).toMatchObject({ ok: false, fieldErrors: { studentId: CHILD_REFUSED_MESSAGE } });
  });

  it('lets a parent or a student choose one person fewer than the most a conversation may have', () => {
    expect(recipientLimit(['parent'])).toBe(MAX_STARTED_PARTICIPANTS - 1);
    expect(recipientLimit(['student'])).toBe(MAX_STARTED_PARTICIPANTS - 1);
    expect(recipientLimit(['parent', 'student'])).toBe(MAX_STARTED_PARTICIPANTS - 1);
    for (const role of ['admin', 'superAdmin', 'administration', 'facilitator'] as const) {
      expect(recipientLimit([role])).toBeNull();
    }
    // A parent who is also a facilitator writes as facilitators do: without a limit.
    expect(recipientLimit(['parent', 'facilitator'])).toBeNull();
  });

  it('refuses more people than a parent may choose, counting each person once', () => {
    const many = Array.from({ length: 7 }, (_, i) => `m-fac-${i}`);
    const wide = { ...context, recipients: many.map(option) };
    const limit = MAX_STARTED_PARTICIPANTS - 1;
    const tooMany = planNewConversation(
      form({ recipients: many.slice(0, limit + 1), subject: 'Hi', body: 'Hello' }),
      wide,
    );
    expect(tooMany).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { recipients: tooManyRecipientsMessage(limit) },
      values: { subject: 'Hi', body: 'Hello' },
    });
    expect(tooManyRecipientsMessage(limit)).toBe(
      'Choose at most 5 people. A conversation you start can have 6 people, you included.',
    );

    const atLimit = planNewConversation(
      form({
        recipients: [...many.slice(0, limit), many[0] ?? ''],
        subject: 'Hi',
        body: 'Hello',
      }),
      wide,
    );
    expect(atLimit.ok).toBe(true);
    const conversation = atLimit.ok ? atLimit.operations[0] : undefined;
    expect(conversation?.type === 'save' && conversation.item.participantIds).toHaveLength(
      MAX_STARTED_PARTICIPANTS,
    );
  });

  it('lets staff and facilitators write to as many people as they choose', () => {
    const many = Array.from({ length: 12 }, (_, i) => `m-parent-${i}`);
    const plan = planNewConversation(form({ recipients: many, subject: 'Trip', body: 'Hello' }), {
      ...context,
      me: 'm-daniel',
      recipients: many.map(option),
      maxRecipients: recipientLimit(['facilitator']),
    });
    expect(plan.ok).toBe(true);
  });
});
