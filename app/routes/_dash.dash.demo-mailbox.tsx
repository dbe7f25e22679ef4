// The demo mailbox (issue 31): what the fake would have sent, for every signed-in role of a demo
// build. In production there is no outbox to show and the page does not exist (404); its module
// is a route chunk of its own, loaded only when the page is opened.
import { useLoaderData, type ClientLoaderFunctionArgs, type MetaFunction } from '@remix-run/react';
import { requireUser } from '~/auth/guards';
import { getRuntimeConfig } from '~/config/env';
import { DemoMailboxPage } from '~/features/demo-mailbox/DemoMailboxPage';
import { fakeOutboxSource, readOutbox } from '~/features/demo-mailbox/outbox';
import { GeneralErrorBoundary } from '~/ui/errors';
import { pageNotFound } from '~/ui/responses';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  if (getRuntimeConfig().mode !== 'demo') throw pageNotFound(new URL(request.url).pathname);
  await requireUser(request);
  const source = fakeOutboxSource();
  // Null: the outbox could not be read; the page says so and reads it again on the next change.
  const items = source ? await readOutbox(source).catch(() => null) : null;
  return { items };
}

export const handle = {
  title: 'Demo mailbox',
  description: 'The e-mails and pushes this demo would have sent, newest first.',
  area: 'notifications',
  guide: 'features/notifications-on-your-phone',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export default function DemoMailbox() {
  const { items } = useLoaderData<typeof clientLoader>();
  return <DemoMailboxPage title={handle.title} description={handle.description} initial={items} />;
}

export { GeneralErrorBoundary as ErrorBoundary };
