import { describe, expect, it } from 'vitest';
import { deviceTimeZone } from '~/domain/clock';
import {
  childOptions,
  filterInbox,
  formatClock,
  formatDayHeading,
  formatInboxTime,
  inboxQueryToSearch,
  parseInboxQuery,
} from './inbox';
import type { InboxItem, StudentRecord } from './load';

function student(id: string, firstName: string): StudentRecord {
  return {
    id,
    firstName,
    lastName: 'Aguilar',
    familyId: 'fam-1',
    campusId: 'c1',
    dateOfBirth: '2015-01-01',
    status: 'enrolled',
    classroomIds: [],
    notes: '',
  };
}

function item(
  id: string,
  subject: string,
  options: { child?: StudentRecord; unread?: number; with?: string; archived?: boolean } = {},
): InboxItem {
  return {
    conversation: {
      id,
      subject,
      participantIds: ['me', options.with ?? 'someone'],
      lastMessagePreview: '',
      ...(options.child ? { studentId: options.child.id } : {}),
    },
    messages: [],
    last: null,
    lastAt: '2025-03-03T10:00:00.000Z',
    preview: '',
    unread: options.unread ?? 0,
    student: options.child ?? null,
    participant: true,
    archived: options.archived ? { at: '2025-03-04T08:00:00.000Z', by: 'me' } : null,
  };
}

const leo = student('stu-1', 'Leo');
const ivy = student('stu-2', 'Ivy');
const names: Record<string, string> = { daniel: 'Daniel Mensah', office: 'The office' };
const inbox = [
  item('c1', "Leo's maths progress", { child: leo, unread: 2, with: 'daniel' }),
  item('c2', 'Early pick-up on Friday', { child: ivy, with: 'office' }),
  item('c3', 'Homework question', { with: 'daniel', unread: 1 }),
];
const participantNames = (i: InboxItem) =>
  i.conversation.participantIds.map((id) => names[id] ?? id);

describe('the inbox query', () => {
  it('reads the child, the unread switch and the search from the URL', () => {
    expect(parseInboxQuery(new URLSearchParams('child=stu-1&unread=1&q=%20maths%20'))).toEqual({
      child: 'stu-1',
      unreadOnly: true,
      q: 'maths',
      archived: false,
    });
    expect(parseInboxQuery(new URLSearchParams('unread=yes'))).toEqual({
      child: '',
      unreadOnly: false,
      q: '',
      archived: false,
    });
  });

  it('writes a tidy URL that leaves out empty filters', () => {
    expect(inboxQueryToSearch({ child: '', unreadOnly: false, q: '', archived: false })).toBe('');
    expect(
      inboxQueryToSearch({ child: 'stu-1', unreadOnly: true, q: 'pick up', archived: true }),
    ).toBe('?child=stu-1&unread=1&q=pick+up&archived=1');
    expect(parseInboxQuery(new URLSearchParams('archived=1')).archived).toBe(true);
  });
});

describe('filtering and searching the inbox', () => {
  it('keeps only the conversations about the chosen child', () => {
    const kept = filterInbox(
      inbox,
      { child: 'stu-2', unreadOnly: false, q: '', archived: false },
      participantNames,
    );
    expect(kept.map((i) => i.conversation.id)).toEqual(['c2']);
  });

  it('keeps only conversations with unread messages when asked, in the same order', () => {
    const kept = filterInbox(
      inbox,
      { child: '', unreadOnly: true, q: '', archived: false },
      participantNames,
    );
    expect(kept.map((i) => i.conversation.id)).toEqual(['c1', 'c3']);
  });

  it('searches the subject and the participant names, every word, ignoring case', () => {
    const search = (q: string) =>
      filterInbox(
        inbox,
        { child: '', unreadOnly: false, q, archived: false },
        participantNames,
      ).map((i) => i.conversation.id);
    expect(search('MATHS')).toEqual(['c1']);
    expect(search('daniel')).toEqual(['c1', 'c3']);
    expect(search('office friday')).toEqual(['c2']);
    expect(search('daniel friday')).toEqual([]);
  });

  it('hides archived conversations unless the Archived filter asks for them, and then shows only those', () => {
    const withArchived = [
      ...inbox,
      item('c4', 'Bullying report', { with: 'office', archived: true }),
    ];
    const ids = (archived: boolean, q = '') =>
      filterInbox(
        withArchived,
        { child: '', unreadOnly: false, q, archived },
        participantNames,
      ).map((i) => i.conversation.id);
    expect(ids(false)).toEqual(['c1', 'c2', 'c3']);
    expect(ids(true)).toEqual(['c4']);
    expect(ids(true, 'bullying')).toEqual(['c4']);
    expect(ids(false, 'bullying')).toEqual([]);
  });

  it('ignores accents in the search', () => {
    const kept = filterInbox(
      [item('c9', 'Réunion de parents')],
      { child: '', unreadOnly: false, q: 'reunion', archived: false },
      participantNames,
    );
    expect(kept).toHaveLength(1);
  });

  it('offers as children only those the conversations are about, by name', () => {
    expect(childOptions(inbox)).toEqual([
      { id: 'stu-2', name: 'Ivy Aguilar' },
      { id: 'stu-1', name: 'Leo Aguilar' },
    ]);
  });
});

describe('times in the inbox and the thread', () => {
  it('shows the clock for today and a short date for other days', () => {
    // Local dates, read in the device's zone.
    const here = deviceTimeZone();
    const now = new Date(2025, 2, 3, 18, 0);
    expect(formatInboxTime(new Date(2025, 2, 3, 9, 5).toISOString(), now, here)).toBe('09:05');
    expect(formatInboxTime(new Date(2025, 2, 1, 9, 5).toISOString(), now, here)).toBe('Sat 1 Mar');
    expect(formatInboxTime(new Date(2024, 11, 24, 9, 5).toISOString(), now, here)).toBe(
      'Tue 24 Dec 2024',
    );
    expect(formatInboxTime('', now, here)).toBe('');
  });

  it('reads today and the time by the campus clock, naming a zone other than the device’s', () => {
    // Now is Saturday 09:12 in Kolkata and still Friday 19:42 in Los Angeles. 17:00 UTC on Friday
    // was Friday 22:30 in Kolkata (another day) and Friday 09:00 in Los Angeles (today).
    const now = new Date('2026-11-28T03:42:00Z');
    expect(formatInboxTime('2026-11-27T17:00:00Z', now, 'Asia/Kolkata')).toBe('Fri 27 Nov');
    expect(formatInboxTime('2026-11-27T17:00:00Z', now, 'America/Los_Angeles')).toMatch(/^09:00\b/);
    expect(formatClock('2026-11-27T19:00:00Z', 'Pacific/Tongatapu')).toMatch(/^08:00\b/);
  });

  it('names the thread days Today, Yesterday, or by weekday and date', () => {
    expect(formatDayHeading('2025-03-03', '2025-03-03')).toBe('Today');
    expect(formatDayHeading('2025-03-02', '2025-03-03')).toBe('Yesterday');
    expect(formatDayHeading('2025-02-27', '2025-03-03')).toBe('Thursday 27 February');
    expect(formatDayHeading('2024-12-24', '2025-03-03')).toBe('Tuesday 24 December 2024');
  });
});
