import {
  useLoaderData,
  type ClientActionFunctionArgs,
  type ClientLoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/react';
import { requireArea } from '~/auth/guards';
import { boardAction, boardLoader } from '~/features/inquiries/board/board-route';
import { InquiryBoard } from '~/features/inquiries/board/InquiryBoard';
import { managesInquiries } from '~/features/inquiries/office';
import {
  parentInquiriesAction,
  parentInquiriesLoader,
} from '~/features/inquiries/parent/parent-route';
import { ParentInquiries } from '~/features/inquiries/parent/ParentInquiries';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';

// One address, two screens: the office works the pipeline board; a parent asks about a place and
// follows their own inquiries. The permission matrix decides which (managesInquiries).
export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const user = await requireArea(request, handle.area);
  return managesInquiries(user.roles)
    ? { board: await boardLoader(user, request), parent: null }
    : { board: null, parent: await parentInquiriesLoader(user, request) };
}

export async function clientAction({ request }: ClientActionFunctionArgs) {
  const user = await requireArea(request, handle.area);
  return managesInquiries(user.roles)
    ? boardAction(user, request)
    : parentInquiriesAction(user, request);
}

export const handle = {
  title: 'Parent Inquiries',
  description: 'Inquiries from prospective families.',
  area: 'parentInquiries',
  nav: { label: 'Parent inquiries', order: 90 },
  guide: 'features/parent-inquiries',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export default function ParentInquiriesPage() {
  const { board, parent } = useLoaderData<typeof clientLoader>();
  if (board) return <InquiryBoard data={board} />;
  if (parent) return <ParentInquiries data={parent} />;
  return null;
}
