// The header's help button. Ctrl/Cmd + ? anywhere triggers it (spec §2): the shortcut clicks the
// button itself, so the shortcut and the button can never do different things.
import { Link, useLocation, useMatches } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { useSettings } from '~/settings/store';
import { ACTION_ICONS, Icon } from '~/ui/icons';
import { guideForMatches } from './contextual-help';

export function isHelpShortcut(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'code'>,
) {
  if (!(event.ctrlKey || event.metaKey)) return false;
  return event.key === '?' || (event.shiftKey && (event.key === '/' || event.code === 'Slash'));
}

export function HelpButton({ className = '' }: { className?: string }) {
  const location = useLocation();
  const skin = useSettings((s) => s.skin);
  const ref = useRef<HTMLAnchorElement>(null);
  const guide = guideForMatches(useMatches());

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!isHelpShortcut(event)) return;
      event.preventDefault();
      ref.current?.click();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const search = new URLSearchParams({ page: guide.page, from: location.pathname });
  return (
    <Link
      ref={ref}
      to={`/help?${search.toString()}`}
      aria-keyshortcuts="Control+? Meta+?"
      title="Help (Ctrl + ?)"
      className={`${skin.headerButton} ${skin.rounded} ${className}`}
    >
      <Icon icon={ACTION_ICONS.help} className="size-5" />
      <span className="sr-only lg:not-sr-only">Help</span>
    </Link>
  );
}
