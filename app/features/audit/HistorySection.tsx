// The "History" section of a student's, a family's and a member's page (issue 28): who changed
// what and when, from the audit trail, for the people the permission matrix lets read it (admins
// and superAdmins); for everyone else it is not there at all. It reads online when it appears, again
// when the connection comes back, and again when the record's changes reach the backend (the
// outbox's acknowledgement), so an edit just made shows once it is saved there. Each state says
// what it is: loading, offline, failed (with a retry), none recorded, or the entries.
import { useCallback, useEffect, useId, useState } from 'react';
import { usePersonZone } from '~/auth/person-zone-context';
import { useSession } from '~/auth/session';
import { store } from '~/data/store';
import { useSyncStatus } from '~/data/sync-status';
import { collectionAccess } from '~/domain/permissions';
import { CACHED_COLLECTION_NAMES } from '~/domain/server/versions';
import { useSettings } from '~/settings/store';
import { Button } from '~/ui/Button';
import {
  describeAuditEntry,
  HISTORY_LIMIT,
  HISTORY_MESSAGES,
  loadHistory,
  writerNames,
  type AuditedRecordCollection,
} from './history';

export interface HistorySectionProps {
  /** The audited collection, as stored ('students', 'families', 'Members'). */
  collection: AuditedRecordCollection;
  docId: string;
  className?: string;
}

type HistoryState =
  | { status: 'loading' }
  | { status: 'offline' }
  | { status: 'failed' }
  | { status: 'ready'; lines: Array<{ id: string; text: string }> };

/** The section, for people who may read the audit trail; nothing for anyone else. */
export function HistorySection(props: HistorySectionProps) {
  const { user } = useSession();
  if (!user || collectionAccess(user.roles, 'auditLog') === 'none') return null;
  return <History {...props} />;
}

function History({ collection, docId, className }: HistorySectionProps) {
  const skin = useSettings((s) => s.skin);
  const headingId = useId();
  const { isOnline } = useSyncStatus();
  const timeZone = usePersonZone();
  const [state, setState] = useState<HistoryState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    if (!isOnline) {
      setState({ status: 'offline' });
      return;
    }
    let current = true;
    setState((previous) => (previous.status === 'ready' ? previous : { status: 'loading' }));
    void (async () => {
      try {
        const entries = await loadHistory(collection, docId);
        const names = await writerNames(entries);
        if (!current) return;
        setState({
          status: 'ready',
          lines: entries.map((entry) => ({
            id: entry.id,
            text: describeAuditEntry(entry, names, timeZone),
          })),
        });
      } catch {
        if (current) setState({ status: 'failed' });
      }
    })();
    return () => {
      current = false;
    };
  }, [collection, docId, isOnline, attempt, timeZone]);

  // The record's changes reaching the backend (or arriving from it) may have added an entry.
  const cacheName = CACHED_COLLECTION_NAMES[collection] ?? collection;
  useEffect(
    () =>
      store.subscribe((event) => {
        if (event.source !== 'local' && event.collections.includes(cacheName)) retry();
      }),
    [cacheName, retry],
  );

  return (
    <section
      aria-labelledby={headingId}
      aria-busy={state.status === 'loading'}
      className={`p-6 ${skin.card} ${skin.rounded} ${className ?? ''}`}
    >
      <h2 id={headingId} className="text-xl font-semibold">
        History
      </h2>
      {state.status === 'loading' ? (
        <p role="status" className="mt-4 text-muted">
          {HISTORY_MESSAGES.loading}
        </p>
      ) : state.status === 'offline' ? (
        <p role="status" className={`mt-4 p-3 ${skin.info} ${skin.rounded}`}>
          {HISTORY_MESSAGES.offline}
        </p>
      ) : state.status === 'failed' ? (
        <div role="alert" className={`mt-4 p-3 ${skin.error} ${skin.rounded}`}>
          <p>{HISTORY_MESSAGES.failed}</p>
          <Button variant="secondary" onClick={retry} className="mt-2">
            Try again
          </Button>
        </div>
      ) : state.lines.length === 0 ? (
        <p className="mt-4 text-muted">{HISTORY_MESSAGES.empty}</p>
      ) : (
        <>
          <ol className="mt-4 grid gap-2">
            {state.lines.map((line) => (
              <li key={line.id}>{line.text}</li>
            ))}
          </ol>
          {state.lines.length >= HISTORY_LIMIT ? (
            <p className="mt-3 text-sm text-muted">{HISTORY_MESSAGES.limited}</p>
          ) : null}
        </>
      )}
    </section>
  );
}
