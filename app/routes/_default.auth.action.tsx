import {
  useActionData,
  useLoaderData,
  type ClientActionFunctionArgs,
  type ClientLoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/react';
import { loadAuthAction, setPasswordAction } from '~/features/login/auth-action-route';
import { SetPasswordPage } from '~/features/login/AuthActionPage';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';

// The page Firebase Auth's e-mail links open (an invitation, "Forgot password"): set a password,
// then sign in (issue 31). Anyone with the link may open it; the code in the link is the key.
export const handle = {
  title: 'Set your password',
  description: 'Set the password of your learning centre account from the link in your e-mail.',
  guide: 'getting-started/signing-in',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export const clientLoader = ({ request }: ClientLoaderFunctionArgs) =>
  loadAuthAction(new URL(request.url));

export const clientAction = async ({ request }: ClientActionFunctionArgs) =>
  setPasswordAction(await request.formData());

export default function AuthActionRoute() {
  const page = useLoaderData<typeof clientLoader>();
  const result = useActionData<typeof clientAction>();
  return <SetPasswordPage page={page} result={result ?? undefined} />;
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/ui/errors';
