// The Absences page (issue 32). A family sees its children's reports, coming and past, reports a new
// one and may withdraw one that is not over; the office sees "Reported absences" for today and the
// coming days, per campus, and acknowledges each or asks for a document; a facilitator sees their
// classes' reports. Every answer is a small form posting to the page's action. A family adds a
// document to a report (a doctor's note, when the office asks for one); the family and the office
// see it on the card and download it (./ReportDocument.tsx). A facilitator sees no documents.
import { Form, useNavigation, useSearchParams, useSubmit } from '@remix-run/react';
import { useId } from 'react';
import type { AbsenceReportStatus } from '~/domain/absences';
import { useSettings } from '~/settings/store';
import { Badge, type BadgeTone } from '~/ui/Badge';
import { Button, ButtonLink } from '~/ui/Button';
import { EmptyState } from '~/ui/EmptyState';
import { FilterSelect } from '~/ui/form/FilterSelect';
import { ACTION_ICONS, AREA_ICONS } from '~/ui/icons';
import { ACKNOWLEDGE_INTENT, REQUEST_DOCUMENT_INTENT, WITHDRAW_INTENT } from './absences-route';
import { DocumentLine, DocumentUpload } from './ReportDocument';
import { familyGroups, officeGroups, type ReportView } from './views';

const STATUS_TONES: Record<AbsenceReportStatus, BadgeTone> = {
  reported: 'info',
  acknowledged: 'success',
  documentRequested: 'warning',
  withdrawn: 'neutral',
};

/** Who is looking at a report's document: its family (who may add one), the office, or nobody. */
type DocumentAccess = 'family' | 'office' | 'none';

function ReportCard({
  view,
  actions,
  documents,
  showCampus,
}: {
  view: ReportView;
  actions: 'office' | 'family' | 'none';
  documents: DocumentAccess;
  showCampus: boolean;
}) {
  const skin = useSettings((s) => s.skin);
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('reportId') === view.id;
  const { report } = view;
  const headingId = useId();
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className={`grid gap-1 p-4 ${skin.card} ${skin.rounded}`}
        data-report={view.id}
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={headingId} className="font-semibold">
            <bdi>{view.studentName}</bdi>
            <span className="font-normal text-muted"> · {view.days}</span>
          </h3>
          <Badge tone={STATUS_TONES[report.status]}>{view.statusLabel}</Badge>
        </div>
        <p>{view.what}</p>
        {view.classroomNames || (showCampus && view.campusName) ? (
          <p className="text-sm text-muted">
            {[view.classroomNames, showCampus ? view.campusName : ''].filter(Boolean).join(' · ')}
          </p>
        ) : null}
        {report.note ? (
          <p className="text-sm whitespace-pre-line" dir="auto">
            “{report.note}”
          </p>
        ) : null}
        <p className="text-sm text-muted">
          Reported by <bdi>{report.reporterName || 'a guardian'}</bdi>
          {view.waitingToSend ? ' · saved on this device, not yet sent' : ''}
        </p>
        {view.answer ? <p className="text-sm">{view.answer}</p> : null}
        {documents !== 'none' && view.document ? (
          <DocumentLine view={view} document={view.document} />
        ) : null}
        {documents === 'family' && report.status !== 'withdrawn' ? (
          <DocumentUpload view={view} />
        ) : null}
        {actions !== 'none' ? (
          <Form method="post" className="mt-2 flex flex-wrap gap-2">
            <input type="hidden" name="reportId" value={view.id} />
            {actions === 'office' && report.status !== 'acknowledged' ? (
              <Button
                type="submit"
                name="intent"
                value={ACKNOWLEDGE_INTENT}
                size="sm"
                disabled={busy}
                aria-label={`Acknowledge the report for ${view.studentName}, ${view.days}`}
              >
                Acknowledge
              </Button>
            ) : null}
            {actions === 'office' && report.status === 'reported' ? (
              <Button
                type="submit"
                name="intent"
                value={REQUEST_DOCUMENT_INTENT}
                size="sm"
                variant="secondary"
                disabled={busy}
                aria-label={`Ask for a document for ${view.studentName}, ${view.days}`}
              >
                Ask for a document
              </Button>
            ) : null}
            {actions === 'family' ? (
              <Button
                type="submit"
                name="intent"
                value={WITHDRAW_INTENT}
                size="sm"
                variant="secondary"
                disabled={busy}
                aria-label={`Withdraw the report for ${view.studentName}, ${view.days}`}
              >
                Withdraw
              </Button>
            ) : null}
          </Form>
        ) : null}
      </article>
    </li>
  );
}

function Section({
  title,
  views,
  actions,
  documents,
  showCampus,
  empty,
}: {
  title: string;
  views: readonly ReportView[];
  actions: (view: ReportView) => 'office' | 'family' | 'none';
  documents: DocumentAccess;
  showCampus: boolean;
  empty: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="text-xl font-semibold">
        {title} <span className="text-base font-normal text-muted">({views.length})</span>
      </h2>
      {views.length === 0 ? (
        <p className="text-muted">{empty}</p>
      ) : (
        <ul className="grid gap-3">
          {views.map((v) => (
            <ReportCard
              key={v.id}
              view={v}
              actions={actions(v)}
              documents={documents}
              showCampus={showCampus}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function CampusFilter({
  campuses,
  campus,
}: {
  campuses: ReadonlyArray<{ id: string; name: string }>;
  campus: string;
}) {
  const [params] = useSearchParams();
  const submit = useSubmit();
  if (campuses.length < 2) return null;
  return (
    <Form method="get" className="flex flex-wrap items-end gap-2">
      <FilterSelect
        label="Campus"
        name="campus"
        defaultValue={campus}
        allLabel="All campuses"
        options={campuses.map((c) => ({ value: c.id, label: c.name }))}
        onChange={(event) => {
          const next = new URLSearchParams(params);
          if (event.currentTarget.value) next.set('campus', event.currentTarget.value);
          else next.delete('campus');
          submit(next, { method: 'get', replace: true });
        }}
      />
      <noscript>
        <Button type="submit" variant="secondary">
          Show
        </Button>
      </noscript>
    </Form>
  );
}

export interface AbsencesPageProps {
  views: readonly ReportView[];
  campuses: ReadonlyArray<{ id: string; name: string }>;
  campus: string;
  todays: Readonly<Record<string, string>>;
  ownDay: string;
  canReport: boolean;
  canAnswer: boolean;
  /** A guardian (not a student reporting their own): may upload and read documents. */
  guardian: boolean;
}

export function AbsencesPage(props: AbsencesPageProps) {
  const { views, canReport, canAnswer, todays, ownDay } = props;
  const todayOf = (campusId: string) => todays[campusId] ?? ownDay;
  if (canReport && !canAnswer) {
    const { coming, past } = familyGroups(views, todayOf);
    return (
      <div className="grid gap-8">
        <div>
          <ButtonLink to="/dash/absences/new" icon={ACTION_ICONS.add}>
            Report an absence
          </ButtonLink>
        </div>
        {views.length === 0 ? (
          <EmptyState title="No absences reported" icon={AREA_ICONS.absences}>
            When your child will be away, ill or late, tell the school here. The class&apos;s roll
            call shows it to the teacher.
          </EmptyState>
        ) : (
          <>
            <Section
              title="Coming and today"
              views={coming}
              actions={(v) => (v.report.status === 'withdrawn' ? 'none' : 'family')}
              documents={props.guardian ? 'family' : 'none'}
              showCampus={false}
              empty="Nothing reported for today or the coming days."
            />
            {past.length > 0 ? (
              <Section
                title="Earlier"
                views={past}
                actions={() => 'none'}
                documents={props.guardian ? 'family' : 'none'}
                showCampus={false}
                empty=""
              />
            ) : null}
          </>
        )}
      </div>
    );
  }
  const { today, coming } = officeGroups(views, todayOf);
  const documents: DocumentAccess = canAnswer ? 'office' : 'none';
  return (
    <div className="grid gap-8">
      <CampusFilter campuses={props.campuses} campus={props.campus} />
      <Section
        title="Reported for today"
        views={today}
        actions={() => (canAnswer ? 'office' : 'none')}
        documents={documents}
        showCampus={props.campuses.length > 1 && !props.campus}
        empty="No absences reported for today."
      />
      <Section
        title="Reported for the coming days"
        views={coming}
        actions={() => (canAnswer ? 'office' : 'none')}
        documents={documents}
        showCampus={props.campuses.length > 1 && !props.campus}
        empty="No absences reported for the coming days."
      />
    </div>
  );
}
