// Add a resource (/dash/resources/new): a link, or a file uploaded to Storage with a progress bar.
// Staff and facilitators only; `?kind=file` starts with File chosen.
import { useActionData, useLoaderData } from '@remix-run/react';
import { AddResourceForm } from '~/features/resources/AddResourceForm';
import { addResourceAction, loadAddPage } from '~/features/resources/resource-route';
import { GeneralErrorBoundary } from '~/ui/errors';
import { PageHeading } from '~/ui/PageHeading';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';
import type {
  ClientActionFunctionArgs,
  ClientLoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/react';

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  return loadAddPage(request);
}

export async function clientAction({ request }: ClientActionFunctionArgs) {
  return addResourceAction(request);
}

export const handle = {
  title: 'Add resource',
  description: 'Share a link or a file with your classes.',
  area: 'resources',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export default function AddResource() {
  const data = useLoaderData<typeof clientLoader>();
  const result = useActionData<typeof clientAction>();
  return (
    <>
      <PageHeading title="Add resource" lead="Share a link or a file with your classes." />
      <AddResourceForm
        kind={data.kind}
        me={data.me}
        subjects={data.subjects}
        classrooms={data.classrooms}
        result={result}
      />
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary };
