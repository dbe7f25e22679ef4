// The calendar page's body: heading with "New event", the toolbar, the timezone note, the view the
// URL names, and the event dialog. Everything it shows comes from the route's clientLoader; the
// page re-runs it when the sync brings new events or school setup.
import { useNavigate } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useRevalidateOnDataChange } from '~/data/route-data';
import { formatDate } from '~/domain/format';
import { settingsStore, useSettings } from '~/settings/store';
import { ButtonLink } from '~/ui/Button';
import { MobileActionBar } from '~/ui/MobileActionBar';
import { PageHeading } from '~/ui/PageHeading';
import { AgendaView } from './AgendaView';
import { CalendarToolbar } from './CalendarToolbar';
import { formatDay } from './event-time';
import { KindLegend } from './EventChip';
import { EventDialog } from './EventDialog';
import { MonthView } from './MonthView';
import { calendarHref } from './url-state';
import { WeekView } from './WeekView';
import type { CalendarPageData } from './calendar-route';

const WATCHED = ['events', 'campuses', 'classrooms', 'subjects', 'eventReplies'] as const;

export const EVENT_NOT_AVAILABLE = 'This event is not available';
export const VIEW_ICS_FAILED = 'Could not prepare the calendar file. Please try again.';

function rangeLabel(data: CalendarPageData): string {
  const { view, date } = data.query;
  if (view === 'month') {
    return formatDate(`${date.slice(0, 7)}-15`, 'month');
  }
  const year = data.range.to.slice(0, 4);
  return `${formatDay(data.range.from)} – ${formatDay(data.range.to)} ${year}`;
}

export function CalendarPage({ data, title }: { data: CalendarPageData; title: string }) {
  const skin = useSettings((s) => s.skin);
  const navigate = useNavigate();
  const [downloading, setDownloading] = useState(false);
  useRevalidateOnDataChange(WATCHED);
  const { query } = data;
  const unavailable = data.dialog === 'unavailable';

  // A link to an event the person cannot read (or that is gone): say so once, drop the parameter.
  useEffect(() => {
    if (!unavailable) return;
    settingsStore.notify(EVENT_NOT_AVAILABLE, 'error');
    navigate(calendarHref(query, { event: '', on: '' }), {
      replace: true,
      preventScrollReset: true,
    });
  }, [unavailable, navigate, query]);

  const closeDialog = () =>
    navigate(calendarHref(query, { event: '', on: '' }), {
      replace: true,
      preventScrollReset: true,
    });

  const downloadView = async () => {
    setDownloading(true);
    try {
      const { buildIcs, downloadIcs } = await import('./ics');
      const { events, zones } = data.exportable;
      const text = buildIcs(events, {
        timeZoneOf: (e) => zones[e.id ?? ''] ?? 'UTC',
        calendarName: 'Learning centre calendar',
      });
      downloadIcs('calendar.ics', text);
    } catch {
      settingsStore.notify(VIEW_ICS_FAILED, 'error');
    } finally {
      setDownloading(false);
    }
  };

  const newHref = `/dash/calendar/new?date=${query.date}`;
  const newLink = <ButtonLink to={newHref}>New event</ButtonLink>;
  const label = rangeLabel(data);
  const schedules = data.schedules === 'choose' ? [] : data.schedules;

  return (
    <>
      <PageHeading
        title={title}
        lead="Events for you, in your campus's time."
        actions={data.canCreate ? <div className="hidden sm:flex">{newLink}</div> : undefined}
      />
      <CalendarToolbar
        query={query}
        today={data.today}
        rangeLabel={label}
        campuses={data.campuses}
        classrooms={data.classrooms}
        onDownload={() => void downloadView()}
        downloading={downloading}
      />
      {data.zoneNote ? (
        <p className="mb-3 text-sm">Times are shown in {data.zoneNote} (campus time).</p>
      ) : null}
      {data.schedules === 'choose' ? (
        <p role="status" className={`mb-3 p-3 text-sm ${skin.info} ${skin.rounded}`}>
          Choose a classroom to see its schedule.
        </p>
      ) : null}
      {query.schedules && query.view === 'month' ? (
        <p className="mb-3 text-sm">Classroom schedules show in the week and agenda views.</p>
      ) : null}
      <KindLegend schedules={schedules.length > 0} />
      {query.view === 'month' ? (
        <MonthView
          query={query}
          range={data.range}
          today={data.today}
          items={data.items}
          label={label}
        />
      ) : query.view === 'week' ? (
        <WeekView
          query={query}
          range={data.range}
          today={data.today}
          items={data.items}
          schedules={schedules}
        />
      ) : (
        <AgendaView
          query={query}
          range={data.range}
          today={data.today}
          items={data.items}
          schedules={schedules}
        />
      )}
      <EventDialog
        details={data.dialog === 'unavailable' ? null : data.dialog}
        onClose={closeDialog}
      />
      {data.canCreate ? (
        <>
          <div className="h-20 sm:hidden" aria-hidden="true" />
          <MobileActionBar label="Calendar actions">{newLink}</MobileActionBar>
        </>
      ) : null}
    </>
  );
}
