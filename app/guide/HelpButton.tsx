// The header's help button (spec §2 "Contextual help"): opens the help panel on the guide page for
// the current location. Ctrl/Cmd + ? anywhere triggers it: the shortcut clicks the button itself, so
// the shortcut and the button can never do different things.
// This is on the first load of every page, /login included, so the panel, the route list and the
// guide are all loaded on the first press (HelpPanel.tsx); the button only remembers that it has
// been used, so the panel stays mounted afterwards.
import { useLocation, useMatches } from '@remix-run/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSettings } from '~/settings/store';
import { HELP_ICON, Icon } from '~/ui/icon';

const HelpPanel = lazy(() => import('./HelpPanel'));

export function isHelpShortcut(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'code'>,
) {
  if (!(event.ctrlKey || event.metaKey)) return false;
  return event.key === '?' || (event.shiftKey && (event.key === '/' || event.code === 'Slash'));
}

export function HelpButton({ className = '' }: { className?: string }) {
  const location = useLocation();
  const matches = useMatches();
  const skin = useSettings((s) => s.skin);
  const ref = useRef<HTMLButtonElement>(null);
  const [used, setUsed] = useState(false);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!isHelpShortcut(event)) return;
      event.preventDefault();
      // Behind an open dialog (the panel itself, search, a confirmation) the button is out of reach.
      if (document.querySelector('dialog[open]')) return;
      ref.current?.click();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  function open() {
    const button = ref.current;
    setUsed(true);
    void import('./HelpPanel').then((panel) => panel.openHelp(location.pathname, matches, button));
  }

  return (
    <>
      <button
        ref={ref}
        type="button"
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+? Meta+?"
        title="Help (Ctrl + ?)"
        onClick={open}
        // Start fetching the panel's code as soon as the pointer or focus arrives.
        onPointerEnter={() => void import('./HelpPanel')}
        onFocus={() => void import('./HelpPanel')}
        className={`${skin.headerButton} ${skin.rounded} ${className}`}
      >
        <Icon icon={HELP_ICON} className="size-5" />
        <span className="sr-only lg:not-sr-only">Help</span>
      </button>
      {used ? (
        <Suspense fallback={null}>
          <HelpPanel />
        </Suspense>
      ) : null}
    </>
  );
}
