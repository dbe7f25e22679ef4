export {
  describeSyncStatus,
  formatSyncTime,
  openSyncPanel,
  SyncStatusControl,
} from './SyncStatusControl';
export { useDamageNotice } from './damage-notice';
