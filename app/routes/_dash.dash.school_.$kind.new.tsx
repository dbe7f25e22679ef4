// School setup: create a campus, classroom or subject (/dash/school/:kind/new).
// The editor is shared with the sibling route (app/features/school/SchoolEditor.tsx).
import {
  useActionData,
  useLoaderData,
  type ClientActionFunctionArgs,
  type ClientLoaderFunctionArgs,
} from '@remix-run/react';
import { requireArea } from '~/auth/guards';
import { SchoolEditor, schoolEditorTitle } from '~/features/school/SchoolEditor';
import {
  loadSchoolEditor,
  saveFromSchoolEditor,
  schoolEditorMeta,
} from '~/features/school/setup-route';
import { GeneralErrorBoundary } from '~/ui/errors';
import { PageHeading } from '~/ui/PageHeading';
import type { RouteHandle } from '~/ui/route-handle';

export async function clientLoader({ request, params }: ClientLoaderFunctionArgs) {
  await requireArea(request, handle.area);
  return loadSchoolEditor(request, params);
}

export async function clientAction({ request, params }: ClientActionFunctionArgs) {
  const user = await requireArea(request, handle.area);
  return saveFromSchoolEditor(request, params, user);
}

export const handle = {
  title: 'School Setup',
  description: 'Add a campus, classroom or subject.',
  area: 'school',
} satisfies RouteHandle;

export const meta = schoolEditorMeta;

export default function NewSchoolRecord() {
  const data = useLoaderData<typeof clientLoader>();
  const result = useActionData<typeof clientAction>();
  return (
    <>
      <PageHeading
        title={schoolEditorTitle(data.kind, data.record)}
        lead="Fields marked optional may be left empty."
      />
      <SchoolEditor key={`${data.kind}/${data.id ?? 'new'}`} {...data} result={result} />
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary };
