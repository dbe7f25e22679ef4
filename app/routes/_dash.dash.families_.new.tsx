// Create a family (/dash/families/new) with its guardians. One page with the edit route (decision
// 058): app/features/students/forms/family-editor-route.ts and FamilyEditor.tsx.
import type { RouteHandle } from '~/ui/route-handle';

export {
  familyEditorAction as clientAction,
  familyEditorLoader as clientLoader,
  familyEditorMeta as meta,
} from '~/features/students/forms/family-editor-route';
export { FamilyEditorPage as default } from '~/features/students/forms/FamilyEditor';
export { GeneralErrorBoundary as ErrorBoundary } from '~/ui/errors';

export const handle = {
  title: 'New family',
  description: 'Add a family and its guardians.',
  area: 'families',
} satisfies RouteHandle;
