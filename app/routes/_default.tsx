// The default layout: a slim header and a centred page, for sign-in, help and the examples.
import { Link, Outlet } from '@remix-run/react';
import { HelpButton } from '~/guide/HelpButton';
import { settingsStore, useSettings } from '~/settings/store';
import { THEME_LABELS } from '~/settings/theme';
import { GeneralErrorBoundary } from '~/ui/errors';

function DefaultShell({ children }: { children: React.ReactNode }) {
  const skin = useSettings((s) => s.skin);
  const theme = useSettings((s) => s.theme);
  return (
    <div className={`flex min-h-screen flex-col ${skin.page}`}>
      <a
        href="#main"
        className="sr-only z-50 bg-card px-4 py-2 text-fg focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        Skip to content
      </a>
      <header className={skin.header}>
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-3 px-4 py-2">
          <Link to="/" className="text-lg font-bold text-on-header">
            Learning Centre
          </Link>
          <div className="ml-auto flex items-center gap-2">
            <button
              type="button"
              onClick={() => settingsStore.cycleTheme()}
              className={`${skin.buttonSecondary} ${skin.rounded}`}
            >
              Theme: {THEME_LABELS[theme]}
            </button>
            <HelpButton />
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-5xl flex-1 px-4 py-8">
        {children}
      </main>
    </div>
  );
}

export default function DefaultLayout() {
  return (
    <DefaultShell>
      <Outlet />
    </DefaultShell>
  );
}

export function ErrorBoundary() {
  return (
    <DefaultShell>
      <GeneralErrorBoundary homeHref="/" />
    </DefaultShell>
  );
}
