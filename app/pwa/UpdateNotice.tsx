// The quiet "A new version is ready — Reload" notice (spec §4). It never blocks the page and
// covers nothing: a small card at the bottom left of the page's own column (right of the sidebar
// from the md breakpoint, whose Settings link it once hid; above the mobile action bar on phones),
// and while it shows the page gains room at its end, so the last of the page scrolls out from under
// it. It can be put away; the settings page keeps offering the reload. The live region is always
// in the document, so screen readers announce the notice when it appears.
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useSettings } from '~/settings/store';
import { Button } from '~/ui/Button';
import { ACTION_ICONS, Icon } from '~/ui/icons';
import { reloadIntoNewVersion } from './version-check';

/**
 * While `card` shows, the body ends with as much room as the card takes from the bottom of the
 * viewport (its height, its offset, the action bar below it), so nothing of the page has to stay
 * under it. Written straight to the DOM, and measured again when the card or the window changes.
 */
function useRoomBelowPage(card: RefObject<HTMLElement | null>, visible: boolean) {
  useLayoutEffect(() => {
    const element = card.current;
    if (!visible || !element) return;
    const body = document.body;
    const before = body.style.paddingBottom;
    const update = () => {
      const room = Math.max(0, Math.ceil(window.innerHeight - element.getBoundingClientRect().top));
      body.style.paddingBottom = `${room}px`;
    };
    update();
    window.addEventListener('resize', update);
    const resizes = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    resizes?.observe(element);
    return () => {
      window.removeEventListener('resize', update);
      resizes?.disconnect();
      body.style.paddingBottom = before;
    };
  }, [card, visible]);
}

export function UpdateNotice() {
  const available = useSettings((s) => s.newVersionAvailable);
  const skin = useSettings((s) => s.skin);
  const [dismissed, setDismissed] = useState(false);
  const [reloading, setReloading] = useState(false);
  const visible = available && !dismissed;
  const card = useRef<HTMLDivElement>(null);
  useRoomBelowPage(card, visible);

  return (
    <div
      role="status"
      aria-live="polite"
      // md:left: beside the dashboard's sidebar (md:w-64 in features/shell), never over its links.
      className="pointer-events-none fixed inset-x-3 bottom-[calc(var(--action-bar-height,4rem)_+_1rem)] z-40 flex justify-start sm:inset-x-auto sm:bottom-6 sm:left-6 md:left-[calc(16rem_+_1.5rem)]"
    >
      {visible ? (
        <div
          ref={card}
          className={`pointer-events-auto flex w-full items-center gap-3 py-2 pr-2 pl-4 shadow-lg sm:w-auto sm:max-w-md ${skin.card} ${skin.rounded}`}
        >
          <Icon icon={ACTION_ICONS.sync} className="size-5 shrink-0" />
          <p className="flex-1 font-medium">A new version is ready</p>
          <Button
            size="sm"
            busy={reloading}
            onClick={() => {
              setReloading(true);
              void reloadIntoNewVersion();
            }}
          >
            Reload
          </Button>
          <button
            type="button"
            className={`inline-flex min-h-9 min-w-9 items-center justify-center ${skin.rounded} hover:bg-hover`}
            aria-label="Not now"
            onClick={() => setDismissed(true)}
          >
            <Icon icon={ACTION_ICONS.close} className="size-4" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
