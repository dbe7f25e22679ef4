// The dashboard layout: header (dashboard type, sync status, theme toggle, help), the area
// navigation, and the page. It remembers every /dash/ page entered as lastPage (spec §2).
//
// Layout: the header is sticky. Below it the sidebar is sticky on wide screens and a drawer on
// phones; both start at the header's measured bottom edge (--shell-top, see use-bottom-edge.ts),
// which moves while the demo banner above the header is on screen. The sidebar is exactly as high
// as the rest of the viewport and scrolls on its own, so every area stays reachable.
import { Link, NavLink, Outlet, useLocation } from '@remix-run/react';
import { useEffect, useId, useRef, useState } from 'react';
import { requireUser } from '~/auth/guards';
import { switchDashboardType, useSession } from '~/auth/session';
import { SignOutButton } from '~/auth/SignOutButton';
import { canOpenArea } from '~/domain/areas';
import { SyncStatusControl } from '~/features/sync/SyncStatusControl';
import { HelpButton } from '~/guide/HelpButton';
import { DASHBOARD_TYPE_LABELS, dashboardTypeSchema } from '~/settings/dashboard-type';
import { rememberLastPage } from '~/settings/last-page';
import { settingsStore, useSettings } from '~/settings/store';
import { GeneralErrorBoundary } from '~/ui/errors';
import { ACTION_ICONS, AREA_ICONS, BRAND_ICON, Icon, NAV_ICON } from '~/ui/icons';
import { NAV_ITEMS } from '~/ui/navigation';
import { type RouteHandle } from '~/ui/route-handle';
import { useBottomEdgeVariable } from '~/ui/use-bottom-edge';
import type { ClientLoaderFunctionArgs } from '@remix-run/react';

// Every /dash/* page requires sign-in (docs/decisions/003-guard-every-dash-route.md).
export const handle = {
  guide: 'getting-started/navigation',
} satisfies Pick<RouteHandle, 'guide'>;

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

/**
 * Switches between the dark and the default theme (spec §4). The button says what it will do
 * ("Light mode" while dark is on), so it carries no aria-pressed: a pressed state and a label that
 * changes with it would contradict each other.
 */
function ThemeToggle() {
  const theme = useSettings((s) => s.theme);
  const skin = useSettings((s) => s.skin);
  const toLight = theme === 'dark';
  return (
    <button
      type="button"
      onClick={() => settingsStore.toggleDark()}
      title={toLight ? 'Switch to the light theme' : 'Switch to the dark theme'}
      className={`${skin.headerButton} ${skin.rounded}`}
    >
      <Icon icon={toLight ? ACTION_ICONS.lightMode : ACTION_ICONS.darkMode} className="size-5" />
      <span className="sr-only lg:not-sr-only">{toLight ? 'Light mode' : 'Dark mode'}</span>
    </button>
  );
}

function Navigation({ id, onNavigate }: { id: string; onNavigate: () => void }) {
  const skin = useSettings((s) => s.skin);
  const { user } = useSession();
  const items = NAV_ITEMS.filter((item) =>
    user && item.area ? canOpenArea(user.roles, item.area) : true,
  );
  return (
    <nav id={id} aria-label="Dashboard" className="p-3">
      <ul className="flex flex-col gap-0.5">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              onClick={onNavigate}
              className={({ isActive }) =>
                `${isActive ? skin.navItemActive : skin.navItem} ${skin.rounded}`
              }
            >
              <Icon icon={item.area ? AREA_ICONS[item.area] : NAV_ICON} className="size-5" />
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The dashboard type: a choice for people with several, a label for the rest. */
function DashboardTypeSwitcher({ placement }: { placement: 'header' | 'menu' }) {
  const { user } = useSession();
  const dashboardType = useSettings((s) => s.dashboardType);
  const skin = useSettings((s) => s.skin);
  const selectId = useId();
  const inHeader = placement === 'header';
  if (!user || user.dashboardTypes.length < 2) {
    return (
      <span
        className={
          inHeader
            ? 'hidden rounded-full border border-current px-2.5 py-0.5 text-sm whitespace-nowrap md:inline'
            : 'text-sm text-muted'
        }
      >
        {DASHBOARD_TYPE_LABELS[dashboardType]} dashboard
      </span>
    );
  }
  return (
    <div className={inHeader ? 'hidden items-center gap-2 md:flex' : 'grid gap-1'}>
      <label htmlFor={selectId} className="text-sm font-medium">
        Dashboard
      </label>
      <select
        id={selectId}
        value={dashboardType}
        onChange={(event) => {
          const parsed = dashboardTypeSchema.safeParse(event.target.value);
          if (parsed.success) switchDashboardType(parsed.data);
        }}
        className={`${skin.input} ${skin.rounded} ${inHeader ? 'w-auto py-1' : ''}`}
      >
        {user.dashboardTypes.map((type) => (
          <option key={type} value={type}>
            {DASHBOARD_TYPE_LABELS[type]}
          </option>
        ))}
      </select>
    </div>
  );
}

export function DashboardShell({ children }: { children: React.ReactNode }) {
  const skin = useSettings((s) => s.skin);
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();
  const headerRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLDivElement>(null);
  useBottomEdgeVariable(headerRef, '--shell-top');

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
      <a
        href="#main"
        className="sr-only z-50 bg-card px-4 py-2 text-fg focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        Skip to content
      </a>
      <header ref={headerRef} className={`sticky top-0 z-30 ${skin.header}`}>
        <div className="flex h-16 items-center gap-2 px-3 sm:gap-3 sm:px-5">
          <button
            ref={menuButtonRef}
            type="button"
            className={`${skin.headerButton} ${skin.rounded} md:hidden`}
            aria-expanded={menuOpen}
            aria-controls={navId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <Icon icon={menuOpen ? ACTION_ICONS.close : ACTION_ICONS.menu} className="size-5" />
            <span className="sr-only">Menu</span>
          </button>
          <Link
            to="/dash/home"
            className="flex min-w-0 items-center gap-2 text-base font-bold tracking-tight text-on-header sm:text-lg"
          >
            <Icon icon={BRAND_ICON} className="hidden size-6 sm:block" />
            <span className="truncate">Learning Centre</span>
          </Link>
          <DashboardTypeSwitcher placement="header" />
          <div className="ml-auto flex shrink-0 items-center gap-1.5 sm:gap-2">
            <SyncStatusControl />
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
          <Navigation id={navId} onNavigate={() => setMenuOpen(false)} />
          {/* What the header has no room for below the md breakpoint. */}
          <div className="mt-auto grid gap-3 border-t border-border p-3 md:hidden">
            <DashboardTypeSwitcher placement="menu" />
            <div className="sm:hidden">
              <SignOutButton className="w-full" />
            </div>
          </div>
        </div>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 pb-24 sm:px-8 sm:pb-10">
          <div className="mx-auto w-full max-w-7xl">{children}</div>
        </main>
      </div>
    </div>
  );
}

export default function DashboardLayout() {
  const location = useLocation();
  useEffect(() => {
    rememberLastPage(location);
  }, [location]);
  return (
    <DashboardShell>
      <Outlet />
    </DashboardShell>
  );
}

export function ErrorBoundary() {
  return (
    <DashboardShell>
      <GeneralErrorBoundary homeHref="/dash/home" />
    </DashboardShell>
  );
}
