import { handleMeta, type RouteHandle } from '~/ui/route-handle';
import type { MetaFunction } from '@remix-run/react';

export const handle = {
  title: 'Sign in',
  description: 'Sign in to the learning centre dashboard.',
  guide: 'getting-started/signing-in',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export { clientAction, clientLoader } from '~/features/login/login-route';
export { LoginPage as default } from '~/features/login/LoginPage';
export { GeneralErrorBoundary as ErrorBoundary } from '~/ui/errors';
