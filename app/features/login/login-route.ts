// What the sign-in page does, shared by /, /login, /auth/login and /auth/signin (spec §2, §4, §5),
// in its light half: the clientLoader (skip the page when signed in, offer the demo accounts) and
// a clientAction that hands the form to sign-in.ts. The page loads neither Firebase Auth nor
// the data layer (issue 11, part 5): the loader asks session-hint.ts whether a session may exist
// before loading them, and the page preloads the action's half while the person types
// (preloadSignIn), so pressing "Sign in" does not wait for a download. The page is LoginPage.tsx.
import {
  redirect,
  type ClientActionFunctionArgs,
  type ClientLoaderFunctionArgs,
} from '@remix-run/react';
import { REDIRECT_PARAM } from '~/auth/redirect-target';
import { maySignInAutomatically } from '~/auth/session-hint';
import {
  ACCOUNT_SUSPENDED_MESSAGE,
  SIGNED_OUT_REASON_PARAM,
  SUSPENDED_REASON,
} from '~/auth/signed-out-reason';
import { whenDemoControl } from '~/config/demo-control';
import { getRuntimeConfig } from '~/config/env';
import { readDefaultRememberMe } from './remember-me';
import type * as LoginActions from './sign-in';

let actions: Promise<typeof LoginActions> | undefined;

/** The sign-in half (Firebase Auth, the session, the form's schema); loaded once. */
function loadActions() {
  actions ??= import('./sign-in').catch((error: unknown) => {
    actions = undefined;
    throw error;
  });
  return actions;
}

/** Starts loading what signing in needs: called when the person starts using the form. */
export function preloadSignIn(): void {
  loadActions()
    .then((module) => module.preloadSignedInModules())
    .catch(() => undefined);
}

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = url.searchParams.get(REDIRECT_PARAM);
  const config = getRuntimeConfig();
  if (config.mode === 'firebase') {
    // Google's one-tap script is fetched early; it does not hold the page.
    void import('~/auth/google')
      .then((google) => google.loadGoogleIdentityScript())
      .catch(() => undefined);
  }
  if (await maySignInAutomatically()) {
    const target = await (await loadActions()).signedInTarget(redirectTo);
    if (target) throw redirect(target);
  }
  const demo = await whenDemoControl();
  return {
    redirectTo,
    // Signed out by the app, not by the person (a suspended account): the page says why.
    signedOutMessage:
      url.searchParams.get(SIGNED_OUT_REASON_PARAM) === SUSPENDED_REASON
        ? ACCOUNT_SUSPENDED_MESSAGE
        : null,
    rememberMe: readDefaultRememberMe(),
    /** A build without Firebase variables: the page says loudly that it is a demo (issue 28). */
    demoMode: config.mode === 'demo',
    demoAccounts: demo?.accounts ?? [],
    googleAccounts: demo?.googleAccounts ?? [],
    googleEnabled: config.mode === 'demo' ? demo !== null : config.googleSignInEnabled,
  };
}

export async function clientAction({ request }: ClientActionFunctionArgs) {
  const [module, formData] = await Promise.all([loadActions(), request.formData()]);
  return module.loginAction(formData);
}
