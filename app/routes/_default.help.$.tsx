import {
  redirect,
  useLoaderData,
  useRevalidator,
  type ClientLoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/react';
import { maySignInAutomatically } from '~/auth/session-hint';
import type { Role } from '~/domain/roles';
import { GUIDE_HOME_PAGE, guideHref, isGuideId } from '~/guide/guide-meta';
import { backTarget } from '~/guide/guide-nav';
import { GuideViewer, type GuideView } from '~/guide/GuideViewer';
import { GuidePageError, guideErrorMessage, loadGuide, loadGuidePages } from '~/guide/load-guide';
import { settingsStore } from '~/settings/store';
import { handleMeta, withErrorTitle, type RouteHandle } from '~/ui/route-handle';

// The user guide (spec §3 "Documentation page"): /help is its home page, /help/<id> one page. It
// sits in the default layout, so it opens signed out too (help from the sign-in page).
export const handle = {
  title: 'User guide',
  description: 'How to use the learning centre dashboard, page by page.',
  guide: 'accessing-documentation',
} satisfies RouteHandle;

/** The signed-in person's roles, without loading Firebase Auth when nobody can be signed in. */
async function signedInRoles(): Promise<Role[]> {
  if (!(await maySignInAutomatically())) return [];
  const { whenSessionKnown } = await import('~/auth/session');
  const session = await whenSessionKnown();
  return session.status === 'signedIn' && session.user ? session.user.roles : [];
}

export async function clientLoader({ params, request }: ClientLoaderFunctionArgs) {
  const url = new URL(request.url);
  const splat = (params['*'] ?? '').replace(/\/+$/, '');
  // The help button's old address, /help?page=<id>&from=…, leads to the page's own address.
  const legacy = url.searchParams.get('page');
  if (!splat && legacy !== null) {
    const rest = new URLSearchParams(url.searchParams);
    rest.delete('page');
    const query = rest.toString();
    throw redirect(
      `${guideHref(isGuideId(legacy) ? legacy : GUIDE_HOME_PAGE)}${query ? `?${query}` : ''}`,
    );
  }
  const id = splat || GUIDE_HOME_PAGE;
  const back = backTarget(url.searchParams.get('from'));
  const roles = await signedInRoles();
  let view: GuideView;
  try {
    if (!isGuideId(id)) throw new GuidePageError('not-found', id);
    const page = await loadGuide(id);
    return { view: { status: 'page', page } satisfies GuideView, pages: page.pages, roles, back };
  } catch (error) {
    console.warn('Guide page not shown', id, error);
    settingsStore.notify(guideErrorMessage(error), 'error');
    view =
      error instanceof GuidePageError && error.kind === 'not-found'
        ? { status: 'not-found', id }
        : { status: 'load-failed', id };
  }
  // Without the page, the sidebar still lists the others (when the list itself can be loaded).
  const pages = await loadGuidePages().catch(() => []);
  return { view, pages, roles, back };
}

type GuideData = Awaited<ReturnType<typeof clientLoader>>;

// Remix types meta's data loosely (a client loader's data is not serialised): tell it by its shape.
function isGuideData(data: unknown): data is GuideData {
  return typeof data === 'object' && data !== null && 'view' in data && 'pages' in data;
}

/** "Calendar · User guide": the page's own title first, so tabs and history tell pages apart. */
export const meta: MetaFunction = (args) => {
  const view = isGuideData(args.data) ? args.data.view : null;
  if (!view) return handleMeta(args);
  const [title, description] =
    view.status === 'page'
      ? [view.page.entry.title, view.page.entry.description]
      : view.status === 'not-found'
        ? ['Page not found', handle.description]
        : ['Could not load', handle.description];
  return withErrorTitle(args.error, [
    // The guide's home page is itself called "User guide".
    { title: title === handle.title ? title : `${title} · ${handle.title}` },
    { name: 'description', content: description },
  ]);
};

export default function GuidePage() {
  const { view, pages, roles, back } = useLoaderData<typeof clientLoader>();
  const revalidator = useRevalidator();
  return (
    <GuideViewer
      view={view}
      pages={pages}
      roles={roles}
      back={back}
      onRetry={() => revalidator.revalidate()}
    />
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/ui/errors';
