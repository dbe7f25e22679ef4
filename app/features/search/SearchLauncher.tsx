// The header's search button and the Ctrl+K / ⌘K shortcut (issue 15 §3). It owns whether the
// search dialog is open and where focus goes back to when it closes. The dialog's module (the
// index, the cache reads) is loaded on first use, so no page pays for it before someone searches;
// the service worker precaches it with every other asset, so it opens offline too.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSession } from '~/auth/session';
import { useSettings } from '~/settings/store';
import { ACTION_ICONS, Icon } from '~/ui/icons';
import { isApplePlatform, isSearchShortcut } from './search-keys';

const SearchDialog = lazy(() => import('./SearchDialog'));

function platform(): string {
  if (typeof navigator === 'undefined') return '';
  // userAgentData is not in every browser (nor in TypeScript's DOM types yet).
  const data: unknown = Reflect.get(navigator, 'userAgentData');
  const named = typeof data === 'object' && data !== null ? Reflect.get(data, 'platform') : null;
  return typeof named === 'string' && named ? named : navigator.platform;
}

/** Whether a dialog other than the search dialog is open (the shortcut then does nothing). */
function otherModalOpen(): boolean {
  return Array.from(
    document.querySelectorAll('dialog[open], [role="dialog"][aria-modal="true"]'),
  ).some((element) => !element.hasAttribute('data-search-dialog'));
}

export function SearchLauncher() {
  const skin = useSettings((s) => s.skin);
  const user = useSession().user;
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const apple = isApplePlatform(platform());
  const shortcut = apple ? '⌘K' : 'Ctrl K';

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event) || event.defaultPrevented) return;
      if (otherModalOpen()) return;
      // Ctrl+K would otherwise move focus to the browser's address bar.
      event.preventDefault();
      if (document.querySelector('dialog[data-search-dialog][open]')) return;
      returnFocus.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  if (!user) return null;

  const close = (navigated: boolean) => {
    setOpen(false);
    // After opening a result, focus belongs to the new page (the router moves it); otherwise back
    // to where the person was.
    if (!navigated) (returnFocus.current ?? buttonRef.current)?.focus();
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        aria-keyshortcuts={apple ? 'Meta+K' : 'Control+K'}
        title={`Search (${shortcut})`}
        className={`${skin.headerButton} ${skin.rounded}`}
        onClick={() => {
          returnFocus.current = buttonRef.current;
          setOpen(true);
        }}
        // Start fetching the dialog's code as soon as the pointer or focus arrives.
        onPointerEnter={() => void import('./SearchDialog')}
        onFocus={() => void import('./SearchDialog')}
      >
        <Icon icon={ACTION_ICONS.search} className="size-5" />
        <span className="sr-only md:not-sr-only">Search</span>
        <kbd
          aria-hidden="true"
          className="hidden rounded border border-on-header/40 px-1.5 font-sans text-xs lg:inline"
        >
          {shortcut}
        </kbd>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <SearchDialog user={user} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
