// Edit a family (/dash/families/:familyId/edit): its fields, and adding, changing, removing and
// linking guardians. One page with the new route (decision 058):
// app/features/students/forms/family-editor-route.ts and FamilyEditor.tsx.
import type { RouteHandle } from '~/ui/route-handle';

export {
  familyEditorAction as clientAction,
  familyEditorLoader as clientLoader,
  familyEditorMeta as meta,
} from '~/features/students/forms/family-editor-route';
export { FamilyEditorPage as default } from '~/features/students/forms/FamilyEditor';
export { GeneralErrorBoundary as ErrorBoundary } from '~/ui/errors';

export const handle = {
  title: 'Edit family',
  description: "Change a family's details and guardians.",
  area: 'families',
} satisfies RouteHandle;
