// The header's sync status (spec §3 "Sync status"): a button whose accessible name says online or
// offline, syncing, and how many changes wait; it opens a panel with the pending changes (Retry and
// Discard for the ones the backend refused), the last sync time and the sync error. A polite live
// region announces changes of state to screen-reader users. "Sync now" sends the queue and then
// fetches what changed elsewhere (decision 053); while it runs the button says which, and the panel
// says "Up to date" only when both finished without an error.
//
// The panel is a react-aria-components popover dialog: it places itself beside the button and
// stays inside the viewport (it used to hang off the left edge of a 390 px phone), and it brings
// focus in, closes on Escape or a click outside, and hands focus back to the button.
import { Link } from '@remix-run/react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import {
  Button as AriaButton,
  Dialog,
  DialogTrigger,
  Heading,
  Popover,
} from 'react-aria-components';
import { usePersonZone } from '~/auth/person-zone-context';
import { INVALID_DATA_CODE } from '~/data/change-validation';
import type { PendingChange } from '~/data/db';
import type { SyncEngine, SyncState, SyncStatus } from '~/data/sync-engine';
import { syncEngine } from '~/data/sync-status';
import { formatDateTime } from '~/domain/format';
import { useSettings } from '~/settings/store';
import { Badge } from '~/ui/Badge';
import { Button, useButtonClasses } from '~/ui/Button';
import { ACTION_ICONS, CONNECTION_ICONS, Icon, STATUS_ICONS } from '~/ui/icons';

type EngineLike = Pick<
  SyncEngine,
  'getStatus' | 'subscribeStatus' | 'syncNow' | 'retryChange' | 'discardChange'
>;

/** The engine's state in the panel's words. */
export const STATE_LABEL: Record<SyncState, string> = {
  idle: 'Idle',
  scheduled: 'Sync scheduled',
  sending: 'Sending changes',
  refreshing: 'Fetching changes',
  'backing-off': 'Waiting to retry',
  stopped: 'Stopped',
};

export const UP_TO_DATE_MESSAGE = 'Up to date';
export const NOT_UP_TO_DATE_MESSAGE = 'Not up to date yet: the next sync tries again.';

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

/** The edit form of a change's record, where one exists and the record is not being deleted. */
export function editHref(change: PendingChange): string | null {
  if (change.operation === 'delete') return null;
  const id = encodeURIComponent(change.itemId);
  switch (change.collectionName) {
    case 'students':
    case 'families':
    case 'facilitators':
      return `/dash/${change.collectionName}/${id}/edit`;
    case 'campuses':
    case 'classrooms':
    case 'subjects':
      return `/dash/school/${change.collectionName}/${id}`;
    default:
      return null;
  }
}

/**
 * When the last sync ran: "Sat 28 Nov 2026, 09:12" (the one date module), or "Never". In the
 * person's campus zone (usePersonZone), as every time on screen, named when the device's differs.
 */
export function formatSyncTime(time: number | null, timeZone: string): string {
  if (time === null) return 'Never';
  return formatDateTime(new Date(time), timeZone);
}

/** The picture on the button: a problem outranks syncing, which outranks the connection. */
function statusIcon(status: SyncStatus) {
  if (status.failedChanges.length > 0 || status.syncError) return STATUS_ICONS.warning;
  if (status.isSyncing) return ACTION_ICONS.sync;
  return status.isOnline ? CONNECTION_ICONS.online : CONNECTION_ICONS.offline;
}

const OPEN_PANEL_EVENT = 'lc:open-sync-panel';

/** Opens the header's sync panel from elsewhere (the staff home's sync tile): one panel, one home. */
export function openSyncPanel(): void {
  window.dispatchEvent(new Event(OPEN_PANEL_EVENT));
}

export function SyncStatusControl({ engine = syncEngine }: { engine?: EngineLike }) {
  const status = useSyncExternalStore(engine.subscribeStatus, engine.getStatus, engine.getStatus);
  const skin = useSettings((s) => s.skin);
  const timeZone = usePersonZone();
  const [open, setOpen] = useState(false);
  /** The outcome of the last "Sync now" pressed here: running, up to date, or not. */
  const [syncNow, setSyncNow] = useState<'running' | 'up-to-date' | 'not-up-to-date' | null>(null);
  const runSyncNow = () => {
    setSyncNow('running');
    engine
      .syncNow()
      .then((report) => setSyncNow(report.upToDate ? 'up-to-date' : 'not-up-to-date'))
      .catch(() => setSyncNow('not-up-to-date'));
  };
  useEffect(() => {
    const show = () => setOpen(true);
    window.addEventListener(OPEN_PANEL_EVENT, show);
    return () => window.removeEventListener(OPEN_PANEL_EVENT, show);
  }, []);
  const linkClasses = useButtonClasses({ variant: 'primary', size: 'sm' });
  const label = describeSyncStatus(status);
  const failed = status.failedChanges.length > 0 || Boolean(status.syncError);

  return (
    <div className="relative">
      <DialogTrigger
        isOpen={open}
        onOpenChange={(next) => {
          setOpen(next);
          // A reopened panel shows the present, not the outcome of a Sync now long done.
          if (next && syncNow !== 'running') setSyncNow(null);
        }}
      >
        <AriaButton
          aria-label={`Sync status: ${label}`}
          className={`${skin.headerButton} ${skin.rounded}`}
        >
          <Icon
            icon={statusIcon(status)}
            className={`size-5 ${status.isSyncing && !failed ? 'motion-safe:animate-spin' : ''}`}
          />
          <span aria-hidden="true" className="hidden md:inline">
            {status.isSyncing ? 'Syncing…' : status.isOnline ? 'Online' : 'Offline'}
          </span>
          {status.pendingChanges > 0 ? (
            <span
              aria-hidden="true"
              className="min-w-5 rounded-full bg-on-header px-1.5 text-xs font-bold text-header tabular-nums"
            >
              {status.pendingChanges}
            </span>
          ) : null}
        </AriaButton>
        <Popover
          placement="bottom end"
          offset={8}
          className={`w-[min(22rem,calc(100vw-1.5rem))] overflow-auto ${skin.popover} ${skin.rounded}`}
        >
          {/* The dialog itself takes focus when it opens (its title is read first); the ring is
              drawn inside it, as the popover clips anything outside. */}
          <Dialog className="p-4 focus-visible:-outline-offset-4">
            {({ close }) => (
              <>
                <div className="flex items-center justify-between gap-2">
                  <Heading slot="title" className="text-base font-semibold">
                    Sync status
                  </Heading>
                  <Badge tone={status.isOnline ? 'success' : 'warning'}>
                    {status.isOnline ? 'Online' : 'Offline'}
                  </Badge>
                </div>
                <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                  <dt className="text-muted">State</dt>
                  <dd>{STATE_LABEL[status.state]}</dd>
                  <dt className="text-muted">Pending changes</dt>
                  <dd>{status.pendingChanges}</dd>
                  <dt className="text-muted">Last sync</dt>
                  <dd>{formatSyncTime(status.lastSyncTime, timeZone)}</dd>
                </dl>
                <p aria-live="polite" className="mt-3 text-sm empty:hidden">
                  {syncNow === 'up-to-date' && !status.isSyncing ? (
                    <span className="flex items-center gap-2 text-success">
                      <Icon icon={STATUS_ICONS.success} className="size-4" />
                      {UP_TO_DATE_MESSAGE}
                    </span>
                  ) : syncNow === 'not-up-to-date' && !status.isSyncing ? (
                    NOT_UP_TO_DATE_MESSAGE
                  ) : null}
                </p>
                {status.syncError ? (
                  <p className={`mt-3 p-2 text-sm ${skin.error} ${skin.rounded}`}>
                    Sync error: {status.syncError}
                  </p>
                ) : null}
                {status.pending.length > 0 ? (
                  <ul
                    aria-label="Pending changes"
                    className="mt-3 max-h-64 space-y-2 overflow-auto text-sm"
                  >
                    {status.pending.map((change) => (
                      <li key={change.id} className={`border border-border p-2 ${skin.rounded}`}>
                        <p className="wrap-anywhere">
                          {OPERATION_LABEL[change.operation]} {change.collectionName}{' '}
                          {change.itemId}
                          {change.retryCount > 0 ? (
                            <span className="text-muted">
                              {' '}
                              (tried {change.retryCount + 1} times)
                            </span>
                          ) : null}
                        </p>
                        {change.error !== undefined ? (
                          <>
                            <p className="mt-1 text-danger">{change.error}</p>
                            <div className="mt-2 flex flex-wrap gap-2">
                              {change.errorCode === INVALID_DATA_CODE ? (
                                // Sending it again would fail again: the data must change first.
                                editHref(change) ? (
                                  <Link
                                    to={editHref(change) ?? ''}
                                    onClick={close}
                                    aria-label={`Edit ${change.collectionName} ${change.itemId}`}
                                    className={linkClasses}
                                  >
                                    <Icon icon={ACTION_ICONS.edit} className="size-4" />
                                    Edit
                                  </Link>
                                ) : null
                              ) : (
                                <Button
                                  size="sm"
                                  icon={ACTION_ICONS.retry}
                                  aria-label={`Retry ${change.collectionName} ${change.itemId}`}
                                  onClick={() => void engine.retryChange(change.id)}
                                >
                                  Retry
                                </Button>
                              )}
                              <Button
                                size="sm"
                                variant="secondary"
                                icon={ACTION_ICONS.discard}
                                aria-label={`Discard ${change.collectionName} ${change.itemId}`}
                                onClick={() => void engine.discardChange(change.id)}
                              >
                                Discard
                              </Button>
                            </div>
                          </>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="mt-3 flex items-center gap-2 text-sm text-success">
                    <Icon icon={STATUS_ICONS.success} className="size-4" />
                    Every change has reached the server.
                  </p>
                )}
                <div className="mt-4 flex justify-end gap-2">
                  <Button
                    size="sm"
                    icon={ACTION_ICONS.sync}
                    disabled={!status.isOnline}
                    // Busy rather than disabled while it runs: the focus stays on the button.
                    busy={status.isSyncing || syncNow === 'running'}
                    busyLabel={
                      status.state === 'sending'
                        ? 'Sending changes…'
                        : status.state === 'refreshing'
                          ? 'Fetching changes…'
                          : 'Syncing…'
                    }
                    onClick={runSyncNow}
                  >
                    Sync now
                  </Button>
                  <Button size="sm" variant="secondary" onClick={close}>
                    Close
                  </Button>
                </div>
              </>
            )}
          </Dialog>
        </Popover>
      </DialogTrigger>
      <span role="status" aria-live="polite" className="sr-only">
        {label}
      </span>
    </div>
  );
}
