// The document, the app-wide providers and feedback (start cover, loading bar, toasts), and the
// root error page. In SPA mode this module is also prerendered into index.html: the inline theme
// script in <head> runs before first paint, and HydrateFallback (the start cover) is what index.html
// shows until the app has loaded.
import {
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useNavigate,
  type MetaFunction,
} from '@remix-run/react';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { pwaLinks } from '~/pwa/manifest-links';
import { initClientSettings } from '~/settings/init';
import {
  NOTIFICATION_PARAM,
  openNotificationFromParam,
  withoutNotificationParam,
} from '~/settings/notification-param';
import { useSettings } from '~/settings/store';
import { THEME_BOOT_SCRIPT } from '~/settings/theme';
import { DemoBanner } from '~/ui/DemoBanner';
import { GeneralErrorBoundary } from '~/ui/errors';
import { LoadingBar } from '~/ui/LoadingBar';
import { describeError, errorTitle } from '~/ui/responses';
import { SkipLinks } from '~/ui/SkipLinks';
import { StartCover, StartCoverView } from '~/ui/StartCover';
import { Toast } from '~/ui/Toast';
import stylesheet from './tailwind.css?url';

// The installable-app layer (service worker, version checks, install banner) comes in after the
// first render: none of it is needed to show or use the first page (issue 11, part 5: the first
// load of /login stays under its JavaScript budget).
const PwaLayer = lazy(() => import('~/pwa/PwaLayer').then((m) => ({ default: m.PwaLayer })));

export const links = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  ...pwaLinks(),
];

export const meta: MetaFunction = ({ error, location }) => {
  if (error) return [{ title: errorTitle(describeError(error, location.pathname).status) }];
  return [{ title: 'Learning Centre' }];
};

export async function clientLoader() {
  initClientSettings();
  return null;
}

// The root's data never changes after start-up; re-running it on every navigation would be waste.
export const shouldRevalidate = () => false;

export function Layout({ children }: { children: ReactNode }) {
  // The prerendered index.html says "default"; the boot script corrects it before first paint, and
  // from then on the store decides. suppressHydrationWarning covers that one expected difference.
  const theme = useSettings((s) => s.theme);
  return (
    <html lang="en" data-theme={theme} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1f4d" />
        <script dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** Hands a `notification` query parameter to the opener, then removes it from the URL. */
function NotificationParam() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const id = new URLSearchParams(location.search).get(NOTIFICATION_PARAM);
    if (id === null) return;
    openNotificationFromParam(id);
    navigate(
      {
        pathname: location.pathname,
        search: withoutNotificationParam(location.search),
        hash: location.hash,
      },
      { replace: true, preventScrollReset: true },
    );
  }, [location, navigate]);
  return null;
}

export default function App() {
  return (
    <>
      <StartCover />
      <LoadingBar />
      <NotificationParam />
      {/* First in the Tab order, ahead of the demo banner's buttons. */}
      <SkipLinks />
      <DemoBanner />
      <Outlet />
      <Suspense fallback={null}>
        <PwaLayer />
      </Suspense>
      <Toast />
    </>
  );
}

export function HydrateFallback() {
  return <StartCoverView />;
}

export function ErrorBoundary() {
  return (
    <div className="min-h-screen bg-page text-fg">
      <header className="bg-header text-on-header">
        <div className="mx-auto flex max-w-5xl items-center justify-between px-4 py-3">
          <Link to="/" className="text-lg font-bold text-on-header">
            Learning Centre
          </Link>
        </div>
      </header>
      <main id="main" className="px-4">
        <GeneralErrorBoundary homeHref="/" />
      </main>
    </div>
  );
}
