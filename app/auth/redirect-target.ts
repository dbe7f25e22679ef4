// Where a person goes after signing in. Kept apart from guards.ts (which needs the session, and so
// Firebase Auth) so that the login page can use it without loading either (issue 11, part 5).
import { readLastPage } from '~/settings/last-page';

export const REDIRECT_PARAM = 'redirectTo';

/** Only same-site paths may be redirect targets: never another origin. */
export function safeRedirectTarget(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return null;
  return value;
}

/** Where a person goes after signing in: the page asked for, else lastPage, else /dash/home. */
export function afterSignInTarget(requested: string | null | undefined): string {
  return safeRedirectTarget(requested) ?? readLastPage() ?? '/dash/home';
}
