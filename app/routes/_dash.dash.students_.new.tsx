// Create a student (/dash/students/new). `?familyId=` preselects the family, so a family page can
// offer "Add a student to this family". One page with the edit route (decision 058):
// app/features/students/forms/student-editor-route.ts and StudentEditor.tsx.
import type { RouteHandle } from '~/ui/route-handle';

export {
  studentEditorAction as clientAction,
  studentEditorLoader as clientLoader,
  studentEditorMeta as meta,
} from '~/features/students/forms/student-editor-route';
export { StudentEditorPage as default } from '~/features/students/forms/StudentEditor';
export { GeneralErrorBoundary as ErrorBoundary } from '~/ui/errors';

export const handle = {
  title: 'New student',
  description: 'Add a student to the learning centre.',
  area: 'students',
} satisfies RouteHandle;
