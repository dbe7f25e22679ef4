// Edit a facilitator: every field for staff, the own-profile fields for the facilitator themselves.
import type { RouteHandle } from '~/ui/route-handle';

export const handle = {
  title: 'Edit facilitator · Facilitators',
  description: "Change a facilitator's details.",
  area: 'facilitators',
} satisfies RouteHandle;

export {
  clientLoader,
  clientAction,
  default,
  ErrorBoundary,
  meta,
} from '~/features/facilitators/editor-route';
