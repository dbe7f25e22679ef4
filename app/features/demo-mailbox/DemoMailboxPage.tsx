// The demo mailbox (issue 31): every e-mail and push the fake would have sent, newest first, kept
// up to date through the fake's change feed. E-mails show their plain-text part with its links
// clickable (an invitation's link is how an invited person sets a password in the demo) and their
// HTML part in a sandboxed frame, which runs no script and follows no link.
import { Link } from '@remix-run/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { usePersonZone } from '~/auth/person-zone-context';
import { formatDateTime } from '~/domain/format';
import { PREFERENCES_PATH } from '~/domain/server/mail';
import { useSettings } from '~/settings/store';
import { PageHeading } from '~/ui/PageHeading';
import {
  fakeOutboxSource,
  linkify,
  readOutbox,
  type OutboxItem,
  type OutboxMail,
  type OutboxPush,
} from './outbox';

export const OUTBOX_UNAVAILABLE = 'The demo mailbox cannot be read right now. Reload the page.';

const WATCHED = /^(mail|demoPushes)\//;

/** Whether a change event of the fake may concern the outbox (an unreadable event might). */
function concernsOutbox(event: unknown): boolean {
  const path: unknown =
    typeof event === 'object' && event !== null ? Reflect.get(event, 'path') : undefined;
  return typeof path !== 'string' || WATCHED.test(path);
}

/** The outbox, re-read whenever the fake writes to it. */
function useOutbox(initial: OutboxItem[] | null) {
  const [items, setItems] = useState(initial);
  const [failed, setFailed] = useState(initial === null);
  const latest = useRef(0);
  useEffect(() => {
    const source = fakeOutboxSource();
    if (!source) return undefined;
    let active = true;
    const refresh = () => {
      // Only the newest read may land: an older one finishing late would show a stale list.
      const ticket = ++latest.current;
      readOutbox(source).then(
        (next) => {
          if (!active || ticket !== latest.current) return;
          setItems(next);
          setFailed(false);
        },
        () => {
          if (active && ticket === latest.current) setFailed(true);
        },
      );
    };
    const unsubscribe = source.onChange((event) => {
      if (concernsOutbox(event)) refresh();
    });
    // What was written between the loader's read and the subscription.
    refresh();
    return () => {
      active = false;
      unsubscribe();
    };
  }, []);
  return { items, failed };
}

export function DemoMailboxPage({
  title,
  description,
  initial,
}: {
  title: string;
  description: string;
  initial: OutboxItem[] | null;
}) {
  const { items, failed } = useOutbox(initial);
  const skin = useSettings((s) => s.skin);
  const mails = items?.filter((item) => item.type === 'mail').length ?? 0;
  const pushes = (items?.length ?? 0) - mails;
  return (
    <>
      <PageHeading title={title} lead={description} />
      <div className="grid max-w-3xl gap-4">
        <p className={`p-3 ${skin.info} ${skin.rounded}`}>
          This is the demo&apos;s outbox, and everyone signed in to the demo sees it. A real
          installation sends these e-mails through the school&apos;s mail provider and these pushes
          to people&apos;s phones and computers; nothing here leaves this demo. Each person chooses
          what reaches them in{' '}
          <Link to={PREFERENCES_PATH} className="underline">
            their profile&apos;s Notifications section
          </Link>
          .
        </p>
        {failed ? (
          <p role="alert" className={`p-3 ${skin.error} ${skin.rounded}`}>
            {OUTBOX_UNAVAILABLE}
          </p>
        ) : null}
        {items && items.length === 0 ? (
          <p className="text-muted">
            Nothing was sent yet. E-mails and pushes appear here when something would reach someone
            outside the app: a new message to a person who chose push, an invitation, an e-mail for
            a kind of notice someone chose e-mail for, or a daily digest.
          </p>
        ) : null}
        {items && items.length > 0 ? (
          <>
            <p role="status" className="text-muted">
              {mails} {mails === 1 ? 'e-mail' : 'e-mails'} and {pushes}{' '}
              {pushes === 1 ? 'push' : 'pushes'}, newest first.
            </p>
            <ol className="grid gap-4" aria-label="Sent e-mails and pushes">
              {items.map((item) => (
                <li key={`${item.type}:${item.id}`}>
                  {item.type === 'mail' ? <MailCard mail={item} /> : <PushCard push={item} />}
                </li>
              ))}
            </ol>
          </>
        ) : null}
      </div>
    </>
  );
}

function When({ at }: { at: string }) {
  const timeZone = usePersonZone();
  const shown = formatDateTime(at, timeZone);
  return shown ? <time dateTime={at}>{shown}</time> : <span>time unknown</span>;
}

function Details({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium">{term}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function MailCard({ mail }: { mail: OutboxMail }) {
  const skin = useSettings((s) => s.skin);
  return (
    <article
      aria-label={`E-mail: ${mail.subject}`}
      className={`p-4 ${skin.card} ${skin.rounded}`}
      data-testid="outbox-mail"
    >
      <h2 className="text-lg font-semibold">
        <span className="text-muted">E-mail: </span>
        {mail.subject || '(no subject)'}
      </h2>
      <Details
        rows={[
          ['To', mail.to.join(', ') || '(nobody)'],
          ['Kind', mail.kind],
          ['Written', <When key="at" at={mail.at} />],
        ]}
      />
      <h3 className="mt-3 text-sm font-medium">Text part</h3>
      <p className="mt-1 whitespace-pre-wrap break-words text-sm" data-testid="outbox-mail-text">
        {linkify(mail.text).map((part, index) =>
          part.type === 'link' ? (
            <a key={index} href={part.href} className="underline">
              {part.href}
            </a>
          ) : (
            <span key={index}>{part.text}</span>
          ),
        )}
      </p>
      {mail.html ? (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-medium">HTML part</summary>
          {/* sandbox="": no script, no form, no navigation, and another origin than the app's. */}
          <iframe
            title={`HTML part of the e-mail "${mail.subject}"`}
            sandbox=""
            srcDoc={mail.html}
            className={`mt-2 h-48 w-full border border-border bg-white ${skin.rounded}`}
          />
        </details>
      ) : null}
    </article>
  );
}

function PushCard({ push }: { push: OutboxPush }) {
  const skin = useSettings((s) => s.skin);
  return (
    <article
      aria-label={`Push: ${push.title}`}
      className={`p-4 ${skin.card} ${skin.rounded}`}
      data-testid="outbox-push"
    >
      <h2 className="text-lg font-semibold">
        <span className="text-muted">Push: </span>
        {push.title || '(no title)'}
      </h2>
      <p className="mt-1 whitespace-pre-wrap break-words">{push.body}</p>
      <Details
        rows={[
          ['To', `${push.to} (${push.devices} ${push.devices === 1 ? 'device' : 'devices'})`],
          ['Sent', <When key="at" at={push.at} />],
          [
            'Link',
            push.link.startsWith('/') ? (
              <Link to={push.link} className="underline">
                {push.link}
              </Link>
            ) : (
              push.link
            ),
          ],
          ['Tag', push.tag],
          ['Badge', push.badge === null ? 'none' : String(push.badge)],
        ]}
      />
    </article>
  );
}
