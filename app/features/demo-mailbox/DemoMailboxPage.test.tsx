// The demo mailbox shows what the fake would have sent: the HTML part only inside a sandboxed frame
// (never as the app's own markup), the text part's links as links, and the list re-read when the
// fake writes to its outbox.
import { createRemixStub } from '@remix-run/testing';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PersonZoneContext } from '~/auth/person-zone-context';
import { mailDocument } from '~/domain/server/mail';
import { DemoMailboxPage } from './DemoMailboxPage';
import { outboxItems, type OutboxItem } from './outbox';

type Doc = { id: string; data: unknown };

/** A fake with an outbox and a change feed, as `globalThis.__fakeFirebase` offers it. */
function installFake(initial: { mail?: Doc[]; demoPushes?: Doc[] } = {}) {
  const collections = new Map<string, Doc[]>(Object.entries(initial));
  const listeners = new Set<(event: unknown) => void>();
  const fake = {
    listDocuments: async (collection: string) => collections.get(collection) ?? [],
    onChange: (listener: (event: unknown) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    write(collection: string, doc: Doc) {
      collections.set(collection, [...(collections.get(collection) ?? []), doc]);
      for (const listener of listeners) listener({ path: `${collection}/${doc.id}` });
    },
    listeners,
  };
  Reflect.set(globalThis, '__fakeFirebase', fake);
  return fake;
}

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(globalThis, '__fakeFirebase');
});

const hostile = mailDocument({
  to: 'amara@example.com',
  subject: 'You are invited <img src=x onerror=alert(1)>',
  paragraphs: ['Hello <script>alert(1)</script>'],
  action: {
    label: 'Set your password',
    url: 'http://localhost/auth/action?mode=resetPassword&oobCode=abc',
  },
  kind: 'invitation',
  createdAt: '2026-11-28T09:00:00.000Z',
});

function renderPage(initial: OutboxItem[] | null) {
  const Stub = createRemixStub([
    {
      path: '/',
      Component: () => (
        <PersonZoneContext.Provider value="UTC">
          <DemoMailboxPage title="Demo mailbox" description="What was sent" initial={initial} />
        </PersonZoneContext.Provider>
      ),
    },
  ]);
  render(<Stub />);
}

describe('DemoMailboxPage', () => {
  it('says nothing was sent yet, and why', async () => {
    installFake();
    renderPage([]);
    expect(await screen.findByText(/^Nothing was sent yet\./)).toBeInTheDocument();
    expect(screen.getByText(/everyone signed in to the demo sees it/)).toBeInTheDocument();
  });

  it('shows an e-mail with its text as text, its links as links and its HTML only in a sandbox', async () => {
    installFake({ mail: [{ id: 'm1', data: hostile }] });
    renderPage(outboxItems([{ id: 'm1', data: hostile }], []));
    const mail = await screen.findByRole('article', { name: /^E-mail: You are invited/ });
    expect(within(mail).getByRole('heading', { level: 2 })).toHaveTextContent(
      'E-mail: You are invited <img src=x onerror=alert(1)>',
    );
    expect(mail.querySelector('img, script')).toBeNull();
    expect(within(mail).getByText('amara@example.com')).toBeInTheDocument();
    expect(within(mail).getByText('invitation')).toBeInTheDocument();
    expect(within(mail).getByText('Sat 28 Nov 2026, 09:00')).toBeInTheDocument();
    expect(within(mail).getByRole('link', { name: /oobCode=abc/ })).toHaveAttribute(
      'href',
      'http://localhost/auth/action?mode=resetPassword&oobCode=abc',
    );
    const frame = within(mail).getByTitle(/^HTML part of the e-mail/);
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('shows a push with its recipient, payload link, tag and badge', async () => {
    const pushes = [
      {
        id: 'p1',
        data: {
          memberUUID: 'uuid-parent',
          deviceIds: ['d1'],
          payload: {
            title: 'Daniel Mensah',
            body: 'See you tomorrow',
            link: '/dash/messages/c1?notification=n1',
            tag: 'conversation:c1',
            badge: 2,
          },
          sentAt: '2026-11-28T10:00:00.000Z',
        },
      },
    ];
    installFake({ demoPushes: pushes });
    renderPage(outboxItems([], pushes));
    const push = await screen.findByRole('article', { name: 'Push: Daniel Mensah' });
    expect(within(push).getByText('See you tomorrow')).toBeInTheDocument();
    expect(within(push).getByText('uuid-parent (1 device)')).toBeInTheDocument();
    expect(within(push).getByRole('link')).toHaveAttribute(
      'href',
      '/dash/messages/c1?notification=n1',
    );
    expect(within(push).getByText('conversation:c1')).toBeInTheDocument();
    expect(within(push).getByText('2')).toBeInTheDocument();
  });

  it('lists what the fake writes to its outbox after the page opened, newest first', async () => {
    const fake = installFake({ mail: [{ id: 'm1', data: hostile }] });
    renderPage(outboxItems([{ id: 'm1', data: hostile }], []));
    await screen.findByRole('article', { name: /^E-mail: You are invited/ });
    await act(async () => {
      fake.write('mail', {
        id: 'm2',
        data: {
          ...hostile,
          message: { ...hostile.message, subject: 'New event: Sports day' },
          createdAt: '2026-11-28T11:00:00.000Z',
        },
      });
    });
    const second = await screen.findByRole('article', { name: 'E-mail: New event: Sports day' });
    const articles = screen.getAllByRole('article');
    expect(articles[0]).toBe(second);
    expect(screen.getByRole('status')).toHaveTextContent('2 e-mails and 0 pushes, newest first.');
  });

  it('stops listening to the fake when it closes', async () => {
    const fake = installFake();
    renderPage([]);
    await screen.findByText(/^Nothing was sent yet\./);
    expect(fake.listeners.size).toBe(1);
    cleanup();
    expect(fake.listeners.size).toBe(0);
  });
});
