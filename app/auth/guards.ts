// Route guards for clientLoaders. Every /dash/* route requires sign-in (docs/decisions/003), and an
// area the role may not open answers 403 instead of showing an empty list.
import { redirect } from '@remix-run/react';
import { canOpenArea, NOT_ALLOWED_MESSAGE, type Area } from '~/domain/areas';
import { REDIRECT_PARAM } from './redirect-target';
import { whenSessionKnown, type SessionUser } from './session';

export { afterSignInTarget, REDIRECT_PARAM, safeRedirectTarget } from './redirect-target';

export async function requireUser(request: Request): Promise<SessionUser> {
  const session = await whenSessionKnown();
  if (session.status === 'signedIn' && session.user) return session.user;
  const url = new URL(request.url);
  const params = new URLSearchParams({ [REDIRECT_PARAM]: `${url.pathname}${url.search}` });
  throw redirect(`/login?${params.toString()}`);
}

export async function requireArea(request: Request, area: Area): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!canOpenArea(user.roles, area)) {
    throw new Response(NOT_ALLOWED_MESSAGE, { status: 403, statusText: 'Not Allowed' });
  }
  return user;
}
