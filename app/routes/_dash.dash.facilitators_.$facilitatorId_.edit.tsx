// Edit a facilitator: every field for staff, the own-profile fields for the facilitator themselves.
export const handle = {
  title: 'Edit facilitator',
  description: "Change a facilitator's details.",
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
