// The guide's search box, in its sidebar. The index (MiniSearch and every page's text) is downloaded
// the first time the person focuses or types in the box, not with the page, and is then kept for
// the session; the results are links with a short excerpt, and a live region says how many there are.
import { Link } from '@remix-run/react';
import { useId, useState } from 'react';
import { useSettings } from '~/settings/store';
import { guideHref } from './guide-meta';
import type { GuideSearchIndex } from './guide-search';

type IndexState =
  | { status: 'idle' | 'loading' }
  | { status: 'ready'; index: GuideSearchIndex }
  | { status: 'failed' };

let loaded: GuideSearchIndex | null = null;

export function GuideSearch({ onOpen }: { onOpen?: () => void }) {
  const skin = useSettings((s) => s.skin);
  const inputId = useId();
  const statusId = useId();
  const [query, setQuery] = useState('');
  const [state, setState] = useState<IndexState>(
    loaded ? { status: 'ready', index: loaded } : { status: 'idle' },
  );

  function ensureIndex() {
    if (state.status === 'ready' || state.status === 'loading') return;
    setState({ status: 'loading' });
    import('./guide-search')
      .then((module) => module.loadGuideSearch())
      .then((index) => {
        loaded = index;
        setState({ status: 'ready', index });
      })
      .catch((error: unknown) => {
        console.warn('Could not load the guide search', error);
        setState({ status: 'failed' });
      });
  }

  const trimmed = query.trim();
  const results = state.status === 'ready' && trimmed ? state.index.search(trimmed) : [];
  let status = '';
  if (trimmed) {
    if (state.status === 'ready') {
      status =
        results.length === 0
          ? `No pages match “${trimmed}”.`
          : `${results.length} ${results.length === 1 ? 'page matches' : 'pages match'}.`;
    } else if (state.status === 'failed') {
      status = 'The search could not be loaded. Check the connection and try again.';
    } else {
      status = 'Searching…';
    }
  }

  return (
    <div role="search" aria-label="Search the guide">
      <label htmlFor={inputId} className="mb-1 block text-sm font-semibold">
        Search the guide
      </label>
      <input
        id={inputId}
        type="search"
        value={query}
        autoComplete="off"
        aria-describedby={statusId}
        placeholder="For example: offline"
        className={`${skin.input} ${skin.rounded}`}
        onFocus={ensureIndex}
        onChange={(event) => {
          setQuery(event.target.value);
          ensureIndex();
        }}
      />
      <p id={statusId} role="status" className="mt-1 min-h-5 text-sm text-muted">
        {status}
      </p>
      {results.length > 0 ? (
        <ul aria-label="Search results" className="mt-1 space-y-1">
          {results.map((result) => (
            <li key={result.id}>
              <Link
                to={guideHref(result.id)}
                onClick={() => {
                  setQuery('');
                  onOpen?.();
                }}
                className={`block px-2 py-1.5 hover:bg-hover ${skin.rounded}`}
              >
                <span className="block font-medium text-link underline underline-offset-2">
                  {result.title}
                </span>
                <span className="block text-sm text-muted">{result.excerpt}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
