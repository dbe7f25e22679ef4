import {
  useActionData,
  useLoaderData,
  type ClientActionFunctionArgs,
  type MetaFunction,
} from '@remix-run/react';
import {
  loadPublicInquiry,
  publicInquiryAction,
  type PublicInquiryResult,
} from '~/features/inquiries/parent/public-route';
import { PublicInquiry } from '~/features/inquiries/parent/PublicInquiry';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';

// The public front door: a family with no account asks about a place (the submitInquiry callable).
// Signed-in people may use it too; it is not in the dashboard navigation.
export const handle = {
  title: 'Ask about a place',
  description: 'Ask the learning centre about a place for your child.',
  guide: 'features/parent-inquiries',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export const clientLoader = () => loadPublicInquiry();

export const clientAction = ({ request }: ClientActionFunctionArgs) => publicInquiryAction(request);

export default function InquirePage() {
  const data = useLoaderData<typeof clientLoader>();
  const result = useActionData<PublicInquiryResult>();
  return <PublicInquiry data={data} result={result ?? null} />;
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/ui/errors';
