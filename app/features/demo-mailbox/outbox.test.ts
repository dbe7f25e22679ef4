import { describe, expect, it, vi } from 'vitest';
import { mailDocument } from '~/domain/server/mail';
import { fakeOutboxSource, linkify, outboxItems, readOutbox } from './outbox';

const invitation = mailDocument({
  to: 'amara@example.com',
  subject: 'You are invited to Learning Centre',
  paragraphs: ['Hello <Amara> & family,', 'Set your password to sign in.'],
  action: {
    label: 'Set your password',
    url: 'http://localhost:4304/auth/action?mode=resetPassword&oobCode=abc',
  },
  kind: 'invitation',
  createdAt: '2026-11-28T09:00:00.000Z',
});

const push = {
  memberUUID: 'uuid-parent',
  deviceIds: ['d1', 'd2'],
  tokens: ['demo:d1', 'demo:d2'],
  payload: {
    title: 'Daniel Mensah',
    body: 'See you tomorrow',
    link: '/dash/messages/c1?notification=n1',
    tag: 'conversation:c1',
    badge: 3,
  },
  notificationId: 'n1',
  sentAt: '2026-11-28T10:00:00.000Z',
};

describe('outboxItems', () => {
  it('lists e-mails and pushes together, newest first, with the push recipient named', () => {
    const items = outboxItems(
      [{ id: 'm1', data: invitation }],
      [{ id: 'p1', data: push }],
      [
        {
          id: 'uid-1',
          data: { memberUUID: 'uuid-parent', displayName: 'Ama Owusu', email: 'ama@example.com' },
        },
      ],
    );
    expect(items.map((i) => `${i.type}:${i.id}`)).toEqual(['push:p1', 'mail:m1']);
    expect(items[0]).toMatchObject({
      to: 'Ama Owusu <ama@example.com>',
      devices: 2,
      title: 'Daniel Mensah',
      link: '/dash/messages/c1?notification=n1',
      tag: 'conversation:c1',
      badge: 3,
    });
    expect(items[1]).toMatchObject({
      to: ['amara@example.com'],
      subject: 'You are invited to Learning Centre',
      kind: 'invitation',
      at: '2026-11-28T09:00:00.000Z',
    });
  });

  it('reads a Date or a Timestamp-like time, and puts an unreadable one last', () => {
    const items = outboxItems(
      [
        { id: 'a', data: { ...invitation, createdAt: new Date('2026-11-28T08:00:00Z') } },
        {
          id: 'b',
          data: {
            ...invitation,
            createdAt: { seconds: Date.parse('2026-11-28T11:00:00Z') / 1000 },
          },
        },
        { id: 'c', data: { ...invitation, createdAt: 42 } },
      ],
      [],
    );
    expect(items.map((i) => [i.id, i.at])).toEqual([
      ['b', '2026-11-28T11:00:00.000Z'],
      ['a', '2026-11-28T08:00:00.000Z'],
      ['c', ''],
    ]);
  });

  it('leaves out a document that is not an e-mail or a push', () => {
    expect(
      outboxItems([{ id: 'x', data: { to: 'a@b.c' } }], [{ id: 'y', data: 'nonsense' }]),
    ).toEqual([]);
  });
});

describe('linkify', () => {
  it('cuts the text part into text and http(s) links, leaving a trailing full stop as text', () => {
    expect(linkify('Set it here: https://a.example/x?y=1. Or javascript:alert(1)')).toEqual([
      { type: 'text', text: 'Set it here: ' },
      { type: 'link', href: 'https://a.example/x?y=1' },
      { type: 'text', text: '. Or javascript:alert(1)' },
    ]);
  });

  it('keeps text without links whole', () => {
    expect(linkify('No links <b>here</b>')).toEqual([
      { type: 'text', text: 'No links <b>here</b>' },
    ]);
  });
});

describe('fakeOutboxSource', () => {
  it('is null without a fake', () => {
    expect(fakeOutboxSource({})).toBeNull();
  });

  it('awaits the fake (in the page or remote) and reads both collections', async () => {
    const listDocuments = vi.fn(async (collection: string) =>
      collection === 'mail'
        ? [{ id: 'm1', data: invitation }]
        : collection === 'demoPushes'
          ? [{ id: 'p1', data: push }]
          : [],
    );
    const unsubscribe = vi.fn();
    const onChange = vi.fn(() => unsubscribe);
    const source = fakeOutboxSource({ __fakeFirebase: { listDocuments, onChange } });
    expect(source).not.toBeNull();
    const items = await readOutbox(source!);
    expect(listDocuments.mock.calls.map(([c]) => c).sort()).toEqual([
      'Members',
      'demoPushes',
      'mail',
    ]);
    expect(items).toHaveLength(2);
    source!.onChange(() => undefined)();
    expect(unsubscribe).toHaveBeenCalledOnce();
  });
});
