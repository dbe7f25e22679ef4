// Convert an enrolled inquiry into a family and a student
// (/dash/parent-inquiries/:inquiryId/convert): the office only; the board links here.
import { useActionData, useLoaderData } from '@remix-run/react';
import { useRevalidateOnDataChange } from '~/data/route-data';
import { convertFromRequest, loadConversionPage } from '~/features/inquiries/convert/convert-route';
import { ConvertInquiry } from '~/features/inquiries/convert/ConvertInquiry';
import { INQUIRIES_PATH } from '~/features/inquiries/office';
import { ButtonLink } from '~/ui/Button';
import { GeneralErrorBoundary } from '~/ui/errors';
import { PageHeading } from '~/ui/PageHeading';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';
import type {
  ClientActionFunctionArgs,
  ClientLoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/react';

export async function clientLoader({ request, params }: ClientLoaderFunctionArgs) {
  return loadConversionPage(request, params.inquiryId);
}

export async function clientAction({ request, params }: ClientActionFunctionArgs) {
  return convertFromRequest(request, params.inquiryId);
}

export const handle = {
  title: 'Create family and student',
  description: 'Turn an enrolled inquiry into a family and a student.',
  area: 'parentInquiries',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export default function ConvertInquiryPage() {
  const data = useLoaderData<typeof clientLoader>();
  const result = useActionData<typeof clientAction>();
  // Another tab or the sync may convert it meanwhile: the page then says so.
  useRevalidateOnDataChange(['parentInquiries', 'families', 'students']);
  return (
    <>
      <PageHeading
        title={handle.title}
        lead={`From ${data.inquiry.parentName}'s inquiry about ${data.inquiry.childName}.`}
        actions={
          <ButtonLink to={INQUIRIES_PATH} variant="secondary">
            Back to parent inquiries
          </ButtonLink>
        }
      />
      <ConvertInquiry data={data} result={result} />
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary };
