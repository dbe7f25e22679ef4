// Create a family (/dash/families/new) with its guardians.
import { useActionData, useLoaderData } from '@remix-run/react';
import { loadParentMembers, saveFamilyFromRequest } from '~/features/students/forms/family-editor-route';
import { FamilyEditor } from '~/features/students/forms/FamilyEditor';
import { requireWriter } from '~/features/students/forms/student-editor-route';
import { GeneralErrorBoundary } from '~/ui/errors';
import { PageHeading } from '~/ui/PageHeading';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';
import type {
  ClientActionFunctionArgs,
  ClientLoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/react';

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  await requireWriter(request, 'families');
  return { parentMembers: await loadParentMembers() };
}

export async function clientAction({ request }: ClientActionFunctionArgs) {
  const user = await requireWriter(request, 'families');
  return saveFamilyFromRequest(request, user, null);
}

export const handle = {
  title: 'New family',
  description: 'Add a family and its guardians.',
  area: 'families',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export default function NewFamily() {
  const { parentMembers } = useLoaderData<typeof clientLoader>();
  const result = useActionData<typeof clientAction>();
  return (
    <>
      <PageHeading title="New family" lead="Add the family and its guardians." />
      <FamilyEditor
        family={null}
        parentMembers={parentMembers}
        result={result}
        cancelHref="/dash/families"
      />
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary };
