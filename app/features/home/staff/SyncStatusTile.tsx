// The sync status on the staff home: the very figures of the header's sync control (the same
// engine status through useSyncStatus, the same describeSyncStatus sentence), live as they change,
// with "Sync now" and a button that opens the header's panel, where pending changes are retried or
// discarded. The panel has one home, the header, so this tile opens it rather than copy it.
import { usePersonZone } from '~/auth/person-zone-context';
import { syncEngine, useSyncStatus } from '~/data/sync-status';
import { describeSyncStatus, formatSyncTime, openSyncPanel } from '~/features/sync';
import { Badge } from '~/ui/Badge';
import { Button } from '~/ui/Button';
import { Card } from '~/ui/Card';
import { ACTION_ICONS } from '~/ui/icons';

export function SyncStatusTile() {
  const status = useSyncStatus();
  const timeZone = usePersonZone();
  const failed = status.failedChanges.length;
  return (
    <Card title="Sync status" level={3} icon={ACTION_ICONS.sync} className="h-full">
      <div className="grid gap-3">
        <p className="flex flex-wrap items-center gap-2">
          <Badge tone={status.isOnline ? 'success' : 'warning'}>
            {status.isOnline ? 'Online' : 'Offline'}
          </Badge>
          <span data-figure="sync">{describeSyncStatus(status)}</span>
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted">Pending changes</dt>
          <dd className="font-semibold tabular-nums" data-figure="pending">
            {status.pendingChanges}
          </dd>
          <dt className="text-muted">Failed</dt>
          <dd className="tabular-nums">{failed}</dd>
          <dt className="text-muted">Last sync</dt>
          <dd>{formatSyncTime(status.lastSyncTime, timeZone)}</dd>
        </dl>
        {status.syncError ? (
          <p className="text-sm text-danger">Sync error: {status.syncError}</p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            icon={ACTION_ICONS.sync}
            disabled={!status.isOnline || status.isSyncing}
            onClick={() => void syncEngine.syncNow()}
          >
            Sync now
          </Button>
          <Button size="sm" variant="secondary" onClick={openSyncPanel}>
            Open the sync panel
          </Button>
        </div>
      </div>
    </Card>
  );
}
