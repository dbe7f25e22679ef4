// One error page for every status (style.md rule 3). 404 is "Page Not Found", anything else
// "Internal Server Error" (spec §2). The page is non-fatal: the way home stays visible and works.
import { isRouteErrorResponse, Link, useLocation, useRouteError } from '@remix-run/react';
import { NOT_ALLOWED_MESSAGE } from '~/domain/not-allowed';
import { useSettings } from '~/settings/store';

/** The response a route throws when its URL fails validation (spec §5, §8). */
export function pageNotFound(path: string): Response {
  const message = `Page Not Found: ${path}`;
  return new Response(message, { status: 404, statusText: message });
}

/**
 * The response for a record that is missing, or that the person may not see: both are "not found",
 * so a URL never tells someone that a record they may not open exists. Throw it from a clientLoader.
 */
export function notFound(request: Request | string): Response {
  const path = typeof request === 'string' ? request : new URL(request.url).pathname;
  return pageNotFound(path);
}

/** The response for a page the person's roles may not open at all (403). */
export function notAllowed(message: string = NOT_ALLOWED_MESSAGE): Response {
  return new Response(message, { status: 403, statusText: 'Not Allowed' });
}

export function errorTitle(status: number): string {
  if (status === 404) return 'Page Not Found';
  if (status === 403) return 'Not Allowed';
  return 'Internal Server Error';
}

interface ErrorDetails {
  status: number;
  message: string;
}

export function describeError(error: unknown, pathname: string): ErrorDetails {
  if (isRouteErrorResponse(error)) {
    const data = typeof error.data === 'string' && error.data ? error.data : null;
    const fallback = error.status === 404 ? `Page Not Found: ${pathname}` : error.statusText;
    return { status: error.status, message: data ?? (error.statusText || fallback) };
  }
  if (error instanceof Error) return { status: 500, message: error.message };
  return { status: 500, message: 'Something went wrong.' };
}

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
        <Link to={homeHref} className={`${skin.button} ${skin.rounded}`}>
          Go to the home page
        </Link>
      </p>
    </section>
  );
}
