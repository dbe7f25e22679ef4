// One error page for every status (style.md rule 3). 404 is "Page Not Found", anything else
// "Internal Server Error" (spec §2). The page is non-fatal: the way home stays visible and works.
import { useLocation, useRouteError } from '@remix-run/react';
import { useSettings } from '~/settings/store';
import { ButtonLink } from './Button';
import { describeError, errorTitle } from './responses';

export function GeneralErrorBoundary({ homeHref = '/' }: { homeHref?: string }) {
  const error = useRouteError();
  const location = useLocation();
  const skin = useSettings((s) => s.skin);
  const { status, message } = describeError(error, location.pathname);
  const title = errorTitle(status);

  if (status >= 500 && typeof console !== 'undefined') {
    // Unexpected errors are logged for whoever debugs; the person sees the page below.
    console.error(error);
  }

  return (
    <section
      aria-labelledby="error-title"
      className={`mx-auto my-12 max-w-xl p-8 ${skin.card} ${skin.rounded}`}
    >
      <p className="text-sm font-semibold text-muted">Error {status}</p>
      <h1 id="error-title" className="mt-1 text-2xl font-bold">
        {title}
      </h1>
      <p className="mt-3 wrap-anywhere" data-testid="error-message">
        {message}
      </p>
      <p className="mt-6">
        <ButtonLink to={homeHref}>Go to the home page</ButtonLink>
      </p>
    </section>
  );
}
