// School setup: create or edit a campus, classroom or subject (the module is shared by both routes).
import type { RouteHandle } from '~/ui/route-handle';

export const handle = {
  title: 'School Setup',
  description: 'Edit a campus, classroom or subject.',
  area: 'school',
} satisfies RouteHandle;

export {
  clientLoader,
  clientAction,
  default,
  ErrorBoundary,
  meta,
} from '~/features/school/editor-route';
