// Report an absence (/dash/absences/new, issue 32): a parent's form for one or several of their
// children; `?student=&date=` (an absence alert's "Report a reason") fills it in.
import { useActionData, useLoaderData } from '@remix-run/react';
import { loadReportForm, reportFormAction } from '~/features/absences/absences-route';
import { ReportAbsenceForm } from '~/features/absences/ReportAbsenceForm';
import { GeneralErrorBoundary } from '~/ui/errors';
import { PageHeading } from '~/ui/PageHeading';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';
import type {
  ClientActionFunctionArgs,
  ClientLoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/react';

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  return loadReportForm(request);
}

export async function clientAction({ request }: ClientActionFunctionArgs) {
  return reportFormAction(request);
}

export const handle = {
  title: 'Report an absence',
  description: 'Tell the school that your child will be away, late or leaving early, and why.',
  area: 'absences',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export default function ReportAbsence() {
  const data = useLoaderData<typeof clientLoader>();
  const result = useActionData<typeof clientAction>();
  return (
    <>
      <PageHeading
        title="Report an absence"
        lead="The class's roll call shows your report to the teacher."
      />
      <ReportAbsenceForm key={data.preset.from} pupils={data.children} preset={data.preset} result={result} />
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary };
