// A new facilitator (staff only); the form module is shared with the edit route.
import type { RouteHandle } from '~/ui/route-handle';

export const handle = {
  title: 'New facilitator · Facilitators',
  description: 'Add a facilitator.',
  area: 'facilitators',
} satisfies RouteHandle;

export {
  clientLoader,
  clientAction,
  default,
  ErrorBoundary,
  meta,
} from '~/features/facilitators/editor-route';
