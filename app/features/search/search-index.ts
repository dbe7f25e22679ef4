// Global search (issue 15 §3): an index over the person's cached records — students, families,
// facilitators, classrooms, events and resources — built once per data change and searched on every
// key press. The cache is already scoped to what the person may read, so the index shows nothing they
// may not see; this module takes plain arrays and reads no cache itself (the caller loads them).
//
// Matching is case- and accent-insensitive; every typed word must start some word of the record's
// name fields, strictly ("leo whit", "whit leo") or loosely, with letters left out ("lo whit": the
// issue's example for Leo Whitfield; startsLoosely). Everything a search needs is prepared at build
// time: each record's words are folded once, and a sorted list of every distinct word, with the
// records that hold it, turns each typed word into one binary search and a walk over the distinct
// words of its first letter. Ranking, best first: the exact full name; all typed words starting the
// name's words in order from its first; a typed word starting the name's first word; any other
// match; then the same tiers for loose matches. Ties go by name, then id.
import { isCalendarDate } from '~/domain/dates';
import { formatDate } from '~/domain/format';
import type {
  CalendarEvent,
  Campus,
  Classroom,
  Facilitator,
  Family,
  Resource,
  Student,
} from '~/domain/records';

/** The kinds of result, in the order their groups are shown. */
export const SEARCH_KINDS = [
  'students',
  'families',
  'facilitators',
  'classrooms',
  'events',
  'resources',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  students: 'Students',
  families: 'Families',
  facilitators: 'Facilitators',
  classrooms: 'Classrooms',
  events: 'Events',
  resources: 'Resources',
};

type WithId<T> = T & { id: string };

/** The records to index (the fields it reads); campuses only name a record's campus in its subtitle. */
export interface SearchSources {
  students?: readonly WithId<
    Pick<Student, 'firstName' | 'lastName' | 'preferredName' | 'campusId' | 'status'>
  >[];
  families?: readonly WithId<Pick<Family, 'familyName'> & { guardians?: { name: string }[] }>[];
  facilitators?: readonly WithId<
    Pick<Facilitator, 'firstName' | 'lastName' | 'campusId' | 'status'>
  >[];
  classrooms?: readonly WithId<Pick<Classroom, 'name' | 'campusId'>>[];
  events?: readonly WithId<Pick<CalendarEvent, 'title' | 'start'> & { location?: string }>[];
  resources?: readonly WithId<Pick<Resource, 'title' | 'kind'>>[];
  campuses?: readonly WithId<Pick<Campus, 'name'>>[];
}

export interface SearchResult {
  kind: SearchKind;
  id: string;
  title: string;
  subtitle: string;
  href: string;
}

export interface SearchGroup {
  kind: SearchKind;
  label: string;
  /** How many records of this kind match (results holds at most limitPerKind of them). */
  total: number;
  results: SearchResult[];
}

export interface SearchOptions {
  /** The most results shown per kind (default 5). */
  limitPerKind?: number;
}

export interface BuildOptions {
  /**
   * Where a result leads, per kind (defaults: DEFAULT_HREFS). A classroom's default is the school
   * setup editor, which only roles that may change school setup can open: pass another for others.
   */
  hrefs?: Partial<Record<SearchKind, (id: string) => string>>;
}

export const DEFAULT_HREFS: Record<SearchKind, (id: string) => string> = {
  students: (id) => `/dash/students/${encodeURIComponent(id)}`,
  families: (id) => `/dash/families/${encodeURIComponent(id)}`,
  facilitators: (id) => `/dash/facilitators/${encodeURIComponent(id)}`,
  classrooms: (id) => `/dash/school/classrooms/${encodeURIComponent(id)}`,
  events: (id) => `/dash/calendar?event=${encodeURIComponent(id)}`,
  resources: (id) => `/dash/resources?resource=${encodeURIComponent(id)}`,
};

/** One indexed record: its result, and the folded words prepared for matching and ranking. */
interface Entry {
  result: SearchResult;
  kindOrder: number;
  /** The record's names as folded word sequences, main name first (e.g. first + last, then preferred + last). */
  names: string[][];
  /** Other names a record is found by but not ranked on (a family's guardians): "any other match". */
  others: string[][];
  /** `names` joined by one space, for the exact-match rank. */
  fullNames: string[];
  /** The main name, folded, for ties. */
  sortKey: string;
}

export interface SearchIndex {
  readonly size: number;
  readonly entries: readonly Entry[];
  /** Every distinct folded word, sorted by code unit (so a prefix's words are one run). */
  readonly words: readonly string[];
  /** postings[i]: the entries holding words[i], each once, ascending. */
  readonly postings: readonly Int32Array[];
}

const MARKS = /\p{M}+/gu;
const APOSTROPHES = /['’ʼ]/g;
const SEPARATORS = /[^\p{L}\p{N}]+/u;

/** Lower case, accents and apostrophes dropped ("Zoë O’Brien" → "zoe obrien"). */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(MARKS, '').replace(APOSTROPHES, '').toLowerCase();
}

/** The folded words of a text, in order. */
export function searchWords(text: string): string[] {
  return foldText(text)
    .split(SEPARATORS)
    .filter((word) => word.length > 0);
}

/** "Tue 24 Nov 2026" from the date an ISO date-time names (in its own offset). */
function eventDate(start: string): string {
  const date = /^\d{4}-\d{2}-\d{2}/.exec(start)?.[0];
  if (!date) return '';
  return isCalendarDate(date) ? formatDate(date) : '';
}

const join = (parts: (string | undefined)[]) =>
  parts.filter((part): part is string => Boolean(part && part.trim())).join(' · ');

/** Builds the index; call it again when the records change (it keeps no reference to the arrays). */
export function buildSearchIndex(sources: SearchSources, options: BuildOptions = {}): SearchIndex {
  const hrefs = { ...DEFAULT_HREFS, ...options.hrefs };
  const campusName = new Map((sources.campuses ?? []).map((c) => [c.id, c.name]));
  const entries: Entry[] = [];
  // Names repeat (first names, family names): each distinct field is folded once per build.
  const folded = new Map<string, string[]>();
  const fold = (text: string) => {
    let words = folded.get(text);
    if (!words) {
      words = searchWords(text);
      folded.set(text, words);
    }
    return words;
  };
  const wordsOf = (text: string | string[]) =>
    typeof text === 'string' ? fold(text) : text.flatMap(fold);

  const add = (
    kind: SearchKind,
    id: string,
    title: string,
    subtitle: string,
    nameTexts: (string | string[])[],
    otherTexts: string[] = [],
  ) => {
    const names = nameTexts.map(wordsOf).filter((words) => words.length > 0);
    if (names.length === 0) return;
    entries.push({
      result: { kind, id, title, subtitle, href: hrefs[kind](id) },
      kindOrder: SEARCH_KINDS.indexOf(kind),
      names,
      others: otherTexts.map(wordsOf).filter((words) => words.length > 0),
      fullNames: names.map((words) => words.join(' ')),
      sortKey: names[0]?.join(' ') ?? '',
    });
  };

  for (const s of sources.students ?? []) {
    const preferred = s.preferredName?.trim();
    const known = preferred && foldText(preferred) !== foldText(s.firstName) ? preferred : '';
    add(
      'students',
      s.id,
      `${s.firstName} ${s.lastName}`,
      join([
        known ? `Known as ${known}` : undefined,
        campusName.get(s.campusId),
        s.status === 'enrolled' ? undefined : capitalise(s.status),
      ]) || 'Student',
      [[s.firstName, s.lastName], ...(known ? [[known, s.lastName]] : [])],
    );
  }
  for (const f of sources.families ?? []) {
    const guardians = (f.guardians ?? []).map((g) => g.name).filter((name) => name.trim());
    add(
      'families',
      f.id,
      f.familyName,
      guardians.length > 0 ? guardians.join(', ') : 'Family',
      [f.familyName],
      guardians,
    );
  }
  for (const f of sources.facilitators ?? []) {
    add(
      'facilitators',
      f.id,
      `${f.firstName} ${f.lastName}`,
      join([campusName.get(f.campusId), f.status === 'inactive' ? 'Inactive' : undefined]) ||
        'Facilitator',
      [[f.firstName, f.lastName]],
    );
  }
  for (const c of sources.classrooms ?? []) {
    add('classrooms', c.id, c.name, campusName.get(c.campusId) ?? 'Classroom', [c.name]);
  }
  for (const e of sources.events ?? []) {
    add('events', e.id, e.title, join([eventDate(e.start), e.location]) || 'Event', [e.title]);
  }
  for (const r of sources.resources ?? []) {
    add('resources', r.id, r.title, r.kind === 'file' ? 'File' : 'Link', [r.title]);
  }

  // Word → entries holding it, each entry once per word.
  const holders = new Map<string, number[]>();
  entries.forEach((entry, index) => {
    for (const words of [...entry.names, ...entry.others]) {
      for (const word of words) {
        const list = holders.get(word);
        if (!list) holders.set(word, [index]);
        else if (list[list.length - 1] !== index) list.push(index);
      }
    }
  });
  const words = [...holders.keys()].sort(compareCodeUnits);
  const postings = words.map((word) => Int32Array.from(holders.get(word) ?? []));
  return { size: entries.length, entries, words, postings };
}

/**
 * The records matching `text`, grouped by kind in SEARCH_KINDS order (only kinds with a match),
 * best first within each group. An empty or blank query finds nothing.
 */
export function search(
  index: SearchIndex,
  text: string,
  options: SearchOptions = {},
): SearchGroup[] {
  const limit = Math.max(0, options.limitPerKind ?? 5);
  const query = searchWords(text);
  if (query.length === 0 || index.size === 0) return [];

  // hits[e] = how many of the typed words (in turn) entry e holds a word starting with.
  const hits = new Uint16Array(index.size);
  const matched: number[] = [];
  for (const [q, prefix] of query.entries()) {
    const last = q === query.length - 1;
    const initial = prefix.charAt(0);
    let any = false;
    // The words starting with the typed word's first letter are one run of the sorted list; each
    // is checked (strictly or loosely, see startsLoosely) once, however many records hold it.
    for (let w = lowerBound(index.words, initial); w < index.words.length; w++) {
      const word = index.words[w];
      if (word === undefined || word.charAt(0) !== initial) break;
      if (!startsLoosely(word, prefix)) continue;
      for (const e of index.postings[w] ?? []) {
        if (hits[e] === q) {
          hits[e] = q + 1;
          any = true;
          if (last) matched.push(e);
        }
      }
    }
    if (!any) return [];
  }

  const phrase = query.join(' ');
  const ranked = matched.flatMap((e) => {
    const entry = index.entries[e];
    return entry ? [{ entry, rank: rankOf(entry, query, phrase) }] : [];
  });
  ranked.sort(
    (a, b) =>
      a.entry.kindOrder - b.entry.kindOrder ||
      a.rank - b.rank ||
      compareCodeUnits(a.entry.sortKey, b.entry.sortKey) ||
      compareCodeUnits(a.entry.result.id, b.entry.result.id),
  );

  const groups: SearchGroup[] = [];
  for (const { entry } of ranked) {
    let group = groups[groups.length - 1];
    if (!group || group.kind !== entry.result.kind) {
      group = {
        kind: entry.result.kind,
        label: SEARCH_KIND_LABELS[entry.result.kind],
        total: 0,
        results: [],
      };
      groups.push(group);
    }
    group.total += 1;
    if (group.results.length < limit) group.results.push(entry.result);
  }
  return groups;
}

/**
 * 0 the exact full name; 1 the typed words start the name's words in order from its first; 2 a typed
 * word starts its first word; 3 any other match. A record some typed word only loosely starts
 * (startsLoosely: "lo" for "Leo") ranks below every strict match, in the same tiers (4 + tier).
 */
function rankOf(entry: Entry, query: readonly string[], phrase: string): number {
  if (entry.fullNames.includes(phrase)) return 0;
  const strict = query.every((typed) =>
    [...entry.names, ...entry.others].some((words) => words.some((word) => word.startsWith(typed))),
  );
  const starts = strict ? (word: string, typed: string) => word.startsWith(typed) : startsLoosely;
  let best = 3;
  for (const words of entry.names) {
    if (query.length <= words.length && query.every((typed, i) => starts(words[i] ?? '', typed))) {
      best = 1;
      break;
    }
    if (query.some((typed) => starts(words[0] ?? '', typed))) best = 2;
  }
  return strict ? best : 4 + best;
}

/**
 * Whether a typed word starts a word, strictly ("whit" for "whitfield") or loosely: the same first
 * letter, then the rest of the typed letters in order with letters left out ("lo" for "leo", "mrt"
 * for "martins"), as people abbreviate a name they half remember.
 */
export function startsLoosely(word: string, typed: string): boolean {
  if (word.charAt(0) !== typed.charAt(0)) return false;
  let t = 1;
  for (let w = 1; w < word.length && t < typed.length; w++) {
    if (word.charAt(w) === typed.charAt(t)) t += 1;
  }
  return t === typed.length;
}

/**
 * An index built from the same arrays is reused: a page calls `indexFor(sources)` on every render
 * and the index is rebuilt only when one of the arrays (or the options) is a different one, i.e.
 * when the data changed.
 */
export function createSearchIndexCache(): (
  sources: SearchSources,
  options?: BuildOptions,
) => SearchIndex {
  let last: { keys: unknown[]; index: SearchIndex } | null = null;
  return (sources, options = {}) => {
    const keys = [
      sources.students,
      sources.families,
      sources.facilitators,
      sources.classrooms,
      sources.events,
      sources.resources,
      sources.campuses,
      options.hrefs,
    ];
    if (last && last.keys.every((key, i) => key === keys[i])) return last.index;
    last = { keys, index: buildSearchIndex(sources, options) };
    return last.index;
  };
}

function lowerBound(sorted: readonly string[], target: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] ?? '') < target) low = middle + 1;
    else high = middle;
  }
  return low;
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
