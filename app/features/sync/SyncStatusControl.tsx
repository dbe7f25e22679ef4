// The header's sync status (spec §3 "Sync status"): a button whose accessible name says online or
// offline, syncing, and how many changes wait; it opens a panel with the pending changes (Retry and
// Discard for the ones the backend refused), the last sync time and the sync error. A polite live
// region announces changes of state to screen-reader users.
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import type { PendingChange } from '~/data/db';
import type { SyncEngine, SyncStatus } from '~/data/sync-engine';
import { syncEngine } from '~/data/sync-status';

type EngineLike = Pick<
  SyncEngine,
  'getStatus' | 'subscribeStatus' | 'sync' | 'retryChange' | 'discardChange'
>;

export function describeSyncStatus(status: SyncStatus): string {
  const parts = [status.isOnline ? 'Online' : 'Offline'];
  if (status.isSyncing) parts.push('syncing');
  const n = status.pendingChanges;
  parts.push(n === 0 ? 'all changes saved' : `${n} pending ${n === 1 ? 'change' : 'changes'}`);
  if (status.failedChanges.length > 0) parts.push(`${status.failedChanges.length} failed`);
  return parts.join(', ');
}

const OPERATION_LABEL: Record<PendingChange['operation'], string> = {
  create: 'New',
  update: 'Edit of',
  delete: 'Deletion of',
};

function formatTime(time: number | null): string {
  if (time === null) return 'Never';
  return new Date(time).toLocaleString();
}

export function SyncStatusControl({ engine = syncEngine }: { engine?: EngineLike }) {
  const status = useSyncExternalStore(engine.subscribeStatus, engine.getStatus, engine.getStatus);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const headingId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const label = describeSyncStatus(status);

  useEffect(() => {
    if (!open) return;
    headingRef.current?.focus();
    // Escape closes the panel from anywhere inside it and gives focus back to the button.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  function close() {
    setOpen(false);
    buttonRef.current?.focus();
  }

  const dotClass = !status.isOnline
    ? 'bg-warning'
    : status.failedChanges.length > 0 || status.syncError
      ? 'bg-danger'
      : 'bg-success';

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={`Sync status: ${label}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => (open ? close() : setOpen(true))}
        className="inline-flex items-center gap-2 rounded border border-border bg-card px-3 py-1 text-sm text-fg"
      >
        <span aria-hidden="true" className={`inline-block h-2 w-2 rounded-full ${dotClass}`} />
        <span aria-hidden="true">
          {status.isSyncing ? 'Syncing…' : status.isOnline ? 'Online' : 'Offline'}
          {status.pendingChanges > 0 ? ` · ${status.pendingChanges}` : ''}
        </span>
      </button>
      <span role="status" aria-live="polite" className="sr-only">
        {label}
      </span>
      {open ? (
        <section
          id={panelId}
          aria-labelledby={headingId}
          className="absolute right-0 z-20 mt-2 w-[min(20rem,calc(100vw-1rem))] rounded border border-border bg-card p-4 text-fg shadow-lg"
        >
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-base font-semibold">
            Sync status
          </h2>
          <dl className="mt-2 grid grid-cols-2 gap-1 text-sm">
            <dt className="text-muted">Connection</dt>
            <dd>{status.isOnline ? 'Online' : 'Offline'}</dd>
            <dt className="text-muted">State</dt>
            <dd>{status.isSyncing ? 'Syncing' : 'Idle'}</dd>
            <dt className="text-muted">Pending changes</dt>
            <dd>{status.pendingChanges}</dd>
            <dt className="text-muted">Last sync</dt>
            <dd>{formatTime(status.lastSyncTime)}</dd>
          </dl>
          {status.syncError ? (
            <p className="mt-2 text-sm text-danger">Sync error: {status.syncError}</p>
          ) : null}
          {status.pending.length > 0 ? (
            <ul
              aria-label="Pending changes"
              className="mt-3 max-h-64 space-y-2 overflow-auto text-sm"
            >
              {status.pending.map((change) => (
                <li key={change.id} className="rounded border border-border p-2">
                  <p>
                    {OPERATION_LABEL[change.operation]} {change.collectionName} {change.itemId}
                    {change.retryCount > 0 ? (
                      <span className="text-muted"> (tried {change.retryCount + 1} times)</span>
                    ) : null}
                  </p>
                  {change.error !== undefined ? (
                    <>
                      <p className="text-danger">{change.error}</p>
                      <div className="mt-1 flex gap-2">
                        <button
                          type="button"
                          className="rounded bg-primary px-2 py-1 text-on-primary"
                          aria-label={`Retry ${change.collectionName} ${change.itemId}`}
                          onClick={() => void engine.retryChange(change.id)}
                        >
                          Retry
                        </button>
                        <button
                          type="button"
                          className="rounded border border-border px-2 py-1 text-danger"
                          aria-label={`Discard ${change.collectionName} ${change.itemId}`}
                          onClick={() => void engine.discardChange(change.id)}
                        >
                          Discard
                        </button>
                      </div>
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-sm text-success">Every change has reached the server.</p>
          )}
          <div className="mt-3 flex justify-end gap-2">
            <button
              type="button"
              className="rounded bg-primary px-3 py-1 text-sm text-on-primary disabled:opacity-50"
              disabled={!status.isOnline || status.isSyncing}
              onClick={() => void engine.sync()}
            >
              Sync now
            </button>
            <button
              type="button"
              className="rounded border border-border px-3 py-1 text-sm"
              onClick={close}
            >
              Close
            </button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
