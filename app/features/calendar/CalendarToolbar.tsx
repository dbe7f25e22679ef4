// The calendar's toolbar: Previous / Today / Next, the view switch (links: each view is its own
// URL), the filters (a GET form, so they are the URL too) and the .ics download of the view.
import { Form, Link, useNavigate } from '@remix-run/react';
import { useId } from 'react';
import { CALENDAR_VIEWS } from '~/domain/calendar';
import { useSettings } from '~/settings/store';
import { Button } from '~/ui/Button';
import { FilterSelect } from '~/ui/form/FilterSelect';
import { useUrlForm } from '~/ui/use-url-form';
import { stepDate } from './range';
import { CALENDAR_PATH, calendarHref, calendarSearch, type CalendarQuery } from './url-state';

const VIEW_LABELS = { month: 'Month', week: 'Week', agenda: 'Agenda' } as const;

export interface CalendarToolbarProps {
  query: CalendarQuery;
  today: string;
  /** "December 2024", "2 – 8 Dec 2024", … */
  rangeLabel: string;
  campuses: ReadonlyArray<{ id: string; name: string }>;
  /** The classroom filter's options, labelled with their campus where names repeat. */
  classrooms: ReadonlyArray<{ id: string; label: string }>;
  onDownload: () => void;
  downloading: boolean;
}

export function CalendarToolbar({
  query,
  today,
  rangeLabel,
  campuses,
  classrooms,
  onDownload,
  downloading,
}: CalendarToolbarProps) {
  const skin = useSettings((s) => s.skin);
  const navigate = useNavigate();
  const ids = { layer: useId(), download: useId() };
  const go = (patch: Partial<CalendarQuery>) =>
    navigate(calendarHref(query, { event: '', on: '', ...patch }), { preventScrollReset: true });

  // A classroom of another campus would leave the view empty for no visible reason.
  const { formRef, apply: applyFilters } = useUrlForm(
    CALENDAR_PATH,
    (fields) => {
      const campus = fields.get('campus') ?? '';
      return calendarSearch({
        ...query,
        campus,
        classroom: campus !== query.campus ? '' : (fields.get('classroom') ?? ''),
        schedules: fields.get('layer') === 'schedules',
        event: '',
        on: '',
      });
    },
    { preventScrollReset: true },
  );

  return (
    <div className={`mb-4 grid gap-3 p-3 sm:p-4 ${skin.card} ${skin.rounded}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="secondary"
            onClick={() => go({ date: stepDate(query.view, query.date, -1) })}
          >
            Previous
          </Button>
          <Button variant="secondary" onClick={() => go({ date: today })}>
            Today
          </Button>
          <Button
            variant="secondary"
            onClick={() => go({ date: stepDate(query.view, query.date, 1) })}
          >
            Next
          </Button>
          <h2 className="ml-1 text-lg font-semibold" aria-live="polite">
            {rangeLabel}
          </h2>
        </div>
        <nav aria-label="Calendar views">
          <ul className="flex flex-wrap gap-1 border-b border-border">
            {CALENDAR_VIEWS.map((view) => (
              <li key={view}>
                <Link
                  to={calendarHref(query, { view, event: '', on: '' })}
                  aria-current={view === query.view ? 'page' : undefined}
                  preventScrollReset
                  className={`min-h-11 ${view === query.view ? skin.tabSelected : skin.tab}`}
                >
                  {VIEW_LABELS[view]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <Form
        ref={formRef}
        method="get"
        role="search"
        aria-label="Filter the calendar"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          applyFilters();
        }}
        onChange={applyFilters}
      >
        <FilterSelect
          key={`campus-${query.campus}`}
          label="Campus"
          name="campus"
          defaultValue={query.campus}
          allLabel="All campuses"
          options={campuses.map((c) => ({ value: c.id, label: c.name }))}
          className="min-w-40 flex-1 sm:flex-none"
        />
        <FilterSelect
          key={`classroom-${query.classroom}-${query.campus}`}
          label="Classroom"
          name="classroom"
          defaultValue={query.classroom}
          allLabel="All classrooms"
          options={classrooms.map((c) => ({ value: c.id, label: c.label }))}
          className="min-w-40 flex-1 sm:flex-none"
        />
        <div className="flex min-h-11 items-center gap-2">
          <input
            key={`layer-${query.schedules ? 1 : 0}`}
            id={ids.layer}
            name="layer"
            type="checkbox"
            value="schedules"
            defaultChecked={query.schedules}
            className="size-5"
          />
          <label htmlFor={ids.layer} className="font-medium">
            Show classroom schedules
          </label>
        </div>
        <div className="grid gap-1 sm:ml-auto">
          <Button
            variant="secondary"
            size="sm"
            type="button"
            busy={downloading}
            busyLabel="Preparing…"
            onClick={onDownload}
            aria-describedby={ids.download}
          >
            Download view (.ics)
          </Button>
          <span id={ids.download} className="text-xs text-muted">
            These filters, the next 12 months
          </span>
        </div>
      </Form>
    </div>
  );
}
