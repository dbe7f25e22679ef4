// Edit a student (/dash/students/:studentId/edit), including moving them to another family. One
// page with the new route (decision 058): app/features/students/forms/student-editor-route.ts and
// StudentEditor.tsx.
import type { RouteHandle } from '~/ui/route-handle';

export {
  studentEditorAction as clientAction,
  studentEditorLoader as clientLoader,
  studentEditorMeta as meta,
} from '~/features/students/forms/student-editor-route';
export { StudentEditorPage as default } from '~/features/students/forms/StudentEditor';
export { GeneralErrorBoundary as ErrorBoundary } from '~/ui/errors';

export const handle = {
  title: 'Edit student',
  description: "Change a student's details.",
  area: 'students',
} satisfies RouteHandle;
