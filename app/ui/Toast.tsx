// Shows the settings store's notice. The live regions are always in the document, so screen readers
// announce a message the moment it appears (an element that appears together with its text is
// often missed). Errors go to an assertive region, everything else to a polite one.
// A notice leaves the screen after a few seconds; the last few stay in a visually hidden log
// ("Recent notices"), so a person who looked away, a screen reader user browsing the page, or a
// test on a slow machine can still read what was said. The log is not announced again
// (aria-live="off"): the two regions above already did.
import { useSettings, settingsStore } from '~/settings/store';
import { CLOSE_ICON, Icon, STATUS_ICONS } from './icon';

export function Toast() {
  const notification = useSettings((s) => s.notification);
  const skin = useSettings((s) => s.skin);
  const isError = notification.type === 'error';
  const visible = notification.show && notification.message !== '';
  const log = useSettings((s) => s.recentNotices);
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
      <div role="log" aria-label="Recent notices" aria-live="off" className="sr-only">
        <ol>
          {log.map((entry, i) => (
            // Append-only and read whole: the position is the notice's identity.
            <li key={i} data-type={entry.type}>
              {entry.message}
            </li>
          ))}
        </ol>
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
            <Icon icon={CLOSE_ICON} className="size-4" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
