// A family (/dash/families/:familyId): its guardians and children. Staff who may write families
// edit it on the edit page; a parent of this family updates its contact details on the contact page
// (the permission matrix's 'ownFamilyContact'). Who is a guardian is the office's to change: a
// parent asks for it here (a guardian request), and office staff approve or refuse the requests
// here too. Any other family is "not found" for a parent, as the backend refuses it.
import {
  useActionData,
  useLoaderData,
  type ClientActionFunctionArgs,
  type ClientLoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/react';
import { z } from 'zod';
import { requireArea } from '~/auth/guards';
import { useLiveQueries, type LiveSpec } from '~/data/live';
import { loadCollection, useRevalidateOnDataChange } from '~/data/route-data';
import { HistorySection } from '~/features/audit/HistorySection';
import {
  guardianRequestAction,
  loadFamilyGuardianRequests,
} from '~/features/students/families/guardian-requests-route';
import {
  GuardianRequestForm,
  GuardianRequestList,
  GuardianRequestReview,
} from '~/features/students/families/GuardianRequests';
import { loadFamilyOr404, mayEditContact } from '~/features/students/forms/family-editor-route';
import { writesAll } from '~/features/students/forms/student-editor-route';
import { FamilyOverview } from '~/features/students/profile/FamilyOverview';
import { pendingIds, studentRecordSchema } from '~/features/students/profile/load';
import { useSettings } from '~/settings/store';
import { ButtonLink } from '~/ui/Button';
import { GeneralErrorBoundary } from '~/ui/errors';
import { MobileActionBar } from '~/ui/MobileActionBar';
import { PageHeading } from '~/ui/PageHeading';
import { withErrorTitle, type RouteHandle } from '~/ui/route-handle';

export async function clientLoader({ request, params }: ClientLoaderFunctionArgs) {
  const user = await requireArea(request, handle.area);
  const family = await loadFamilyOr404(request, params.familyId);
  const [children, pending, guardianRequests] = await Promise.all([
    loadCollection('students', {
      schema: studentRecordSchema,
      filters: [{ field: 'familyId', op: '==', value: family.id }],
      sort: [{ field: 'firstName' }],
    }),
    pendingIds('families'),
    loadFamilyGuardianRequests(user, family),
  ]);
  const canWrite = writesAll(user.roles, 'families');
  return {
    family,
    children,
    pending: pending.has(family.id),
    canWrite,
    canEditContact: !canWrite && mayEditContact(user.roles),
    guardianRequests,
  };
}

export async function clientAction({ request, params }: ClientActionFunctionArgs) {
  const user = await requireArea(request, handle.area);
  const family = await loadFamilyOr404(request, params.familyId);
  return guardianRequestAction(request, user, family);
}

const metaDataSchema = z.object({ family: z.object({ familyName: z.string() }) });

export const handle = {
  title: 'Family',
  description: 'A family: guardians, contact details and children.',
  area: 'families',
} satisfies RouteHandle;

export const meta: MetaFunction = ({ data, error }) => {
  const parsed = metaDataSchema.safeParse(data);
  return withErrorTitle(error, [
    { title: parsed.success ? `The ${parsed.data.family.familyName} family` : 'Family' },
    { name: 'description', content: 'A family: guardians, contact details and children.' },
  ]);
};

/** What this screen shows follows the backend while it is open (issue 29). */
const LIVE: LiveSpec[] = [{ collection: 'families' }];

export default function FamilyPage() {
  const data = useLoaderData<typeof clientLoader>();
  const result = useActionData<typeof clientAction>();
  const skin = useSettings((s) => s.skin);
  useRevalidateOnDataChange(['families', 'students', 'guardianRequests']);
  useLiveQueries(LIVE);
  const { family, guardianRequests } = data;
  const decided = guardianRequests.requests.filter((r) => r.status !== 'pending');

  const actions = data.canWrite ? (
    <>
      <ButtonLink to={`/dash/families/${family.id}/edit`}>Edit family</ButtonLink>
      <ButtonLink
        variant="secondary"
        to={`/dash/students/new?familyId=${encodeURIComponent(family.id)}`}
      >
        Add a student
      </ButtonLink>
    </>
  ) : data.canEditContact ? (
    <ButtonLink to={`/dash/families/${family.id}/contact`}>Edit contact details</ButtonLink>
  ) : null;

  return (
    <>
      <PageHeading
        title={`The ${family.familyName} family`}
        lead={family.address || undefined}
        actions={actions ? <div className="hidden flex-wrap gap-2 sm:flex">{actions}</div> : null}
      />
      {data.pending ? (
        <p role="status" className={`mb-4 p-3 ${skin.info} ${skin.rounded}`}>
          Changes to this family are saved on this device and not yet synced.
        </p>
      ) : null}
      {guardianRequests.canDecide ? (
        <GuardianRequestReview requests={guardianRequests.requests} result={result} />
      ) : null}
      <FamilyOverview family={family} students={data.children} staffView={data.canWrite} />
      <HistorySection collection="families" docId={family.id} className="mt-6" />
      {guardianRequests.canAsk ? (
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          {/* Keyed by the requests, so the form starts empty again once one is sent. */}
          <GuardianRequestForm
            key={guardianRequests.requests.length}
            family={family}
            result={result}
          />
          <GuardianRequestList requests={guardianRequests.requests} title="Your requests" />
        </div>
      ) : guardianRequests.canDecide && decided.length > 0 ? (
        <div className="mt-6">
          <GuardianRequestList requests={decided} title="Earlier guardian requests" />
        </div>
      ) : null}
      {actions ? (
        <>
          <div aria-hidden="true" className="h-20 sm:hidden" />
          <MobileActionBar label="Family actions">{actions}</MobileActionBar>
        </>
      ) : null}
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary };
