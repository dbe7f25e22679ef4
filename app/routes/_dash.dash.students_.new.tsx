// Create a student (/dash/students/new). `?familyId=` preselects the family, so a family page can
// offer "Add a student to this family".
import { useActionData, useLoaderData } from '@remix-run/react';
import {
  loadEditorData,
  requireWriter,
  saveStudentFromRequest,
} from '~/features/students/forms/student-editor-route';
import { StudentEditor } from '~/features/students/forms/StudentEditor';
import { GeneralErrorBoundary } from '~/ui/errors';
import { PageHeading } from '~/ui/PageHeading';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';
import type {
  ClientActionFunctionArgs,
  ClientLoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/react';

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  await requireWriter(request, 'students');
  const familyId = new URL(request.url).searchParams.get('familyId') ?? undefined;
  return { ...(await loadEditorData()), familyId };
}

export async function clientAction({ request }: ClientActionFunctionArgs) {
  await requireWriter(request, 'students');
  return saveStudentFromRequest(request, null);
}

export const handle = {
  title: 'New student',
  description: 'Add a student to the learning centre.',
  area: 'students',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export default function NewStudent() {
  const data = useLoaderData<typeof clientLoader>();
  const result = useActionData<typeof clientAction>();
  return (
    <>
      <PageHeading title="New student" lead="Add a student and link them to a family." />
      <StudentEditor
        student={null}
        families={data.families}
        campuses={data.campuses}
        classrooms={data.classrooms}
        result={result}
        defaultFamilyId={data.familyId}
        cancelHref="/dash/students"
      />
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary };
