// The global search's index for the signed-in person, kept while the session lasts (state: the
// records read per kind, the index built from them, and whether a kind changed since). It reads the
// local cache only — never the network — so search works offline and shows exactly the records
// the person's sync stored, which the backend already scoped to what they may read. A kind whose
// page the person cannot open (canOpenArea) is left out, and classrooms lead to the calendar
// filtered by classroom for people who cannot open school setup.
//
// The index is built lazily, when the dialog first subscribes, and rebuilt when the data changes:
// the same data-change signal useRevalidateOnDataChange listens to (store.subscribe) marks the
// changed kinds stale, and only those are read again (createSearchIndexCache reuses the index
// while no array changed).
import { z } from 'zod';
import { parseOnce } from '~/data/route-data';
import { store, type CachedRecord } from '~/data/store';
import { canOpenArea, type Area } from '~/domain/areas';
import {
  campusSchema,
  classroomSchema,
  eventSchema,
  facilitatorSchema,
  familySchema,
  resourceSchema,
  studentSchema,
} from '~/domain/records';
import type { Role } from '~/domain/roles';
import {
  createSearchIndexCache,
  DEFAULT_HREFS,
  type BuildOptions,
  type SearchIndex,
  type SearchKind,
  type SearchSources,
} from './search-index';

const id = { id: z.string() };
// Only the fields the index reads: parsing 5,200 students with the full schema costs far more.
const SCHEMAS = {
  students: studentSchema
    .pick({ firstName: true, lastName: true, preferredName: true, campusId: true, status: true })
    .extend(id),
  families: familySchema
    .pick({ familyName: true })
    .extend({ ...id, guardians: z.array(z.object({ name: z.string() })).default([]) }),
  facilitators: facilitatorSchema
    .pick({ firstName: true, lastName: true, campusId: true, status: true })
    .extend(id),
  classrooms: classroomSchema.pick({ name: true, campusId: true }).extend(id),
  events: eventSchema.pick({ title: true, start: true, location: true }).extend(id),
  resources: resourceSchema.pick({ title: true, kind: true }).extend(id),
  campuses: campusSchema.pick({ name: true }).extend(id),
} satisfies Record<keyof SearchSources, z.ZodTypeAny>;

type SourceName = keyof typeof SCHEMAS;
const SOURCE_NAMES = Object.keys(SCHEMAS).filter((name): name is SourceName =>
  Object.hasOwn(SCHEMAS, name),
);

/** The area whose page a result of each kind opens (classrooms: see hrefsFor). */
const KIND_AREAS: Record<Exclude<SearchKind, 'classrooms'>, Area> = {
  students: 'students',
  families: 'families',
  facilitators: 'facilitators',
  events: 'calendar',
  resources: 'resources',
};

/** The kinds `roles` may open a page for, and where each result leads. */
export function searchScope(roles: readonly Role[]): {
  kinds: Set<SearchKind>;
  hrefs: BuildOptions['hrefs'];
} {
  const kinds = new Set<SearchKind>();
  for (const [kind, area] of Object.entries(KIND_AREAS)) {
    if (canOpenArea(roles, area)) kinds.add(kindOf(kind));
  }
  let classroomHref: ((id: string) => string) | null = null;
  if (canOpenArea(roles, 'school')) classroomHref = DEFAULT_HREFS.classrooms;
  else if (canOpenArea(roles, 'calendar')) {
    classroomHref = (classroom) => `/dash/calendar?classroom=${encodeURIComponent(classroom)}`;
  }
  if (classroomHref) kinds.add('classrooms');
  return { kinds, hrefs: classroomHref ? { classrooms: classroomHref } : {} };
}

function kindOf(name: string): SearchKind {
  switch (name) {
    case 'students':
    case 'families':
    case 'facilitators':
    case 'classrooms':
    case 'events':
    case 'resources':
      return name;
    default:
      throw new Error(`Unknown search kind ${name}`);
  }
}

async function readSource(name: SourceName): Promise<CachedRecord[]> {
  // store.list reads the cache only: offline it answers at once from IndexedDB.
  return store.list(name, { limit: Infinity });
}

function parsed<S extends z.ZodTypeAny>(schema: S, items: CachedRecord[]): z.infer<S>[] {
  return items.flatMap((item) => {
    const result = parseOnce<z.infer<S>>(schema, item);
    return result.success ? [result.data] : [];
  });
}

export type SearchIndexState =
  | { status: 'loading'; index: SearchIndex | null }
  | { status: 'ready'; index: SearchIndex }
  | { status: 'failed'; index: SearchIndex | null };

const LOADING: SearchIndexState = { status: 'loading', index: null };

/** How long after a data change the index is read again (a sync writes many collections in a row). */
export const SEARCH_REBUILD_DELAY_MS = 150;

export interface SearchIndexSource {
  subscribe(listener: () => void): () => void;
  getSnapshot(): SearchIndexState;
}

/**
 * The index of one person (uid and roles): loads on the first subscriber, keeps what it read while
 * nobody watches, and reloads only the kinds a data change named.
 */
export function createSearchIndexSource(roles: readonly Role[]): SearchIndexSource {
  const { kinds, hrefs } = searchScope(roles);
  const wanted = SOURCE_NAMES.filter((name) => name === 'campuses' || kinds.has(kindOf(name)));
  const sources: SearchSources = {};
  const stale = new Set<SourceName>(wanted);
  const indexFor = createSearchIndexCache();
  const options: BuildOptions = { hrefs };
  const listeners = new Set<() => void>();
  let state: SearchIndexState = LOADING;
  let loading: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopWatching: (() => void) | null = null;

  const emit = (next: SearchIndexState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  const load = (): Promise<void> => {
    if (loading) return loading;
    const names = [...stale];
    stale.clear();
    if (names.length === 0 && state.status === 'ready') return Promise.resolve();
    loading = Promise.all(
      names.map(async (name) => {
        const items = await readSource(name);
        setSource(sources, name, items);
      }),
    )
      .then(() => emit({ status: 'ready', index: indexFor(sources, options) }))
      .catch(() => {
        for (const name of names) stale.add(name);
        emit({ status: 'failed', index: state.index });
      })
      .finally(() => {
        loading = null;
        // A change that arrived while reading is read now.
        if (stale.size > 0 && listeners.size > 0) void load();
      });
    return loading;
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (!stopWatching) {
        stopWatching = store.subscribe((event) => {
          const changed = wanted.filter((name) => event.collections.includes(name));
          if (changed.length === 0) return;
          for (const name of changed) stale.add(name);
          if (timer) clearTimeout(timer);
          timer = setTimeout(() => {
            timer = null;
            if (listeners.size > 0) void load();
          }, SEARCH_REBUILD_DELAY_MS);
        });
      }
      if (stale.size > 0) void load();
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => state,
  };
}

function setSource(sources: SearchSources, name: SourceName, items: CachedRecord[]): void {
  switch (name) {
    case 'students':
      sources.students = parsed(SCHEMAS.students, items);
      break;
    case 'families':
      sources.families = parsed(SCHEMAS.families, items);
      break;
    case 'facilitators':
      sources.facilitators = parsed(SCHEMAS.facilitators, items);
      break;
    case 'classrooms':
      sources.classrooms = parsed(SCHEMAS.classrooms, items);
      break;
    case 'events':
      sources.events = parsed(SCHEMAS.events, items);
      break;
    case 'resources':
      sources.resources = parsed(SCHEMAS.resources, items);
      break;
    case 'campuses':
      sources.campuses = parsed(SCHEMAS.campuses, items);
      break;
  }
}

let current: { key: string; source: SearchIndexSource } | null = null;

/**
 * The index source of the signed-in person, one per session: another person (or other roles)
 * gets a new one, so nothing of a previous session is searched.
 */
export function searchIndexSourceFor(uid: string, roles: readonly Role[]): SearchIndexSource {
  const key = `${uid}|${[...roles].sort().join(',')}`;
  if (current?.key !== key) current = { key, source: createSearchIndexSource(roles) };
  return current.source;
}
