// /dash/import: onboarding a school from CSV files, for the staff who may write the records an
// import creates (families and students; facilitators). Which kinds a person is offered comes from
// the permission matrix (app/features/import/context.ts); someone who may import nothing gets 403.
import { useLoaderData, type ClientLoaderFunctionArgs, type MetaFunction } from '@remix-run/react';
import { requireArea } from '~/auth/guards';
import { importableKinds } from '~/features/import/context';
import { ImportScreen } from '~/features/import/ImportPage';
import { GeneralErrorBoundary } from '~/ui/errors';
import { PageHeading } from '~/ui/PageHeading';
import { notAllowed } from '~/ui/responses';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const user = await requireArea(request, handle.area);
  const kinds = importableKinds(user.roles);
  if (kinds.length === 0) throw notAllowed();
  return { kinds };
}

export const handle = {
  title: 'Import from CSV',
  description: 'Bring in families, students and facilitators from a spreadsheet.',
  area: 'students',
  guide: 'features/importing-records',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export default function ImportPage() {
  const { kinds } = useLoaderData<typeof clientLoader>();
  return (
    <>
      <PageHeading title={handle.title} lead={handle.description} />
      <ImportScreen kinds={kinds} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/dash/home" />;
}
