// A new facilitator (staff only); the form module is shared with the edit route.
export const handle = {
  title: 'New facilitator',
  description: 'Add a facilitator.',
  area: 'facilitators',
} satisfies RouteHandle;
import { type RouteHandle } from '~/ui/route-handle';

export {
  clientLoader,
  clientAction,
  default,
  ErrorBoundary,
  meta,
} from '~/features/facilitators/editor-route';
