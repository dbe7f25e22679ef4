// The dashboard layout: header (dashboard type, theme toggle, help), the area navigation, and the
// page. It remembers every /dash/ page entered as lastPage (spec §2).
import { Link, NavLink, Outlet, useLocation } from '@remix-run/react';
import { useEffect, useId, useState } from 'react';
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
import { NAV_ITEMS } from '~/ui/navigation';
import { type RouteHandle } from '~/ui/route-handle';
import type { ClientLoaderFunctionArgs } from '@remix-run/react';

// Every /dash/* page requires sign-in (docs/decisions/003-guard-every-dash-route.md).
export const handle = {
  guide: 'getting-started/navigation',
} satisfies Pick<RouteHandle, 'guide'>;

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

function DarkModeToggle() {
  const theme = useSettings((s) => s.theme);
  const skin = useSettings((s) => s.skin);
  return (
    <button
      type="button"
      aria-pressed={theme === 'dark'}
      onClick={() => settingsStore.toggleDark()}
      className={`${skin.buttonSecondary} ${skin.rounded}`}
    >
      <span aria-hidden="true">{theme === 'dark' ? '☀' : '☾'}</span>
      <span className="sr-only sm:not-sr-only">Dark mode</span>
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
    <nav id={id} aria-label="Dashboard" className="p-2">
      <ul className="flex flex-col gap-1">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              onClick={onNavigate}
              className={({ isActive }) =>
                `${isActive ? skin.navItemActive : skin.navItem} ${skin.rounded}`
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function DashboardTypeSwitcher() {
  const { user } = useSession();
  const dashboardType = useSettings((s) => s.dashboardType);
  const skin = useSettings((s) => s.skin);
  const selectId = useId();
  if (!user || user.dashboardTypes.length < 2) {
    return (
      <span className="hidden rounded-full border border-current px-2 py-0.5 text-sm sm:inline">
        {DASHBOARD_TYPE_LABELS[dashboardType]} dashboard
      </span>
    );
  }
  return (
    <div className="hidden items-center gap-2 sm:flex">
      <label htmlFor={selectId} className="text-sm">
        Dashboard
      </label>
      <select
        id={selectId}
        value={dashboardType}
        onChange={(event) => {
          const parsed = dashboardTypeSchema.safeParse(event.target.value);
          if (parsed.success) switchDashboardType(parsed.data);
        }}
        className={`${skin.input} ${skin.rounded} w-auto py-1`}
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

  return (
    <div className={`min-h-screen ${skin.page}`}>
      <a
        href="#main"
        className="sr-only z-50 bg-card px-4 py-2 text-fg focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        Skip to content
      </a>
      <header className={`sticky top-0 z-30 ${skin.header}`}>
        <div className="flex items-center gap-2 px-2 py-2 sm:gap-3 sm:px-4">
          <button
            type="button"
            className={`${skin.buttonSecondary} ${skin.rounded} md:hidden`}
            aria-expanded={menuOpen}
            aria-controls={navId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            Menu
          </button>
          <Link
            to="/dash/home"
            className="min-w-0 truncate text-base font-bold text-on-header sm:text-lg"
          >
            Learning Centre
          </Link>
          <DashboardTypeSwitcher />
          <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
            <SyncStatusControl />
            <DarkModeToggle />
            <HelpButton />
            <div className="hidden sm:block">
              <SignOutButton />
            </div>
          </div>
        </div>
      </header>
      <div className="flex">
        <aside
          className={`${menuOpen ? 'block' : 'hidden'} fixed inset-y-0 left-0 top-14 z-20 w-64 overflow-y-auto md:sticky md:block md:h-[calc(100vh-3.5rem)] ${skin.nav}`}
        >
          <Navigation id={navId} onNavigate={() => setMenuOpen(false)} />
          <div className="border-t border-border p-2 sm:hidden">
            <SignOutButton className="w-full" />
          </div>
        </aside>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 pb-24 sm:px-8 sm:pb-8">
          {children}
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
