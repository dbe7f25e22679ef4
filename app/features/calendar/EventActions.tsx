// CONTRACT (lead's skeleton; helper B implements): Edit and Delete for one event or occurrence,
// shown in the calendar's event dialog (helper A) for people who may write it. For an occurrence of
// a series, both ask "Change only this event" / "Change all events".
import type { CalendarEvent } from '~/domain/records';

export interface EventActionsProps {
  event: CalendarEvent;
  /** The occurrence's campus-local date (for a series). */
  occurrenceDate: string;
}

export function EventActions(props: EventActionsProps) {
  void props;
  return null;
}
