// The global search dialog (issue 15 §3), loaded lazily by SearchLauncher. A WAI-ARIA combobox:
// focus stays in the input, the arrow keys move the active option of the listbox below
// (aria-activedescendant), Enter opens it, Escape closes the dialog. Results are grouped by kind.
// With nothing typed, the listbox offers the person's recent searches; opening a result records
// the search. State here is the typed text and the active option; the index comes from the
// session's search index source (search-source.ts), which reads the local cache only.
import { useNavigate } from '@remix-run/react';
import {
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { SessionUser } from '~/auth/session-user';
import { useSettings } from '~/settings/store';
import { ACTION_ICONS, Icon } from '~/ui/icons';
import { addRecentSearch, clearRecentSearchesOf, readRecentSearches } from './recent-searches';
import { search, type SearchGroup } from './search-index';
import { searchKeyIntent } from './search-keys';
import { searchIndexSourceFor } from './search-source';

/** Results shown per kind; the group's heading says how many more match. */
export const SEARCH_RESULTS_PER_KIND = 5;

type Option =
  | { kind: 'recent'; text: string }
  | { kind: 'result'; title: string; subtitle: string; href: string };

interface OptionGroup {
  key: string;
  label: string;
  note: string;
  options: Option[];
}

function resultGroups(groups: SearchGroup[]): OptionGroup[] {
  return groups.map((group) => ({
    key: group.kind,
    label: group.label,
    note:
      group.total > group.results.length
        ? `${group.results.length} of ${group.total}`
        : String(group.total),
    options: group.results.map((r) => ({
      kind: 'result',
      title: r.title,
      subtitle: r.subtitle,
      href: r.href,
    })),
  }));
}

export default function SearchDialog({
  user,
  onClose,
}: {
  user: Pick<SessionUser, 'uid' | 'roles'>;
  onClose: (navigated: boolean) => void;
}) {
  const skin = useSettings((s) => s.skin);
  const navigate = useNavigate();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const baseId = useId();
  const listId = `${baseId}-list`;
  const titleId = `${baseId}-title`;
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState(() => readRecentSearches(user.uid));
  const source = searchIndexSourceFor(user.uid, user.roles);
  const indexState = useSyncExternalStore(source.subscribe, source.getSnapshot);
  const typed = useDeferredValue(query);
  const blank = typed.trim() === '';

  const groups = useMemo<OptionGroup[]>(() => {
    if (blank) {
      return recent.length > 0
        ? [
            {
              key: 'recent',
              label: 'Recent searches',
              note: '',
              options: recent.map((text) => ({ kind: 'recent', text })),
            },
          ]
        : [];
    }
    return indexState.index
      ? resultGroups(search(indexState.index, typed, { limitPerKind: SEARCH_RESULTS_PER_KIND }))
      : [];
  }, [blank, recent, indexState.index, typed]);
  const options = groups.flatMap((group) => group.options);
  const activeIndex = active < options.length ? active : -1;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    inputRef.current?.focus();
  }, []);

  useEffect(() => {
    if (activeIndex < 0) return;
    document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' });
    // optionId depends only on baseId, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeIndex]);

  // Closing the modal <dialog> first makes the page behind it interactive again, so focus can go
  // back to the trigger (a focus() call into an inert page is ignored).
  const close = (navigated: boolean) => {
    dialogRef.current?.close();
    onClose(navigated);
  };

  const choose = (option: Option) => {
    if (option.kind === 'recent') {
      setQuery(option.text);
      setActive(0);
      inputRef.current?.focus();
      return;
    }
    addRecentSearch(user.uid, query);
    close(true);
    navigate(option.href);
  };

  const loading = !blank && indexState.index === null && indexState.status !== 'failed';
  const failed = indexState.status === 'failed' && indexState.index === null;
  const noResults = !blank && !loading && !failed && options.length === 0;
  const resultCount = blank ? 0 : options.length;
  let optionNumber = 0;

  return (
    // A click on the backdrop (the dialog element itself, outside its box) closes it; keyboard
    // users have Escape and the Close button.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      data-search-dialog=""
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close(false);
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) close(false);
      }}
      className={`mx-auto mb-auto mt-[8vh] flex max-h-[80dvh] w-[min(40rem,calc(100vw-1rem))] flex-col p-0 backdrop:bg-black/60 ${skin.card} ${skin.rounded}`}
    >
      <div className="flex items-center gap-2 border-b border-border px-4 py-3">
        <h2 id={titleId} className="sr-only">
          Search
        </h2>
        <Icon icon={ACTION_ICONS.search} className="size-5 shrink-0 text-muted" />
        <input
          ref={inputRef}
          type="text"
          role="combobox"
          aria-label="Search students, families, facilitators, classrooms, events and resources"
          aria-autocomplete="list"
          aria-expanded={options.length > 0}
          aria-controls={listId}
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="go"
          placeholder="Search by name or title…"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(event.target.value.trim() ? 0 : -1);
          }}
          onKeyDown={(event) => {
            const intent = searchKeyIntent(event.key, activeIndex, options.length);
            if (intent.kind === 'none') return;
            event.preventDefault();
            if (intent.kind === 'move') setActive(intent.active);
            else {
              const option = options[intent.index];
              if (option) choose(option);
            }
          }}
          className="min-w-0 flex-1 bg-transparent py-1 text-base text-fg placeholder:text-muted"
        />
        <button
          type="button"
          onClick={() => close(false)}
          className={`inline-flex min-h-10 min-w-10 items-center justify-center text-fg hover:bg-hover ${skin.rounded}`}
        >
          <Icon icon={ACTION_ICONS.close} className="size-5" />
          <span className="sr-only">Close search</span>
        </button>
      </div>

      {/* The results scroll; the region is focusable so a keyboard can scroll it too (the options
          themselves are reached from the input, not by Tab). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div tabIndex={0} className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-2 py-2">
        <div id={listId} role="listbox" aria-label="Search results">
          {groups.map((group) => {
            const headingId = `${baseId}-group-${group.key}`;
            return (
              <ul
                key={group.key}
                role="group"
                aria-labelledby={headingId}
                className="mb-2 last:mb-0"
              >
                <li
                  role="presentation"
                  id={headingId}
                  className="flex items-baseline justify-between px-2 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-muted"
                >
                  <span>{group.label}</span>
                  {group.note ? (
                    <span className="font-normal normal-case tracking-normal">{group.note}</span>
                  ) : null}
                </li>
                {group.options.map((option) => {
                  const index = optionNumber++;
                  const selected = index === activeIndex;
                  return (
                    // The input handles the keyboard (aria-activedescendant); a click or tap opens.
                    // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                    <li
                      key={option.kind === 'recent' ? option.text : option.href}
                      id={optionId(index)}
                      role="option"
                      aria-selected={selected}
                      onClick={() => choose(option)}
                      onMouseMove={() => {
                        if (!selected) setActive(index);
                      }}
                      className={`flex cursor-pointer items-center gap-3 px-2 py-2 ${skin.rounded} ${
                        selected ? 'bg-hover outline outline-2 outline-focus' : ''
                      }`}
                    >
                      {option.kind === 'recent' ? (
                        <span className="truncate text-fg">{option.text}</span>
                      ) : (
                        <span className="grid min-w-0">
                          <span className="truncate font-medium text-fg">{option.title}</span>
                          <span className="truncate text-sm text-muted">{option.subtitle}</span>
                        </span>
                      )}
                    </li>
                  );
                })}
              </ul>
            );
          })}
        </div>

        {blank && recent.length === 0 ? (
          <p className="px-2 py-3 text-sm text-muted">
            Type a name or a title: students, families, facilitators, classrooms, events and
            resources on this device. The start of each word is enough — “lo whit” finds Leo
            Whitfield.
          </p>
        ) : null}
        {loading ? <p className="px-2 py-3 text-sm text-muted">Loading your records…</p> : null}
        {failed ? (
          <p className="px-2 py-3 text-sm text-danger">
            Search could not read the records on this device. Close it and try again.
          </p>
        ) : null}
        {noResults ? (
          <div className="px-2 py-3">
            <p className="font-medium text-fg">No results for “{typed.trim()}”</p>
            <p className="mt-1 text-sm text-muted">
              Check the spelling, or type fewer letters: the start of each word is enough. Search
              looks through what is on this device, which is only what you may see.
            </p>
          </div>
        ) : null}
      </div>

      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border px-4 py-2 text-xs text-muted">
        <p aria-live="polite" role="status">
          {blank
            ? ''
            : noResults
              ? `No results for “${typed.trim()}”`
              : loading
                ? ''
                : `${resultCount} ${resultCount === 1 ? 'result' : 'results'} shown for “${typed.trim()}”`}
        </p>
        <p className="hidden sm:block" aria-hidden="true">
          ↑ ↓ to move · Enter to open · Esc to close
        </p>
        {blank && recent.length > 0 ? (
          <button
            type="button"
            onClick={() => {
              clearRecentSearchesOf(user.uid);
              setRecent([]);
              inputRef.current?.focus();
            }}
            className={`min-h-8 px-2 text-sm font-medium text-fg underline underline-offset-4 hover:bg-hover ${skin.rounded}`}
          >
            Clear recent searches
          </button>
        ) : null}
      </div>
    </dialog>
  );
}
