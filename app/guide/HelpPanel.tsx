// The contextual help panel (spec §2 "Contextual help"): the guide page for the current location in
// a side panel, so the person keeps their place, with a link to open the full page. It is loaded
// lazily by HelpButton (the first load of /login carries none of it).
// State: this module owns the panel's state in a small store — whether it is open, the trail of
// pages shown in it (a link to another guide page opens in the panel, and Back returns along the
// trail), and the element focus returns to. Pages are loaded by the event handlers that ask for them
// (openHelp, a guide link, Retry), never by an effect; a failure shows the spec's toast and a
// message with Retry inside the panel.
// The panel is a native modal <dialog>: showModal() gives the focus trap, Escape and an inert page.
import { Link, type UIMatch } from '@remix-run/react';
import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { ROUTE_HANDLES } from 'virtual:route-handles';
import { settingsStore, useSettings } from '~/settings/store';
import { Button } from '~/ui/Button';
import { ACTION_ICONS } from '~/ui/icons';
import { guideForLocation } from './contextual-help';
import { guideHref } from './guide-meta';
import { GuideArticle } from './GuideArticle';
import {
  GUIDE_NOT_FOUND_MESSAGE,
  guideErrorMessage,
  loadGuide,
  type LoadedGuidePage,
} from './load-guide';
import { guideLinkTarget } from './mdx-components';

type HelpView =
  | { key: number; id: string; section?: string; status: 'loading' }
  | { key: number; id: string; section?: string; status: 'ready'; page: LoadedGuidePage }
  | { key: number; id: string; section?: string; status: 'failed'; message: string };

interface HelpState {
  open: boolean;
  /** The pages shown since the panel opened; the last one is on screen. */
  trail: readonly HelpView[];
  /** Where focus goes when the panel closes (the Help button). */
  returnFocus: HTMLElement | null;
}

let state: HelpState = { open: false, trail: [], returnFocus: null };
const listeners = new Set<() => void>();
let nextKey = 0;

function setState(next: HelpState) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Puts a page into the trail as loading and loads it; a late answer for a page no longer in the trail is dropped. */
function show(id: string, section: string | undefined, mode: 'reset' | 'push' | 'replace') {
  nextKey += 1;
  const key = nextKey;
  const loading: HelpView = { key, id, section, status: 'loading' };
  const kept = mode === 'reset' ? [] : mode === 'push' ? state.trail : state.trail.slice(0, -1);
  setState({ ...state, open: true, trail: [...kept, loading] });
  const settle = (view: HelpView) => {
    if (!state.trail.some((v) => v.key === key)) return;
    setState({ ...state, trail: state.trail.map((v) => (v.key === key ? view : v)) });
  };
  loadGuide(id).then(
    (page) => settle({ key, id, section, status: 'ready', page }),
    (error: unknown) => {
      const message = guideErrorMessage(error);
      settingsStore.notify(message, 'error');
      settle({ key, id, section, status: 'failed', message });
    },
  );
}

/** Opens the panel on the guide page for this location (HelpButton's click). */
export function openHelp(
  pathname: string,
  matches: ReadonlyArray<Pick<UIMatch, 'handle'>>,
  returnFocus: HTMLElement | null,
) {
  state = { ...state, returnFocus };
  show(guideForLocation(pathname, matches, ROUTE_HANDLES), undefined, 'reset');
}

/** Where focus goes once the dialog has closed (set by closeHelp, used by the dialog's close event). */
let focusAfterClose: HTMLElement | null = null;

/** Closes the panel; focus goes back to the Help button unless the person is leaving the page. */
function closeHelp({ restoreFocus }: { restoreFocus: boolean }) {
  if (!state.open) return;
  focusAfterClose = restoreFocus ? state.returnFocus : null;
  setState({ ...state, open: false });
}

/** A link to another guide page inside the panel opens that page in the panel. */
function openGuideLink(target: { id: string; section?: string }) {
  show(target.id, target.section, 'push');
}

function goBack() {
  if (state.trail.length < 2) return;
  setState({ ...state, trail: state.trail.slice(0, -1) });
}

function retry() {
  const current = state.trail[state.trail.length - 1];
  if (current) show(current.id, current.section, 'replace');
}

function titleOf(view: HelpView | undefined): string | null {
  return view?.status === 'ready' ? view.page.entry.title : null;
}

export default function HelpPanel() {
  const { open, trail } = useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
  const skin = useSettings((s) => s.skin);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const fallbackTitleId = useId();
  // Its own id for the page's title: the same page may be open on the /help page behind the panel.
  const pageTitleId = useId();
  const view = trail[trail.length - 1];
  const previous = trail.length > 1 ? trail[trail.length - 2] : undefined;

  // The page shown last since the panel opened (null: none yet).
  const lastShown = useRef<number | null>(null);

  // The dialog element follows the store (it is a DOM API, not data).
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
    if (!open) lastShown.current = null;
  }, [open]);

  // A newly shown page starts at its top (or at the section a link asked for), with focus on the
  // panel's text so a keyboard or screen-reader user continues reading there. That includes Back to
  // the first page: the Back button pressed is gone, and focus would fall to the page body.
  const shownKey = view?.status === 'ready' ? view.key : null;
  const section = view?.section;
  useEffect(() => {
    const body = bodyRef.current;
    if (shownKey === null || !body) return;
    const target = section ? body.querySelector(`#${CSS.escape(section)}`) : null;
    if (target) target.scrollIntoView();
    else body.scrollTop = 0;
    const shownBefore = lastShown.current !== null;
    lastShown.current = shownKey;
    if (trail.length > 1 || shownBefore) body.focus({ preventScroll: true });
  }, [shownKey, section, trail.length]);

  const labelledBy = view?.status === 'ready' ? pageTitleId : fallbackTitleId;

  return (
    <dialog
      ref={dialogRef}
      data-help-panel=""
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        // Escape: the store decides, so the panel and its state never disagree.
        event.preventDefault();
        closeHelp({ restoreFocus: true });
      }}
      onClose={() => {
        // The page behind is interactive again only now, so focus can move back to it.
        focusAfterClose?.focus();
        focusAfterClose = null;
        closeHelp({ restoreFocus: false });
      }}
      className={`fixed inset-y-0 left-auto right-0 m-0 h-dvh max-h-none w-[min(32rem,100vw)] max-w-none flex-col p-0 text-fg backdrop:bg-black/40 open:flex ${skin.popover}`}
    >
      <div className="flex flex-wrap items-center gap-2 border-b border-border px-4 py-3">
        {previous ? (
          <Button variant="ghost" size="sm" onClick={goBack}>
            <span aria-hidden="true">←</span> Back
            {titleOf(previous) ? <span className="sr-only"> to {titleOf(previous)}</span> : null}
          </Button>
        ) : (
          <p className="font-semibold text-muted">Help</p>
        )}
        <div className="ml-auto flex items-center gap-2">
          {view ? (
            <Link
              to={guideHref(view.id, view.section)}
              onClick={() => closeHelp({ restoreFocus: false })}
              className={`${skin.link} text-sm font-medium`}
            >
              Open the full page
            </Link>
          ) : null}
          <Button
            variant="secondary"
            size="sm"
            icon={ACTION_ICONS.close}
            onClick={() => closeHelp({ restoreFocus: true })}
          >
            Close
          </Button>
        </div>
      </div>
      {/* The click listener only watches links inside (Enter on a link is a click too). */}
      <div
        ref={bodyRef}
        tabIndex={-1}
        // A link to another page of the app (not a guide page, which stays in the panel, nor a
        // section of this one) takes the person there: the panel gets out of the way.
        onClickCapture={(event) => {
          if (!(event.target instanceof Element)) return;
          const href = event.target.closest('a[href]')?.getAttribute('href');
          if (href?.startsWith('#')) {
            // A section of the page in the panel: scroll the panel, leave the page's URL alone.
            event.preventDefault();
            const id = decodeURIComponent(href.slice(1));
            bodyRef.current?.querySelector(`#${CSS.escape(id)}`)?.scrollIntoView();
          } else if (href && !guideLinkTarget(href)) {
            closeHelp({ restoreFocus: false });
          }
        }}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 pb-10 pt-4"
      >
        {view?.status === 'ready' ? (
          <GuideArticle
            page={view.page}
            headingLevel={2}
            titleId={pageTitleId}
            onGuideLink={openGuideLink}
          />
        ) : view?.status === 'failed' ? (
          <div>
            <h2 id={fallbackTitleId} className="text-xl font-bold">
              Help
            </h2>
            <p className="mt-3 font-medium text-danger">{view.message}</p>
            <p className="mt-1 text-muted">
              {view.message === GUIDE_NOT_FOUND_MESSAGE
                ? 'The guide has no page for this yet. Open the full guide to browse every page.'
                : 'Check your connection and try again.'}
            </p>
            <Button className="mt-4" icon={ACTION_ICONS.retry} onClick={retry}>
              Retry
            </Button>
          </div>
        ) : (
          <div>
            <h2 id={fallbackTitleId} className="sr-only">
              Help
            </h2>
            <p role="status" className="text-muted">
              Loading help…
            </p>
          </div>
        )}
      </div>
    </dialog>
  );
}
