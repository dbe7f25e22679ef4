// Shows the settings store's notice. The live regions are always in the document, so screen readers
// announce a message the moment it appears (an element that appears together with its text is
// often missed). Errors go to an assertive region, everything else to a polite one.
import { useSettings, settingsStore } from '~/settings/store';
import { ACTION_ICONS, Icon, STATUS_ICONS } from './icons';

export function Toast() {
  const notification = useSettings((s) => s.notification);
  const skin = useSettings((s) => s.skin);
  const isError = notification.type === 'error';
  const visible = notification.show && notification.message !== '';
  const tone =
    skin[
      notification.type === 'success'
        ? 'success'
        : notification.type === 'warning'
          ? 'warning'
          : isError
            ? 'error'
            : 'info'
    ];
  const icon = STATUS_ICONS[notification.type === 'error' ? 'danger' : notification.type];

  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-[calc(var(--action-bar-height,4rem)_+_1rem)] z-50 flex justify-center px-4 sm:bottom-6">
      <div role="status" aria-live="polite" aria-atomic="true" className="sr-only">
        {visible && !isError ? notification.message : ''}
      </div>
      <div role="alert" aria-atomic="true" className="sr-only">
        {visible && isError ? notification.message : ''}
      </div>
      {visible ? (
        <div
          data-testid="toast"
          data-type={notification.type}
          className={`pointer-events-auto flex max-w-lg items-start gap-3 px-4 py-3 shadow-lg ${tone} ${skin.rounded} bg-card`}
        >
          <Icon icon={icon} className="mt-0.5 size-5" />
          <p className="flex-1 font-medium">{notification.message}</p>
          <button
            type="button"
            className="-my-1 inline-flex min-h-8 min-w-8 items-center justify-center"
            aria-label="Dismiss notification"
            onClick={() => settingsStore.hideNotification()}
          >
            <Icon icon={ACTION_ICONS.close} className="size-4" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
