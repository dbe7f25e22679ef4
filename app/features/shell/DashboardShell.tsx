// The dashboard's frame around every /dash/ page and its error page: the header
// (brand, dashboard type, search, sync status, theme toggle, help, sign-out), the area navigation, and the
// page in <main>. The drawer's open state lives here. The skip links to <main> and to the
// navigation are the root's (app/ui/SkipLinks.tsx): they must come before the demo banner.
//
// Layout: the header is sticky. Below it the sidebar is sticky on wide screens and a drawer on
// phones; both start at the header's measured bottom edge (--shell-top, see use-bottom-edge.ts),
// which moves while the demo banner above the header is on screen. The sidebar is exactly as high
// as the rest of the viewport and scrolls on its own, so every area stays reachable.
import { Link } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useSession } from '~/auth/session';
import { SignOutButton } from '~/auth/SignOutButton';
import {
  useNotificationFeedFor,
  NotificationBell,
  NotificationDialog,
  PushDeviceLayer,
} from '~/features/notifications';
import { SearchLauncher } from '~/features/search';
import { useDamageNotice, SyncStatusControl } from '~/features/sync';
import { HelpButton } from '~/guide/HelpButton';
import { useSettings } from '~/settings/store';
import { ACTION_ICONS, BRAND_ICON, Icon } from '~/ui/icons';
import { DASHBOARD_NAVIGATION_ID, MAIN_CONTENT_ID } from '~/ui/landmarks';
import { useBottomEdgeVariable } from '~/ui/use-bottom-edge';
import { useFocusMainAfterNavigation } from '~/ui/use-focus-after-navigation';
import { DashboardNavigation } from './DashboardNavigation';
import { DashboardTypeSwitcher } from './DashboardTypeSwitcher';
import { ThemeToggle } from './ThemeToggle';

export function DashboardShell({ children }: { children: React.ReactNode }) {
  const skin = useSettings((s) => s.skin);
  const [menuOpen, setMenuOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLDivElement>(null);
  useBottomEdgeVariable(headerRef, '--shell-top');
  useDamageNotice();
  useFocusMainAfterNavigation();
  // One live notifications feed for the session, read by the bell, its panel and the page.
  useNotificationFeedFor(useSession().user?.memberUUID ?? null);

  useEffect(() => {
    if (!menuOpen) return;
    // The drawer is a disclosure: focus moves into it, and Escape hands focus back to the button.
    drawerRef.current?.querySelector('a')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButtonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <div className={`min-h-screen ${skin.page}`}>
      <header ref={headerRef} className={`sticky top-0 z-30 short:static ${skin.header}`}>
        {/* min-h and wrapping, not a fixed height: with large text the actions move to a second row. */}
        <div className="flex min-h-16 flex-wrap items-center gap-2 px-3 py-2 sm:gap-3 sm:px-5">
          <button
            ref={menuButtonRef}
            type="button"
            className={`${skin.headerButton} ${skin.rounded} md:hidden`}
            aria-expanded={menuOpen}
            aria-controls={DASHBOARD_NAVIGATION_ID}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <Icon icon={menuOpen ? ACTION_ICONS.close : ACTION_ICONS.menu} className="size-5" />
            <span className="sr-only">Menu</span>
          </button>
          {/* The brand takes the room left beside the actions and wraps its two words before the
              actions move to a second row (large text); it is never cut off. */}
          <div className="flex flex-1 basis-0">
            <Link
              to="/dash/home"
              className="flex items-center gap-2 text-base font-bold tracking-tight text-on-header sm:text-lg"
            >
              <Icon icon={BRAND_ICON} className="hidden size-6 shrink-0 sm:block" />
              <span className="wrap-normal">Learning Centre</span>
            </Link>
          </div>
          <DashboardTypeSwitcher placement="header" />
          <div className="ml-auto flex flex-wrap items-center justify-end gap-1.5 sm:gap-2">
            <SearchLauncher />
            <SyncStatusControl />
            <NotificationBell />
            <ThemeToggle />
            <HelpButton />
            <div className="hidden sm:block">
              <SignOutButton appearance="header" />
            </div>
          </div>
        </div>
      </header>
      {menuOpen ? (
        // A click beside the drawer closes it; keyboard users have Escape and the Menu button.
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
        <div
          className="fixed inset-x-0 bottom-0 top-[var(--shell-top,4rem)] z-[45] bg-black/50 md:hidden"
          onClick={() => setMenuOpen(false)}
        />
      ) : null}
      <div className="flex">
        <div
          ref={drawerRef}
          className={`${menuOpen ? 'flex' : 'hidden'} fixed bottom-0 left-0 top-[var(--shell-top,4rem)] z-[45] w-72 max-w-[85vw] flex-col overflow-y-auto overscroll-contain md:sticky md:z-10 md:flex md:h-[calc(100dvh-var(--shell-top,4rem))] md:w-64 md:max-w-none md:shrink-0 md:self-start ${skin.nav}`}
        >
          <DashboardNavigation id={DASHBOARD_NAVIGATION_ID} onNavigate={() => setMenuOpen(false)} />
          {/* What the header has no room for below the md breakpoint. */}
          <div className="mt-auto grid gap-3 border-t border-border p-3 md:hidden">
            <DashboardTypeSwitcher placement="menu" />
            <div className="sm:hidden">
              <SignOutButton className="w-full" />
            </div>
          </div>
        </div>
        <main
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          className="min-w-0 flex-1 px-4 py-6 pb-24 sm:px-8 sm:pb-10"
        >
          <div className="mx-auto w-full max-w-7xl">{children}</div>
        </main>
      </div>
      {/* This device's push registration, the offer after a first message and, in the demo, the
          fake's pushes for it (issue 31). After <main>: the offer's card follows the page in Tab
          order. */}
      <PushDeviceLayer />
      <NotificationDialog />
    </div>
  );
}
