// Edit a family (/dash/families/:familyId/edit): its fields, and adding, changing, removing and
// linking guardians.
import { useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import {
  loadFamilyOr404,
  loadParentMembers,
  saveFamilyFromRequest,
} from '~/features/students/forms/family-editor-route';
import { FamilyEditor } from '~/features/students/forms/FamilyEditor';
import { openForEdit } from '~/features/students/forms/student-editor-route';
import { GeneralErrorBoundary } from '~/ui/errors';
import { PageHeading } from '~/ui/PageHeading';
import { withErrorTitle, type RouteHandle } from '~/ui/route-handle';
import type {
  ClientActionFunctionArgs,
  ClientLoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/react';

const openFamily = (request: Request, id: string | undefined) =>
  openForEdit(request, 'families', () => loadFamilyOr404(request, id));

export async function clientLoader({ request, params }: ClientLoaderFunctionArgs) {
  const { record: family } = await openFamily(request, params.familyId);
  return { family, parentMembers: await loadParentMembers() };
}

export async function clientAction({ request, params }: ClientActionFunctionArgs) {
  const { user, record: family } = await openFamily(request, params.familyId);
  return saveFamilyFromRequest(request, user, family);
}

const metaDataSchema = z.object({ family: z.object({ familyName: z.string() }) });

export const handle = {
  title: 'Edit family',
  description: "Change a family's details and guardians.",
  area: 'families',
} satisfies RouteHandle;

export const meta: MetaFunction = ({ data, error }) => {
  const parsed = metaDataSchema.safeParse(data);
  return withErrorTitle(error, [
    { title: parsed.success ? `Edit the ${parsed.data.family.familyName} family` : 'Edit family' },
    { name: 'description', content: "Change a family's details and guardians." },
  ]);
};

export default function EditFamily() {
  const { family, parentMembers } = useLoaderData<typeof clientLoader>();
  const result = useActionData<typeof clientAction>();
  return (
    <>
      <PageHeading
        title={`Edit the ${family.familyName} family`}
        lead="Change the details, add guardians or link them to parent accounts."
      />
      <FamilyEditor
        key={family.id}
        family={family}
        parentMembers={parentMembers}
        result={result}
        cancelHref={`/dash/families/${family.id}`}
      />
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary };
