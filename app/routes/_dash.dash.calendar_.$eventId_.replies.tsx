// The replies to an event that asks families for one (/dash/calendar/:eventId/replies): counts, a
// list per classroom, "Remind the ones who have not answered" and the CSV for the trip register.
// Its action also takes a family's answer from the event dialog. The work is in
// app/features/calendar/replies-route.ts and RepliesPage.tsx.
import type { RouteHandle } from '~/ui/route-handle';

export {
  eventRepliesLoader as clientLoader,
  eventRepliesAction as clientAction,
} from '~/features/calendar/replies-route';
export { RepliesPage as default } from '~/features/calendar/RepliesPage';
export { GeneralErrorBoundary as ErrorBoundary } from '~/ui/errors';
export { handleMeta as meta } from '~/ui/route-handle';

export const handle = {
  title: 'Event replies',
  description:
    'Who has answered an event, per classroom: remind the families still to answer, export the list.',
  area: 'calendar',
  guide: 'features/event-replies',
} satisfies RouteHandle;
