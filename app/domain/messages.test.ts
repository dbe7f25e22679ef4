import { describe, expect, it } from 'vitest';
import {
  formatBadgeCount,
  groupByDay,
  hasRead,
  messageNotification,
  messageRecordId,
  newMessageId,
  notificationHref,
  OFFICE_PARTICIPANT,
  participantIdsOf,
  PREVIEW_LENGTH,
  previewOf,
  readersOf,
  readReceiptPatch,
  splitMessageRecordId,
  takesPart,
  unreadCount,
} from './messages';

const message = (over: Partial<Parameters<typeof hasRead>[0]> = {}) => ({
  senderId: 'a',
  sentAt: '2025-03-03T09:00:00.000Z',
  readBy: ['a'],
  readAt: {},
  ...over,
});

describe('formatBadgeCount', () => {
  it('shows nothing for none, the count up to 9, and 9+ above 9', () => {
    expect(formatBadgeCount(0)).toBe('');
    expect(formatBadgeCount(-1)).toBe('');
    expect(formatBadgeCount(1)).toBe('1');
    expect(formatBadgeCount(9)).toBe('9');
    expect(formatBadgeCount(10)).toBe('9+');
    expect(formatBadgeCount(12)).toBe('9+');
  });
});

describe('message ids', () => {
  it('round-trips a cache id into its conversation and message ids', () => {
    const id = messageRecordId('conv-1', 'msg-2');
    expect(id).toBe('conv-1/msg-2');
    expect(splitMessageRecordId(id)).toEqual({ conversationId: 'conv-1', messageId: 'msg-2' });
  });

  it('refuses ids of another shape', () => {
    expect(splitMessageRecordId('conv-1')).toBeNull();
    expect(splitMessageRecordId('a/b/c')).toBeNull();
    expect(splitMessageRecordId('/b')).toBeNull();
    expect(splitMessageRecordId('a/')).toBeNull();
  });

  it('makes new message ids that sort like their times', () => {
    const earlier = newMessageId(1_700_000_000_000, () => 'zzzzzzzz');
    const later = newMessageId(1_700_000_000_001, () => '00000000');
    expect(earlier < later).toBe(true);
    expect(earlier).toMatch(/^msg-[0-9a-z]{9}-zzzzzzzz$/);
  });
});

describe('the office as a participant', () => {
  it('lets office staff answer for the office, and no one else', () => {
    expect(participantIdsOf('m1', ['administration'])).toEqual(['m1', OFFICE_PARTICIPANT]);
    expect(participantIdsOf('m1', ['parent'])).toEqual(['m1']);
    expect(takesPart(['p1', OFFICE_PARTICIPANT], 'm1', ['admin'])).toBe(true);
    expect(takesPart(['p1', OFFICE_PARTICIPANT], 'm1', ['facilitator'])).toBe(false);
    expect(takesPart(['p1', 'm1'], 'm1', ['facilitator'])).toBe(true);
  });
});

describe('read state', () => {
  it('counts a message as read by its sender, by anyone in readBy, and by anyone with a readAt', () => {
    expect(hasRead(message(), 'a')).toBe(true);
    expect(hasRead(message({ readBy: ['a', 'b'] }), 'b')).toBe(true);
    expect(hasRead(message({ readAt: { c: '2025-03-03T09:05:00.000Z' } }), 'c')).toBe(true);
    expect(hasRead(message(), 'b')).toBe(false);
    expect(unreadCount([message(), message({ readBy: ['a', 'b'] }), message()], 'b')).toBe(2);
  });

  it('marks a message read by adding the reader and their time, and does nothing when read', () => {
    const at = '2025-03-03T10:42:00.000Z';
    expect(readReceiptPatch(message(), 'b', at)).toEqual({ readBy: ['a', 'b'], 'readAt.b': at });
    expect(readReceiptPatch(message({ readBy: ['a', 'b'] }), 'b', at)).toBeNull();
    expect(readReceiptPatch(message(), 'a', at)).toBeNull();
  });

  it('lists the other readers with their times, earliest first, leaving out the sender and me', () => {
    const m = message({
      readBy: ['a', 'b', 'c', 'd'],
      readAt: { c: '2025-03-03T09:10:00.000Z', b: '2025-03-03T09:20:00.000Z' },
    });
    expect(readersOf(m, 'd')).toEqual([
      { memberUUID: 'c', at: '2025-03-03T09:10:00.000Z' },
      { memberUUID: 'b', at: '2025-03-03T09:20:00.000Z' },
    ]);
    expect(readersOf(message({ readBy: ['a', 'e'] }), 'a')).toEqual([
      { memberUUID: 'e', at: null },
    ]);
  });
});

describe('previewOf', () => {
  it('keeps one line and cuts long bodies with an ellipsis', () => {
    expect(previewOf('  Hello\n\nthere  ')).toBe('Hello there');
    const long = 'x'.repeat(PREVIEW_LENGTH + 20);
    const preview = previewOf(long);
    expect(preview).toHaveLength(PREVIEW_LENGTH);
    expect(preview.endsWith('…')).toBe(true);
    expect(previewOf('x'.repeat(PREVIEW_LENGTH))).toBe('x'.repeat(PREVIEW_LENGTH));
  });
});

describe('groupByDay', () => {
  it('groups messages by their UTC day, oldest first, in order within a day', () => {
    const groups = groupByDay([
      { id: 3, sentAt: '2025-03-04T08:00:00.000Z' },
      { id: 2, sentAt: '2025-03-03T17:00:00.000Z' },
      { id: 1, sentAt: '2025-03-03T09:00:00.000Z' },
    ]);
    expect(groups.map((g) => [g.day, g.messages.map((m) => m.id)])).toEqual([
      ['2025-03-03', [1, 2]],
      ['2025-03-04', [3]],
    ]);
    expect(groupByDay([])).toEqual([]);
  });
});

describe('notificationHref', () => {
  it.each([
    ['conversations/conv-1', '/dash/messages/conv-1'],
    ['conversations', '/dash/messages'],
    ['events/evt-1', '/dash/calendar?event=evt-1'],
    ['students/stu-1', '/dash/students/stu-1'],
    ['families/fam-1', '/dash/families/fam-1'],
    ['facilitators/fac-1', '/dash/facilitators/fac-1'],
    ['attendance', '/dash/attendance'],
    ['attendance/room-1_2025-03-03', '/dash/attendance'],
    ['parentInquiries/inq-1', '/dash/parent-inquiries?inquiry=inq-1'],
    ['parentInquiries', '/dash/parent-inquiries'],
    ['resources/res-1', '/dash/resources?resource=res-1'],
    ['resources', '/dash/resources'],
  ])('sends %s to %s', (actionItem, href) => {
    expect(notificationHref(actionItem)).toBe(href);
  });

  it('sends an absence alert to the report form, filled in for that child and day', () => {
    expect(notificationHref('absenceAlerts/stu-001_2026-11-27')).toBe(
      '/dash/absences/new?student=stu-001&date=2026-11-27',
    );
    // A student id may hold an underscore: the date is the id's last part.
    expect(notificationHref('absenceAlerts/stu_a b_2026-11-27')).toBe(
      '/dash/absences/new?student=stu_a%20b&date=2026-11-27',
    );
  });

  it('has no page for an absence alert whose id names no day', () => {
    expect(notificationHref('absenceAlerts/stu-001')).toBeNull();
    expect(notificationHref('absenceAlerts')).toBeNull();
    expect(notificationHref('absenceAlerts/stu-001_27-11-2026')).toBeNull();
  });

  it('has no page for an unknown kind, and encodes ids', () => {
    expect(notificationHref('unknown/x')).toBeNull();
    expect(notificationHref('')).toBeNull();
    expect(notificationHref('students/a b')).toBe('/dash/students/a%20b');
  });
});

describe('messageNotification', () => {
  it('writes a new, active notification for one recipient with a deterministic id', () => {
    const input = {
      conversationId: 'conv-1',
      messageId: 'msg-1',
      recipient: 'm2',
      senderName: 'Ama Owusu',
      subject: 'Early pick-up',
      date: '2025-03-03T09:00:00.000Z',
    };
    const { id, data } = messageNotification(input);
    expect(messageNotification(input).id).toBe(id);
    expect(data).toEqual({
      notificationUUID: id,
      memberUUID: 'm2',
      action: 'message',
      actionItem: 'conversations/conv-1',
      description: 'New message from Ama Owusu: Early pick-up',
      date: '2025-03-03T09:00:00.000Z',
      status: 'active',
      isNew: true,
    });
    expect(messageNotification({ ...input, recipient: 'm3' }).id).not.toBe(id);
  });
});
