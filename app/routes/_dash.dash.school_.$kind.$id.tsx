// School setup: edit a campus, classroom or subject (/dash/school/:kind/:id). One page with the
// new route (decision 058): app/features/school/setup-route.ts and SchoolEditor.tsx.
import type { RouteHandle } from '~/ui/route-handle';

export {
  schoolEditorAction as clientAction,
  schoolEditorLoader as clientLoader,
  schoolEditorMeta as meta,
} from '~/features/school/setup-route';
export { SchoolEditorPage as default } from '~/features/school/SchoolEditor';
export { GeneralErrorBoundary as ErrorBoundary } from '~/ui/errors';

export const handle = {
  title: 'School Setup',
  description: 'Edit a campus, classroom or subject.',
  area: 'school',
} satisfies RouteHandle;
