// Search across the user guide, in the browser and offline: a MiniSearch index over every page's
// title, description, headings and text (GUIDE_SEARCH_DOCS, built with the guide). Prefix matching
// finds "sync" in "syncing" while the person types, a little fuzziness forgives a typo, and a match
// in a title counts for more than one in the text. This module and the search documents load on
// first use (GuideSearch imports them dynamically), so the guide page's first chunk carries neither.
import MiniSearch from 'minisearch';
import type { GuideSearchDoc } from './guide-meta';

/** How many results a search lists at most. */
export const GUIDE_SEARCH_LIMIT = 8;
/** About how many characters of text an excerpt shows around the match. */
const EXCERPT_LENGTH = 140;

export interface GuideSearchResult {
  id: string;
  title: string;
  /** A short piece of the page around the first match (the description when the text has none). */
  excerpt: string;
}

export interface GuideSearchIndex {
  search(query: string, limit?: number): GuideSearchResult[];
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The text around the first place one of `terms` starts a word, cut at word boundaries. */
export function excerptAround(source: string, terms: readonly string[]): string | null {
  // The text keeps its blocks on separate lines; an excerpt is one line.
  const text = source.replace(/\s+/g, ' ').trim();
  let at = -1;
  let length = 0;
  for (const term of terms) {
    if (!term) continue;
    const match = new RegExp(`(^|[^\\p{L}\\p{N}])(${escapeRegExp(term)})`, 'iu').exec(text);
    if (match && (at === -1 || match.index + (match[1]?.length ?? 0) < at)) {
      at = match.index + (match[1]?.length ?? 0);
      length = match[2]?.length ?? 0;
    }
  }
  if (at === -1) return null;
  const before = Math.floor((EXCERPT_LENGTH - length) / 3);
  let start = Math.max(0, at - before);
  let end = Math.min(text.length, start + EXCERPT_LENGTH);
  // Cut at spaces so no word is shown in half.
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space !== -1 && space < at) start = space + 1;
  }
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > at + length) end = space;
  }
  return `${start > 0 ? '… ' : ''}${text.slice(start, end).trim()}${end < text.length ? ' …' : ''}`;
}

/** Builds the index over the guide's pages. */
export function createGuideSearch(docs: readonly GuideSearchDoc[]): GuideSearchIndex {
  const byId = new Map(docs.map((doc) => [doc.id, doc]));
  const index = new MiniSearch<GuideSearchDoc>({
    fields: ['title', 'description', 'headings', 'text'],
    searchOptions: {
      boost: { title: 4, headings: 2, description: 1.5 },
      prefix: true,
      // Terms of five letters or more may have one letter wrong ("ofline" finds "offline").
      fuzzy: (term) => (term.length >= 5 ? 1 : 0),
      combineWith: 'AND',
    },
  });
  index.addAll([...docs]);
  return {
    search(query, limit = GUIDE_SEARCH_LIMIT) {
      if (!query.trim()) return [];
      return index
        .search(query.trim())
        .slice(0, limit)
        .flatMap((hit) => {
          const doc = byId.get(String(hit.id));
          if (!doc) return [];
          const excerpt =
            excerptAround(doc.text, hit.terms) ??
            excerptAround(doc.description, hit.terms) ??
            doc.description;
          return [{ id: doc.id, title: doc.title, excerpt }];
        });
    },
  };
}

let loading: Promise<GuideSearchIndex> | null = null;

/** The guide's index, built once from the search documents (loaded on first use). */
export function loadGuideSearch(): Promise<GuideSearchIndex> {
  loading ??= import('virtual:user-guide/search')
    .then(({ GUIDE_SEARCH_DOCS }) => createGuideSearch(GUIDE_SEARCH_DOCS))
    .catch((error: unknown) => {
      // A failed download (offline before the guide was cached) may be tried again later.
      loading = null;
      throw error;
    });
  return loading;
}
