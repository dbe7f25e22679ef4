// The Responses a route throws (404, 403) and how an error becomes a status and a message. Plain
// logic, so route-support modules (.ts) import it without reaching into a component module; the
// error page itself is ui/errors.tsx.
import { isRouteErrorResponse } from '@remix-run/react';
import { NOT_ALLOWED_MESSAGE } from '~/domain/not-allowed';

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
