// Edit an event (/dash/calendar/:eventId/edit), one date of a series or all of it, or delete it.
// One page with the new route (decision 058): app/features/calendar/editor-route.ts and
// EventEditorPage.tsx.
import type { RouteHandle } from '~/ui/route-handle';

export {
  eventEditorAction as clientAction,
  eventEditorLoader as clientLoader,
} from '~/features/calendar/editor-route';
export { EventEditorPage as default } from '~/features/calendar/EventEditorPage';
export { GeneralErrorBoundary as ErrorBoundary } from '~/ui/errors';
export { handleMeta as meta } from '~/ui/route-handle';

export const handle = {
  title: 'Edit event',
  description: 'Change an event, or one date of a repeating event.',
  area: 'calendar',
} satisfies RouteHandle;
