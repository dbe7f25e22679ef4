// Edit a student (/dash/students/:studentId/edit), including moving them to another family.
import { useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import {
  loadEditorData,
  loadStudentOr404,
  openForEdit,
  saveStudentFromRequest,
} from '~/features/students/forms/student-editor-route';
import { StudentEditor } from '~/features/students/forms/StudentEditor';
import { GeneralErrorBoundary } from '~/ui/errors';
import { PageHeading } from '~/ui/PageHeading';
import { withErrorTitle, type RouteHandle } from '~/ui/route-handle';
import type {
  ClientActionFunctionArgs,
  ClientLoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/react';

const openStudent = (request: Request, id: string | undefined) =>
  openForEdit(request, 'students', () => loadStudentOr404(request, id));

export async function clientLoader({ request, params }: ClientLoaderFunctionArgs) {
  const { record: student } = await openStudent(request, params.studentId);
  return { student, ...(await loadEditorData()) };
}

export async function clientAction({ request, params }: ClientActionFunctionArgs) {
  const { record: student } = await openStudent(request, params.studentId);
  return saveStudentFromRequest(request, student);
}

const metaDataSchema = z.object({
  student: z.object({ firstName: z.string(), lastName: z.string() }),
});

export const handle = {
  title: 'Edit student',
  description: "Change a student's details.",
  area: 'students',
} satisfies RouteHandle;

export const meta: MetaFunction = ({ data, error }) => {
  const parsed = metaDataSchema.safeParse(data);
  const name = parsed.success
    ? `${parsed.data.student.firstName} ${parsed.data.student.lastName}`
    : '';
  return withErrorTitle(error, [
    { title: name ? `Edit ${name}` : 'Edit student' },
    { name: 'description', content: "Change a student's details, family, classrooms or status." },
  ]);
};

export default function EditStudent() {
  const data = useLoaderData<typeof clientLoader>();
  const result = useActionData<typeof clientAction>();
  const { student } = data;
  return (
    <>
      <PageHeading
        title={`Edit ${student.firstName} ${student.lastName}`}
        lead="Change the details, the family, the classrooms or the status."
      />
      <StudentEditor
        key={student.id}
        student={student}
        families={data.families}
        campuses={data.campuses}
        classrooms={data.classrooms}
        result={result}
        cancelHref={`/dash/students/${student.id}`}
      />
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary };
