// The user guide's own page (spec §3 "Documentation page"): a sidebar with the guide's search and
// every page by category (a signed-in person's "For you" pages first), the page's table of contents,
// the article, and previous/next in the sidebar's reading order. On a phone the page list and the
// table of contents fold into disclosures above the article, so the article starts near the top.
import { Link, useLocation } from '@remix-run/react';
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { Role } from '~/domain/roles';
import { useSettings } from '~/settings/store';
import { Button, ButtonLink } from '~/ui/Button';
import { guideHref, type GuideEntry, type GuideHeading } from './guide-meta';
import { previousAndNext, sidebarGroups } from './guide-nav';
import { GuideArticle } from './GuideArticle';
import { GuideSearch } from './GuideSearch';
import type { LoadedGuidePage } from './load-guide';

export type GuideView =
  | { status: 'page'; page: LoadedGuidePage }
  | { status: 'not-found'; id: string }
  | { status: 'load-failed'; id: string };

/** Tailwind's `lg` breakpoint: from here the sidebar and the contents stay open beside the article. */
const WIDE_QUERY = '(min-width: 64rem)';

function subscribeToWidth(listener: () => void) {
  const query = window.matchMedia(WIDE_QUERY);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

function useWide(): boolean {
  return useSyncExternalStore(
    subscribeToWidth,
    () => window.matchMedia(WIDE_QUERY).matches,
    () => false,
  );
}

/** Open beside the article on a wide screen; a closed disclosure on a phone. */
function Fold({
  wide,
  summary,
  open,
  onToggle,
  children,
}: {
  wide: boolean;
  summary: string;
  open: boolean;
  onToggle: (open: boolean) => void;
  children: ReactNode;
}) {
  const skin = useSettings((s) => s.skin);
  if (wide) return <div>{children}</div>;
  return (
    <details
      open={open}
      onToggle={(event) => onToggle(event.currentTarget.open)}
      className={`${skin.card} ${skin.rounded}`}
    >
      <summary className="min-h-11 cursor-pointer px-3 py-2.5 font-semibold">{summary}</summary>
      <div className="border-t border-border px-3 pb-3">{children}</div>
    </details>
  );
}

function PageList({
  pages,
  roles,
  currentId,
}: {
  pages: readonly GuideEntry[];
  roles: readonly Role[];
  currentId: string;
}) {
  const skin = useSettings((s) => s.skin);
  return (
    <nav aria-label="Guide pages" className="space-y-4 pt-3 lg:pt-0">
      {sidebarGroups(pages, roles).map((group) => (
        <section key={group.key} aria-labelledby={`guide-group-${group.key}`}>
          <h2
            id={`guide-group-${group.key}`}
            className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted"
          >
            {group.label}
          </h2>
          <ul className="space-y-0.5">
            {group.pages.map((page) => {
              const current = page.id === currentId;
              return (
                <li key={page.id}>
                  <Link
                    to={guideHref(page.id)}
                    aria-current={current ? 'page' : undefined}
                    className={`${current ? skin.navItemActive : skin.navItem} min-h-9 py-1.5 text-sm ${skin.rounded}`}
                  >
                    {page.title}
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </nav>
  );
}

function Contents({ headings }: { headings: readonly GuideHeading[] }) {
  return (
    // Two columns beside each other on a wide screen, so a long page's contents stay short.
    <ul className="space-y-1 pt-2 text-sm lg:columns-2 lg:gap-8 lg:pt-0">
      {headings.map((heading) => (
        <li key={heading.id} className={`break-inside-avoid ${heading.depth === 3 ? 'pl-4' : ''}`}>
          <a
            href={`#${heading.id}`}
            className="inline-block py-0.5 text-link underline-offset-2 hover:underline"
          >
            {heading.text}
          </a>
        </li>
      ))}
    </ul>
  );
}

function PreviousNext({ pages, id }: { pages: readonly GuideEntry[]; id: string }) {
  const skin = useSettings((s) => s.skin);
  const { previous, next } = previousAndNext(pages, id);
  if (!previous && !next) return null;
  const box = `flex min-w-0 flex-1 flex-col px-4 py-3 ${skin.card} ${skin.rounded} hover:bg-hover`;
  return (
    <nav
      aria-label="Previous and next pages"
      className="mt-10 flex flex-col gap-3 border-t border-border pt-6 sm:flex-row"
    >
      {previous ? (
        <Link to={guideHref(previous.id)} rel="prev" className={box}>
          <span className="text-sm text-muted">
            <span aria-hidden="true">← </span>Previous page<span className="sr-only">:</span>
          </span>
          <span className="font-medium text-link">{previous.title}</span>
        </Link>
      ) : (
        <span className="hidden flex-1 sm:block" />
      )}
      {next ? (
        <Link to={guideHref(next.id)} rel="next" className={`${box} sm:items-end sm:text-right`}>
          <span className="text-sm text-muted">
            Next page<span className="sr-only">:</span>
            <span aria-hidden="true"> →</span>
          </span>
          <span className="font-medium text-link">{next.title}</span>
        </Link>
      ) : null}
    </nav>
  );
}

function Problem({
  view,
  onRetry,
}: {
  view: Exclude<GuideView, { status: 'page' }>;
  onRetry: () => void;
}) {
  const skin = useSettings((s) => s.skin);
  if (view.status === 'not-found') {
    return (
      <section aria-labelledby="guide-problem" className={`p-6 ${skin.card} ${skin.rounded}`}>
        <h1 id="guide-problem" className="text-2xl font-bold">
          This page is not in the guide
        </h1>
        <p className="mt-2">
          The guide has no page at <code className="break-all">{guideHref(view.id)}</code>. The link
          may be mistyped, or the page may have moved.
        </p>
        <p className="mt-2">
          Choose a page from the list, search the guide, or start from the guide’s home page.
        </p>
        <p className="mt-4">
          <ButtonLink to="/help">Go to the guide’s home page</ButtonLink>
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="guide-problem" className={`p-6 ${skin.card} ${skin.rounded}`}>
      <h1 id="guide-problem" className="text-2xl font-bold">
        The guide could not be loaded
      </h1>
      <p className="mt-2">
        This page of the guide could not be downloaded. Check the connection and try again. The
        guide is saved on this device for offline use after it has been opened once while online.
      </p>
      <p className="mt-4">
        <Button onClick={onRetry}>Try again</Button>
      </p>
    </section>
  );
}

export function GuideViewer({
  view,
  pages,
  roles,
  back,
  onRetry,
}: {
  view: GuideView;
  /** Every page of the guide (empty when not even the list could be loaded). */
  pages: readonly GuideEntry[];
  /** The signed-in person's roles; empty when nobody is signed in. */
  roles: readonly Role[];
  /** A same-origin path to go back to (from `?from=`), or null. */
  back: string | null;
  onRetry: () => void;
}) {
  const skin = useSettings((s) => s.skin);
  const wide = useWide();
  const location = useLocation();
  const currentId = view.status === 'page' ? view.page.entry.id : view.id;
  // Which phone disclosure is open, for which page: opening another page folds them again.
  const [pagesOpenOn, setPagesOpenOn] = useState<string | null>(null);
  const [contentsOpenOn, setContentsOpenOn] = useState<string | null>(null);
  const headings = view.status === 'page' ? view.page.module.headings : [];

  // A link to a section (/help/<id>#section) scrolls to it once the page is drawn: the browser's
  // own jump happened before the page's text existed.
  const hash = location.hash;
  useEffect(() => {
    if (!hash) return;
    let id = hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // A malformed escape: look the id up as written.
    }
    document.getElementById(id)?.scrollIntoView();
  }, [currentId, hash]);

  const signedIn = roles.length > 0;
  return (
    <div>
      {back || signedIn ? (
        <p className="mb-4 flex flex-wrap gap-x-6 gap-y-2">
          {back ? (
            <Link to={back} className={`font-medium ${skin.link}`}>
              <span aria-hidden="true">← </span>Back to the page you were on
            </Link>
          ) : null}
          {signedIn ? (
            <Link to="/dash/home" className={`font-medium ${skin.link}`}>
              {back ? null : <span aria-hidden="true">← </span>}Back to your dashboard
            </Link>
          ) : null}
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
        <aside aria-label="User guide" className="min-w-0 space-y-4">
          <GuideSearch />
          {pages.length > 0 ? (
            <Fold
              wide={wide}
              summary="Guide pages"
              open={pagesOpenOn === currentId}
              onToggle={(open) => setPagesOpenOn(open ? currentId : null)}
            >
              <PageList pages={pages} roles={roles} currentId={currentId} />
            </Fold>
          ) : null}
        </aside>
        <div className="min-w-0">
          {view.status === 'page' ? (
            <>
              <GuideArticle
                page={view.page}
                beforeContent={
                  headings.length > 0 ? (
                    <nav
                      aria-label="On this page"
                      className="mb-6 mt-4 lg:border-l-4 lg:border-border lg:pl-4"
                    >
                      {wide ? (
                        <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">
                          On this page
                        </p>
                      ) : null}
                      <Fold
                        wide={wide}
                        summary="On this page"
                        open={contentsOpenOn === currentId}
                        onToggle={(open) => setContentsOpenOn(open ? currentId : null)}
                      >
                        <Contents headings={headings} />
                      </Fold>
                    </nav>
                  ) : null
                }
              />
              <PreviousNext pages={pages} id={currentId} />
            </>
          ) : (
            <Problem view={view} onRetry={onRetry} />
          )}
        </div>
      </div>
    </div>
  );
}
