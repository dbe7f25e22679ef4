// Search, filter and sort controls of the students list. They are a GET form, so the view state is
// the URL: choosing an option or pausing while typing submits it (replacing the history entry, so
// Back leaves the list instead of stepping through keystrokes).
import { Form, Link } from '@remix-run/react';
import { useEffect, useId, useRef, useState } from 'react';
import { STUDENT_STATUSES, type Campus, type Classroom } from '~/domain/records';
import { useSettings } from '~/settings/store';
import { Button } from '~/ui/Button';
import { FilterSelect } from '~/ui/form/FilterSelect';
import { useUrlForm } from '~/ui/use-url-form';
import {
  PARAMS,
  SORT_FIELDS,
  SORT_LABELS,
  STATUS_LABELS,
  hasFilters,
  listQueryToSearch,
  parseListQuery,
  type StudentListQuery,
} from './query';

/** How long typing must pause before the search runs. */
const SEARCH_DEBOUNCE_MS = 250;

export interface StudentFiltersProps {
  query: StudentListQuery;
  campuses: readonly Campus[];
  classrooms: readonly Classroom[];
}

export function StudentFilters({ query, campuses, classrooms }: StudentFiltersProps) {
  const skin = useSettings((s) => s.skin);
  const searchRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [search, setSearch] = useState(query.q);
  const ids = {
    search: useId(),
  };

  // The URL can change without typing (Back, "Clear filters"): follow it, unless the person is
  // typing right now, when their newer text wins over the URL of an earlier keystroke.
  useEffect(() => {
    if (document.activeElement !== searchRef.current) setSearch(query.q);
  }, [query.q]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  // Navigates to the form's view with a tidy URL: empty fields and defaults are left out, and a
  // classroom of another campus is dropped when the campus changes.
  const { formRef, apply } = useUrlForm('/dash/students', (fields) => {
    const next = parseListQuery(fields);
    const chosen = classrooms.find((c) => c.id === next.classroom);
    if (next.campus && chosen && chosen.campusId !== next.campus) next.classroom = '';
    return listQueryToSearch(next);
  });
  const submitNow = () => {
    if (timer.current) clearTimeout(timer.current);
    apply();
  };

  // With a campus chosen, only its classrooms are offered (and the list stays short).
  const classroomOptions = classrooms
    .filter((c) => !query.campus || c.campusId === query.campus)
    .flatMap((c) => (c.id ? [{ id: c.id, name: c.name, campusId: c.campusId }] : []));
  const campusName = new Map(campuses.map((c) => [c.id, c.name]));

  return (
    <Form
      ref={formRef}
      method="get"
      replace
      role="search"
      aria-label="Find students"
      // Two filters a row from 24rem, a rem breakpoint so large text gets one a row on a phone.
      className={`mb-4 grid gap-3 p-3 min-[24rem]:grid-cols-2 sm:p-4 lg:grid-cols-5 ${skin.card} ${skin.rounded}`}
      onSubmit={(event) => {
        event.preventDefault();
        submitNow();
      }}
      onChange={(event) => {
        // Typing in the search box is debounced below; every other control applies at once.
        if (event.target instanceof HTMLSelectElement) submitNow();
      }}
    >
      <div className="col-span-full grid gap-1">
        <label htmlFor={ids.search} className="font-medium">
          Search by name
        </label>
        {/* The button goes under the field when the field would be narrower than 12rem. */}
        <div className="flex flex-wrap gap-2">
          <input
            ref={searchRef}
            id={ids.search}
            name={PARAMS.search}
            type="search"
            value={search}
            autoComplete="off"
            placeholder="First, last or preferred name"
            onSubmit={(event) => {
              event.preventDefault();
              submitNow();
            }}
            onChange={(event) => {
              setSearch(event.target.value);
              if (timer.current) clearTimeout(timer.current);
              timer.current = setTimeout(submitNow, SEARCH_DEBOUNCE_MS);
            }}
            className={`min-w-0 flex-1 basis-48 ${skin.input} ${skin.rounded}`}
          />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </div>
      </div>
      <FilterSelect
        key={`campus-${query.campus}`}
        label="Campus"
        name={PARAMS.campus}
        defaultValue={query.campus}
        allLabel="All campuses"
        options={campuses.flatMap((c) => (c.id ? [{ value: c.id, label: c.name }] : []))}
      />
      <FilterSelect
        key={`classroom-${query.campus}-${query.classroom}`}
        label="Classroom"
        name={PARAMS.classroom}
        defaultValue={query.classroom}
        allLabel="All classrooms"
        options={classroomOptions.map((c) => ({
          value: c.id,
          label: query.campus ? c.name : `${c.name} (${campusName.get(c.campusId) ?? c.campusId})`,
        }))}
      />
      <FilterSelect
        key={`status-${query.status ?? ''}`}
        label="Status"
        name={PARAMS.status}
        defaultValue={query.status ?? ''}
        allLabel="Any status"
        options={STUDENT_STATUSES.map((status) => ({
          value: status,
          label: STATUS_LABELS[status],
        }))}
      />
      <FilterSelect
        key={`sort-${query.sort}`}
        label="Sort by"
        name={PARAMS.sort}
        defaultValue={query.sort}
        options={SORT_FIELDS.map((field) => ({ value: field, label: SORT_LABELS[field] }))}
      />
      <FilterSelect
        key={`dir-${query.dir}`}
        label="Order"
        name={PARAMS.direction}
        defaultValue={query.dir}
        options={[
          { value: 'asc', label: 'Ascending' },
          { value: 'desc', label: 'Descending' },
        ]}
      />
      {hasFilters(query) ? (
        <p className="col-span-full">
          <Link to="/dash/students" replace className={skin.link}>
            Clear search and filters
          </Link>
        </p>
      ) : null}
    </Form>
  );
}
