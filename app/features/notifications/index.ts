export { NotificationBell } from './NotificationBell';
export { NotificationDialog } from './NotificationDialog';
export { useNotificationFeedFor } from './notification-feed';
export { PushDeviceLayer } from './push/PushDeviceLayer';
