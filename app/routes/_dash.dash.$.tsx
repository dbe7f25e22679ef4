import { useLocation } from '@remix-run/react';
import { pageNotFound } from '~/ui/responses';

// An unknown page under /dash/ keeps the dashboard around it, so the navigation stays usable.
export function clientLoader({ request }: { request: Request }) {
  throw pageNotFound(new URL(request.url).pathname);
}

export default function DashNotFound() {
  return <p>{useLocation().pathname}</p>;
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/ui/errors';
