// The default layout: a slim header and a centred page, for sign-in, help and the examples. The
// skip link to <main> is the root's (app/ui/SkipLinks.tsx), ahead of the demo banner.
import { Link, Outlet } from '@remix-run/react';
import { HelpButton } from '~/guide/HelpButton';
import { settingsStore, useSettings } from '~/settings/store';
import { THEME_LABELS } from '~/settings/theme';
import { Button } from '~/ui/Button';
import { GeneralErrorBoundary } from '~/ui/errors';
import { MAIN_CONTENT_ID } from '~/ui/landmarks';
import { useFocusMainAfterNavigation } from '~/ui/use-focus-after-navigation';

function DefaultShell({ children }: { children: React.ReactNode }) {
  const skin = useSettings((s) => s.skin);
  const theme = useSettings((s) => s.theme);
  useFocusMainAfterNavigation();
  return (
    <div className={`flex min-h-screen flex-col ${skin.page}`}>
      <header className={skin.header}>
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-3 px-4 py-2">
          <Link to="/" className="text-lg font-bold text-on-header">
            Learning Centre
          </Link>
          <div className="ml-auto flex items-center gap-2">
            <Button variant="secondary" onClick={() => settingsStore.cycleTheme()}>
              Theme: {THEME_LABELS[theme]}
            </Button>
            <HelpButton />
          </div>
        </div>
      </header>
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="mx-auto w-full max-w-5xl flex-1 px-4 py-8"
      >
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
