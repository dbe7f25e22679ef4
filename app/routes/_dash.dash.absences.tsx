// Absences (/dash/absences, issue 32): a family's reported absences and "Report an absence"; the
// office's "Reported absences" for today and the coming days, per campus, with acknowledge and ask
// for a document; a facilitator's classes' reports.
import { useLoaderData } from '@remix-run/react';
import { useLiveQueries } from '~/data/live';
import { useRevalidateOnDataChange } from '~/data/route-data';
import { absencesAction, loadAbsencesPage } from '~/features/absences/absences-route';
import { AbsencesPage } from '~/features/absences/AbsencesPage';
import { GeneralErrorBoundary } from '~/ui/errors';
import { PageHeading } from '~/ui/PageHeading';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';
import type {
  ClientActionFunctionArgs,
  ClientLoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/react';

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  return loadAbsencesPage(request);
}

export async function clientAction({ request }: ClientActionFunctionArgs) {
  return absencesAction(request);
}

export const handle = {
  title: 'Absences',
  description: 'Absences families report ahead: report one, or see and answer them.',
  area: 'absences',
  nav: { label: 'Absences', order: 55 },
  guide: 'features/reporting-an-absence',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

const LIVE = [{ collection: 'absenceReports' }];

export default function Absences() {
  const data = useLoaderData<typeof clientLoader>();
  // Reports arrive while the page is open: a parent's from another device, the office's answers.
  useLiveQueries(LIVE);
  useRevalidateOnDataChange(['absenceReports']);
  return (
    <>
      <PageHeading
        title={data.canReport && !data.canAnswer ? 'Absences' : 'Reported absences'}
        lead={
          data.canReport && !data.canAnswer
            ? data.guardian
              ? 'Tell the school when your child will be away, late or leaving early.'
              : 'Tell the school when you will be away, late or leaving early.'
            : 'Absences families reported for today and the coming days.'
        }
      />
      <AbsencesPage {...data} />
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary };
