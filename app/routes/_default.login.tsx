import { Link, type MetaFunction } from '@remix-run/react';
import { LoginPage } from '~/features/login/LoginPage';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';

export const handle = {
  title: 'Sign in',
  description: 'Sign in to the learning centre dashboard.',
  guide: 'getting-started/signing-in',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export { clientAction, clientLoader } from '~/features/login/login-route';

// Families without an account find the public inquiry form from here (a plain link: /login's
// first-load budget stays as it is).
export default function Login() {
  return (
    <>
      <LoginPage />
      <p className="mt-8 text-center">
        New to the centre?{' '}
        <Link to="/inquire" className="font-medium underline">
          Ask about a place
        </Link>
      </p>
    </>
  );
}
export { GeneralErrorBoundary as ErrorBoundary } from '~/ui/errors';
