// School setup: create a campus, classroom or subject (/dash/school/:kind/new). One page with the
// edit route (decision 058): app/features/school/setup-route.ts and SchoolEditor.tsx.
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
  description: 'Add a campus, classroom or subject.',
  area: 'school',
} satisfies RouteHandle;
