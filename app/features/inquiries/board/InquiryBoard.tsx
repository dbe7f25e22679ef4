// The office's pipeline board: filters in the URL, one column per status (a list grouped by status
// on phones), cards that move by drag and drop or by their "Move to" control, the CSV export of
// what the filters keep, and the detail dialog of the inquiry `?inquiry=` names. Moves, assignments
// and notes go through the route's action (board-route.ts), so they work offline like every write.
import { Form, Link, useFetcher } from '@remix-run/react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useLiveQueries, type LiveSpec } from '~/data/live';
import { useRevalidateOnDataChange } from '~/data/route-data';
import { canMove, inquiryCsvRows, type InquiryStatus } from '~/domain/inquiries';
import { useSettings } from '~/settings/store';
import { Button } from '~/ui/Button';
import { downloadCsv, toCsv } from '~/ui/csv';
import { EmptyState } from '~/ui/EmptyState';
import { FilterSelect } from '~/ui/form/FilterSelect';
import { ACTION_ICONS, AREA_ICONS } from '~/ui/icons';
import { PageHeading } from '~/ui/PageHeading';
import { useUrlForm } from '~/ui/use-url-form';
import { INQUIRIES_PATH } from '../office';
import {
  boardColumns,
  boardQueryToSearch,
  csvFileName,
  filterInquiries,
  inquiryClock,
  isFiltered,
  parseBoardQuery,
  receivedAgo,
  statusLabel,
  type InquiryRecord,
} from './board';
import { InquiryDetail } from './InquiryDetail';
import { ConversionLinks, InquiryBadges, MoveControl, type MoveInquiry } from './InquiryParts';
import type { BoardActionResult, BoardData } from './board-route';

/** What this screen shows follows the backend while it is open (issue 29). */
const LIVE: LiveSpec[] = [{ collection: 'parentInquiries' }];

export function InquiryBoard({ data }: { data: BoardData }) {
  useRevalidateOnDataChange(['parentInquiries', 'members', 'campuses']);
  useLiveQueries(LIVE);
  const { query } = data;
  const shown = filterInquiries(data.inquiries, query, data.me);
  const columns = boardColumns(shown, query.status);
  const campusNames = new Map(data.campuses.map((c) => [c.id, c.name]));
  const mover = useFetcher<BoardActionResult>();
  const focusAfterMove = useRef<{ elementId: string; status: InquiryStatus } | null>(null);
  const [dragging, setDragging] = useState<InquiryRecord | null>(null);
  const [dropTarget, setDropTarget] = useState<InquiryStatus | null>(null);

  const move: MoveInquiry = (id, to, focusAfter) => {
    focusAfterMove.current = focusAfter ? { elementId: focusAfter, status: to } : null;
    mover.submit({ intent: 'move', id, to }, { method: 'post' });
  };

  // A moved card is drawn again in another column, so the focus it had is lost: put it back on
  // the card's own "Move to" control once the move is saved and the board draws the card in its
  // new column (which can take a render more than the save, when the cache announces the change).
  // A refused move leaves the card where it was: the focus goes back to it there.
  useEffect(() => {
    const pending = focusAfterMove.current;
    if (mover.state !== 'idle' || !pending) return;
    const target = document.getElementById(pending.elementId);
    const refused = mover.data !== undefined && !mover.data.ok;
    if (!refused && !target?.closest(`[data-status="${pending.status}"]`)) return;
    focusAfterMove.current = null;
    target?.focus();
  });

  const exportCsv = () => {
    const rows = inquiryCsvRows(
      shown,
      {
        campuses: Object.fromEntries(campusNames),
        members: Object.fromEntries(data.memberNames),
      },
      (inquiry) => inquiryClock(inquiry, data.clocks),
    );
    downloadCsv(csvFileName(), toCsv(rows));
  };

  const dropProps = (status: InquiryStatus) => ({
    onDragOver: (event: DragEvent) => {
      if (!dragging || !canMove(dragging.status, status)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      if (dropTarget !== status) setDropTarget(status);
    },
    onDragLeave: () => setDropTarget((t) => (t === status ? null : t)),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      const id = event.dataTransfer.getData('text/plain');
      setDropTarget(null);
      setDragging(null);
      const inquiry = data.inquiries.find((i) => i.id === id);
      if (inquiry && canMove(inquiry.status, status)) move(id, status, `move-to-${id}`);
    },
  });

  return (
    <>
      <PageHeading
        title="Parent inquiries"
        icon={AREA_ICONS.parentInquiries}
        lead="Follow each family from first contact to enrolment."
        actions={
          <Button variant="secondary" onClick={exportCsv} disabled={shown.length === 0}>
            Export CSV
          </Button>
        }
      />
      <BoardFilters data={data} />
      <p className="mb-3 text-sm text-muted" aria-live="polite">
        {shown.length === data.inquiries.length
          ? `${shown.length} ${shown.length === 1 ? 'inquiry' : 'inquiries'}`
          : `${shown.length} of ${data.inquiries.length} inquiries`}
      </p>
      {shown.length === 0 ? (
        isFiltered(query) ? (
          <EmptyState
            title="No inquiries match these filters"
            icon={ACTION_ICONS.search}
            action={
              <Link to={INQUIRIES_PATH} className="font-medium underline">
                Clear filters
              </Link>
            }
          >
            Try another campus, assignee or status.
          </EmptyState>
        ) : (
          <EmptyState title="No inquiries yet" icon={AREA_ICONS.parentInquiries}>
            Families who ask about a place, here or on the public inquiry page, appear here.
          </EmptyState>
        )
      ) : (
        <div
          role="region"
          aria-label="Inquiry pipeline"
          // The region scrolls sideways at desktop widths: the keyboard scrolls it once focused.
          // `relative` makes the region the containing block of the cards' visually hidden
          // (absolutely positioned) labels, which would otherwise widen the page past its edge.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          className="focus-visible:outline-2 focus-visible:outline-offset-2 relative sm:overflow-x-auto sm:pb-3"
        >
          <div className="grid gap-6 sm:flex sm:items-start sm:gap-4">
            {columns.map((column) => (
              <BoardColumnView
                key={column.status}
                status={column.status}
                inquiries={column.inquiries}
                data={data}
                campusNames={campusNames}
                move={move}
                dropActive={dropTarget === column.status}
                dropProps={dropProps(column.status)}
                onDragStart={setDragging}
                onDragEnd={() => {
                  setDragging(null);
                  setDropTarget(null);
                }}
              />
            ))}
          </div>
        </div>
      )}
      <InquiryDetail data={data} campusNames={campusNames} />
    </>
  );
}

function BoardColumnView({
  status,
  inquiries,
  data,
  campusNames,
  move,
  dropActive,
  dropProps,
  onDragStart,
  onDragEnd,
}: {
  status: InquiryStatus;
  inquiries: InquiryRecord[];
  data: BoardData;
  campusNames: Map<string, string>;
  move: MoveInquiry;
  dropActive: boolean;
  dropProps: {
    onDragOver: (event: DragEvent) => void;
    onDragLeave: () => void;
    onDrop: (event: DragEvent) => void;
  };
  onDragStart: (inquiry: InquiryRecord) => void;
  onDragEnd: () => void;
}) {
  const headingId = useId();
  const skin = useSettings((s) => s.skin);
  return (
    <section
      aria-labelledby={headingId}
      data-status={status}
      {...dropProps}
      className={`grid content-start gap-2 sm:w-72 sm:shrink-0 sm:p-2 ${skin.rounded} ${
        dropActive ? 'outline-2 outline-offset-2 outline-dashed' : ''
      }`}
    >
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
        {statusLabel(status)}{' '}
        <span className="rounded-full bg-hover px-2 text-sm font-medium">
          {inquiries.length}
          <span className="sr-only">{inquiries.length === 1 ? ' inquiry' : ' inquiries'}</span>
        </span>
      </h2>
      {inquiries.length === 0 ? (
        <p className="text-sm text-muted">No inquiries here.</p>
      ) : (
        <ul className="grid gap-2">
          {inquiries.map((inquiry) => (
            <InquiryCard
              key={inquiry.id}
              inquiry={inquiry}
              data={data}
              campus={inquiry.campusId ? campusNames.get(inquiry.campusId) : undefined}
              move={move}
              onDragStart={() => onDragStart(inquiry)}
              onDragEnd={onDragEnd}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function InquiryCard({
  inquiry,
  data,
  campus,
  move,
  onDragStart,
  onDragEnd,
}: {
  inquiry: InquiryRecord;
  data: BoardData;
  campus: string | undefined;
  move: MoveInquiry;
  onDragStart: () => void;
  onDragEnd: () => void;
}) {
  const skin = useSettings((s) => s.skin);
  const titleId = useId();
  const assignee = inquiry.assignedTo
    ? (data.memberNames.get(inquiry.assignedTo) ?? inquiry.assignedTo)
    : null;
  const detailSearch = boardQueryToSearch({ ...data.query, inquiry: inquiry.id });
  return (
    <li
      draggable
      onDragStart={(event) => {
        event.dataTransfer.setData('text/plain', inquiry.id);
        event.dataTransfer.effectAllowed = 'move';
        onDragStart();
      }}
      onDragEnd={onDragEnd}
      data-inquiry={inquiry.id}
    >
      <article
        aria-labelledby={titleId}
        className={`grid gap-2 p-3 ${skin.card} ${skin.rounded} sm:cursor-grab`}
      >
        <h3 id={titleId} className="font-semibold wrap-anywhere">
          <Link to={detailSearch} preventScrollReset className={skin.link}>
            {inquiry.childName}
          </Link>
        </h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-sm">
          <dt className="text-muted">Parent</dt>
          <dd className="wrap-anywhere">{inquiry.parentName}</dd>
          <dt className="text-muted">Campus</dt>
          <dd>{campus ?? 'Not given'}</dd>
          <dt className="text-muted">Assigned</dt>
          <dd>{assignee ?? 'Unassigned'}</dd>
          <dt className="text-muted">Received</dt>
          <dd>{receivedAgo(inquiry, inquiryClock(inquiry, data.clocks))}</dd>
        </dl>
        <InquiryBadges inquiry={inquiry} data={data} />
        <ConversionLinks inquiry={inquiry} />
        <MoveControl inquiry={inquiry} idPrefix="move-to" move={move} />
      </article>
    </li>
  );
}

function BoardFilters({ data }: { data: BoardData }) {
  const { query } = data;
  const skin = useSettings((s) => s.skin);
  const { formRef, apply } = useUrlForm(
    INQUIRIES_PATH,
    (fields) => boardQueryToSearch({ ...parseBoardQuery(fields), inquiry: '' }),
    { preventScrollReset: true },
  );
  return (
    <Form
      ref={formRef}
      method="get"
      replace
      role="search"
      aria-label="Filter inquiries"
      className={`mb-4 grid gap-3 p-3 sm:grid-cols-3 sm:p-4 ${skin.card} ${skin.rounded}`}
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
      onChange={() => apply()}
    >
      <FilterSelect
        key={`campus-${query.campus}`}
        label="Campus"
        name="campus"
        defaultValue={query.campus}
        allLabel="All campuses"
        options={data.campuses.map((c) => ({ value: c.id, label: c.name }))}
      />
      <FilterSelect
        key={`assignee-${query.assignee}`}
        label="Assigned to"
        name="assignee"
        defaultValue={query.assignee}
        allLabel="Anyone"
        options={[
          { value: 'me', label: 'Assigned to me' },
          { value: 'none', label: 'Unassigned' },
          ...data.assignees.map((a) => ({ value: a.id, label: a.name })),
        ]}
      />
      <FilterSelect
        key={`status-${query.status}`}
        label="Status"
        name="status"
        defaultValue={query.status}
        allLabel="All statuses"
        options={boardColumns([]).map(({ status }) => ({
          value: status,
          label: statusLabel(status),
        }))}
      />
    </Form>
  );
}
