// Create an event (/dash/calendar/new). One page with the edit route (decision 058):
// app/features/calendar/editor-route.ts and EventEditorPage.tsx.
import type { RouteHandle } from '~/ui/route-handle';

export {
  eventEditorAction as clientAction,
  eventEditorLoader as clientLoader,
} from '~/features/calendar/editor-route';
export { EventEditorPage as default } from '~/features/calendar/EventEditorPage';
export { GeneralErrorBoundary as ErrorBoundary } from '~/ui/errors';
export { handleMeta as meta } from '~/ui/route-handle';

export const handle = {
  title: 'New event',
  description: 'Add an event to the calendar.',
  area: 'calendar',
} satisfies RouteHandle;
