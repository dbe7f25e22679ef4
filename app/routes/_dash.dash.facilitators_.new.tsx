// A new facilitator (/dash/facilitators/new), for staff only.
// The editor is shared with the sibling route (app/features/facilitators/FacilitatorEditor.tsx).
import {
  useActionData,
  useLoaderData,
  type ClientActionFunctionArgs,
  type ClientLoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/react';
import { requireArea } from '~/auth/guards';
import {
  loadFacilitatorEditor,
  saveFromFacilitatorEditor,
} from '~/features/facilitators/editor-route';
import {
  FacilitatorEditor,
  facilitatorEditorHeading,
} from '~/features/facilitators/FacilitatorEditor';
import { GeneralErrorBoundary } from '~/ui/errors';
import { PageHeading } from '~/ui/PageHeading';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';

export async function clientLoader({ request, params }: ClientLoaderFunctionArgs) {
  const user = await requireArea(request, handle.area);
  return loadFacilitatorEditor(request, user, params.facilitatorId);
}

export async function clientAction({ request, params }: ClientActionFunctionArgs) {
  const user = await requireArea(request, handle.area);
  return saveFromFacilitatorEditor(request, user, params.facilitatorId);
}

export const handle = {
  title: 'New facilitator · Facilitators',
  description: 'Add a facilitator.',
  area: 'facilitators',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export default function NewFacilitator() {
  const data = useLoaderData<typeof clientLoader>();
  const result = useActionData<typeof clientAction>();
  const { title, lead } = facilitatorEditorHeading(data.mode, data.record);
  return (
    <>
      <PageHeading title={title} lead={lead} />
      <FacilitatorEditor {...data} result={result} />
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary };
