// Update a family's contact details (/dash/families/:familyId/contact): the page a parent reaches
// from "Edit contact details" on their own family (the permission matrix's 'ownFamilyContact':
// the address and the guardians' e-mail and phone). The write goes through the store like
// every family write, so it is kept offline and synced later. Another family is "not found".
import { useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { requireArea } from '~/auth/guards';
import {
  loadFamilyOr404,
  mayEditContact,
  saveContactFromRequest,
} from '~/features/students/forms/family-editor-route';
import { FamilyContactEditor } from '~/features/students/forms/FamilyContactEditor';
import { GeneralErrorBoundary } from '~/ui/errors';
import { PageHeading } from '~/ui/PageHeading';
import { notAllowed } from '~/ui/responses';
import { withErrorTitle, type RouteHandle } from '~/ui/route-handle';
import type {
  ClientActionFunctionArgs,
  ClientLoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/react';

async function openFamily(request: Request, id: string | undefined) {
  const user = await requireArea(request, handle.area);
  const family = await loadFamilyOr404(request, id);
  if (!mayEditContact(user.roles)) throw notAllowed();
  return family;
}

export async function clientLoader({ request, params }: ClientLoaderFunctionArgs) {
  return { family: await openFamily(request, params.familyId) };
}

export async function clientAction({ request, params }: ClientActionFunctionArgs) {
  const family = await openFamily(request, params.familyId);
  return saveContactFromRequest(request, family);
}

const metaDataSchema = z.object({ family: z.object({ familyName: z.string() }) });

export const handle = {
  title: 'Contact details',
  description: "Update a family's address and the guardians' e-mail and phone.",
  area: 'families',
} satisfies RouteHandle;

export const meta: MetaFunction = ({ data, error }) => {
  const parsed = metaDataSchema.safeParse(data);
  return withErrorTitle(error, [
    {
      title: parsed.success
        ? `Contact details of the ${parsed.data.family.familyName} family`
        : handle.title,
    },
    { name: 'description', content: handle.description },
  ]);
};

export default function FamilyContact() {
  const { family } = useLoaderData<typeof clientLoader>();
  const result = useActionData<typeof clientAction>();
  return (
    <>
      <PageHeading
        title={`Contact details of the ${family.familyName} family`}
        lead="Update the address and how to reach each guardian."
      />
      <FamilyContactEditor
        key={family.id}
        family={family}
        result={result}
        cancelHref={`/dash/families/${family.id}`}
      />
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary };
