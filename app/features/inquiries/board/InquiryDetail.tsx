// The detail dialog of one inquiry (`?inquiry=<id>`): every field, the next step (convert, or open
// what it became), Move, assign, add a note, and the history table. Each form has its own fetcher so
// its error shows beside it; the board's data refreshes after each, so the dialog shows the change.
import { useFetcher } from '@remix-run/react';
import { formatDate, formatDateTime } from '~/domain/format';
import { lastContactAt, receivedAt } from '~/domain/inquiries';
import { useSettings } from '~/settings/store';
import { Button } from '~/ui/Button';
import { FormError, SelectField, TextAreaField } from '~/ui/form/Field';
import { Modal } from '~/ui/Modal';
import {
  actorName,
  historyRows,
  inquiryClock,
  receivedAgo,
  statusLabel,
  type InquiryRecord,
} from './board';
import {
  ConversionLinks,
  InquiryBadges,
  MoveControl,
  useCloseDetail,
  type MoveInquiry,
} from './InquiryParts';
import type { BoardActionResult, BoardData } from './board-route';

/** A stored instant in the inquiry's campus zone: "Fri 27 Nov 2026, 09:12" (the zone named abroad). */
function formatAt(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '—';
  return formatDateTime(iso, timeZone) || iso;
}

export function InquiryDetail({
  data,
  campusNames,
}: {
  data: BoardData;
  campusNames: Map<string, string>;
}) {
  const close = useCloseDetail(data);
  const inquiry = data.opened;
  if (data.missing) {
    return (
      <Modal
        open
        title="This inquiry is not available"
        onClose={close}
        actions={[{ label: 'Close', onClick: close }]}
      >
        <p>It may have been removed, or the link is out of date. The board shows every inquiry.</p>
      </Modal>
    );
  }
  return (
    <Modal
      open={inquiry !== null}
      title={inquiry ? `Inquiry for ${inquiry.childName}` : 'Inquiry'}
      onClose={close}
      actions={[{ label: 'Close', variant: 'secondary', onClick: close }]}
    >
      {inquiry ? (
        <DetailBody
          key={inquiry.id}
          inquiry={inquiry}
          data={data}
          campus={inquiry.campusId ? campusNames.get(inquiry.campusId) : undefined}
        />
      ) : null}
    </Modal>
  );
}

function DetailBody({
  inquiry,
  data,
  campus,
}: {
  inquiry: InquiryRecord;
  data: BoardData;
  campus: string | undefined;
}) {
  const skin = useSettings((s) => s.skin);
  // One fetcher for the dialog's three forms: its latest answer is what the status line says, and
  // a refusal names its field (note, assignee, to), so each form shows its own error.
  const fetcher = useFetcher<BoardActionResult>();
  const result = fetcher.data;
  const failure = result && !result.ok ? result : undefined;
  const said = result?.ok
    ? result.message
    : (failure?.fieldErrors._form ??
      failure?.fieldErrors.to ??
      failure?.fieldErrors.assignee ??
      '');
  const busy = (intent: string) =>
    fetcher.state !== 'idle' && fetcher.formData?.get('intent') === intent;
  const move: MoveInquiry = (id, to) =>
    fetcher.submit({ intent: 'move', id, to }, { method: 'post' });
  const noteState = failure?.fieldErrors.note ? failure : undefined;
  const assignState = failure?.fieldErrors.assignee ? failure : undefined;
  const lastContact = lastContactAt(inquiry);
  const received = receivedAt(inquiry);
  const clock = inquiryClock(inquiry, data.clocks);
  const fields: Array<[string, React.ReactNode]> = [
    ['Status', statusLabel(inquiry.status)],
    ['Parent', inquiry.parentName],
    [
      'E-mail',
      inquiry.email ? (
        <a href={`mailto:${inquiry.email}`} className={skin.link}>
          {inquiry.email}
        </a>
      ) : (
        '—'
      ),
    ],
    [
      'Phone',
      inquiry.phone ? (
        <a href={`tel:${inquiry.phone.replace(/\s+/g, '')}`} className={skin.link}>
          {inquiry.phone}
        </a>
      ) : (
        '—'
      ),
    ],
    ['Child', inquiry.childName],
    ['Date of birth', inquiry.childDateOfBirth ? formatDate(inquiry.childDateOfBirth) : '—'],
    ['Campus', campus ?? 'Not given'],
    // When, and how long ago in the campus's school days: "… (43 days ago)", never an "Age".
    [
      'Received',
      received
        ? `${formatAt(received, clock.timeZone)} (${receivedAgo(inquiry, clock).toLowerCase()})`
        : '—',
    ],
    ['Last contact', lastContact ? formatAt(lastContact, clock.timeZone) : 'None yet'],
    ['Message', inquiry.message || '—'],
  ];
  // After a note is added the text area starts empty again (a new key per history length).
  const noteKey = `note-${inquiry.history.length}`;

  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {fields.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-muted">{label}</dt>
            <dd className="wrap-anywhere whitespace-pre-line">{value}</dd>
          </div>
        ))}
      </dl>
      <InquiryBadges inquiry={inquiry} data={data} />
      {/* The page's toast is behind the modal (inert), so the dialog announces its own results. */}
      <p role="status" className="text-sm font-medium empty:hidden">
        {said}
      </p>
      <ConversionLinks inquiry={inquiry} />
      <MoveControl inquiry={inquiry} idPrefix="detail-move-to" move={move} />

      <fetcher.Form
        method="post"
        className="flex items-end gap-2"
        key={`assign-${inquiry.assignedTo ?? ''}`}
      >
        <input type="hidden" name="intent" value="assign" />
        <input type="hidden" name="id" value={inquiry.id} />
        <SelectField
          name="assignee"
          label="Assigned to"
          className="min-w-0 flex-1"
          defaultValue={inquiry.assignedTo ?? ''}
          placeholder="Unassigned"
          options={data.assignees.map((a) => ({
            value: a.id,
            label: a.id === data.me ? `${a.name} (me)` : a.name,
          }))}
          form={assignState}
        />
        <Button type="submit" variant="secondary" busy={busy('assign')}>
          Assign
        </Button>
      </fetcher.Form>

      <fetcher.Form method="post" className="grid gap-2" key={noteKey}>
        <input type="hidden" name="intent" value="note" />
        <input type="hidden" name="id" value={inquiry.id} />
        <TextAreaField
          name="note"
          label="Add a note"
          hint="A call, a tour booked, what the family asked."
          maxLength={2000}
          form={noteState}
        />
        <FormError form={noteState} />
        <div>
          <Button type="submit" variant="secondary" busy={busy('note')}>
            Add note
          </Button>
        </div>
      </fetcher.Form>

      {/* A narrow screen scrolls the table sideways; the focus lets the keyboard do it. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div role="region" aria-label="History" tabIndex={0} className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="mb-1 text-left font-semibold">History</caption>
          <thead>
            <tr className="border-b border-border">
              <th scope="col" className="py-1 pr-3">
                When
              </th>
              <th scope="col" className="py-1 pr-3">
                Who
              </th>
              <th scope="col" className="py-1 pr-3">
                From → to
              </th>
              <th scope="col" className="py-1">
                Note
              </th>
            </tr>
          </thead>
          <tbody>
            {historyRows(inquiry.history).map(({ entry, step }, index) => (
              <tr key={`${entry.at}-${index}`} className="border-b border-border align-top">
                <td className="py-1 pr-3 whitespace-nowrap">
                  {formatAt(entry.at, clock.timeZone)}
                </td>
                <td className="py-1 pr-3">{actorName(entry.by, data.memberNames)}</td>
                <td className="py-1 pr-3">{step}</td>
                <td className="py-1 wrap-anywhere">{entry.note || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
