// The pieces the board's cards and the detail dialog share: the badges, the conversion links, the
// "Move to" control and closing the detail.
import { Link, useLocation, useNavigate } from '@remix-run/react';
import { useState } from 'react';
import { needsContact, type InquiryStatus } from '~/domain/inquiries';
import { useSettings } from '~/settings/store';
import { Badge } from '~/ui/Badge';
import { Button } from '~/ui/Button';
import { conversionHref } from '../office';
import {
  boardQueryToSearch,
  inquiryClock,
  moveTargets,
  nextTarget,
  statusLabel,
  type InquiryRecord,
} from './board';
import type { BoardData } from './board-route';

/** Moves an inquiry through the route's action; `focusAfter` is the id of what gets the focus. */
export type MoveInquiry = (id: string, to: InquiryStatus, focusAfter?: string) => void;

export function InquiryBadges({ inquiry, data }: { inquiry: InquiryRecord; data: BoardData }) {
  const late = needsContact(inquiry, inquiryClock(inquiry, data.clocks));
  const pending = data.pendingIds.has(inquiry.id);
  if (!late && !pending) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {late ? <Badge tone="warning">No contact for 7 days</Badge> : null}
      {pending ? <Badge tone="info">Waiting to sync</Badge> : null}
    </div>
  );
}

/** The next step of an enrolled inquiry: convert it, or open what it became. */
export function ConversionLinks({ inquiry }: { inquiry: InquiryRecord }) {
  const skin = useSettings((s) => s.skin);
  if (inquiry.familyId) {
    return (
      <p className="flex flex-wrap gap-x-3 text-sm">
        <Link to={`/dash/families/${encodeURIComponent(inquiry.familyId)}`} className={skin.link}>
          Open family
        </Link>
        {inquiry.studentId ? (
          <Link
            to={`/dash/students/${encodeURIComponent(inquiry.studentId)}`}
            className={skin.link}
          >
            Open student
          </Link>
        ) : null}
      </p>
    );
  }
  if (inquiry.status !== 'enrolled') return null;
  return (
    <p className="text-sm">
      <Link to={conversionHref(inquiry.id)} className={`font-medium ${skin.link}`}>
        Create family and student
      </Link>
    </p>
  );
}

/**
 * "Move to": the keyboard's way to move a card (and the detail's). A select of the statuses the
 * inquiry may move to and a button, so choosing with the arrow keys moves nothing until asked.
 */
export function MoveControl({
  inquiry,
  idPrefix,
  move,
}: {
  inquiry: InquiryRecord;
  idPrefix: string;
  move: MoveInquiry;
}) {
  const skin = useSettings((s) => s.skin);
  const targets = moveTargets(inquiry.status);
  const selectId = `${idPrefix}-${inquiry.id}`;
  // The next status along the pipeline is the usual step, so it is chosen first. An enrolled or
  // closed inquiry has none: a reopening is the person's choice, so nothing is chosen for them.
  const next = nextTarget(inquiry.status);
  // A choice holds only for the status it was made in: after a move the next step is offered again.
  const [choice, setChoice] = useState<{ from: InquiryStatus; to: InquiryStatus } | null>(null);
  const to = choice?.from === inquiry.status ? choice.to : undefined;
  if (targets.length === 0) return null;
  const chosen = to && targets.includes(to) ? to : next;
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen) move(inquiry.id, chosen, selectId);
      }}
    >
      {/* Room for the longest status ("Tour scheduled") beside the button, else the button wraps. */}
      <div className="grid min-w-0 grow basis-[11rem] gap-1">
        <label htmlFor={selectId} className="text-sm font-medium">
          Move to<span className="sr-only"> (inquiry for {inquiry.childName})</span>
        </label>
        <select
          id={selectId}
          value={chosen ?? ''}
          required
          onChange={(event) => {
            const value = targets.find((t) => t === event.target.value);
            if (value) setChoice({ from: inquiry.status, to: value });
          }}
          className={`min-h-11 w-full ${skin.input} ${skin.rounded}`}
        >
          {chosen ? null : (
            <option value="" disabled>
              Choose a stage
            </option>
          )}
          {targets.map((t) => (
            <option key={t} value={t}>
              {statusLabel(t)}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary">
        Move<span className="sr-only"> inquiry for {inquiry.childName}</span>
      </Button>
    </form>
  );
}

/** Closes the detail: the same board and filters without `inquiry`. */
export function useCloseDetail(data: BoardData): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return () =>
    navigate(
      { pathname: location.pathname, search: boardQueryToSearch({ ...data.query, inquiry: '' }) },
      { replace: true, preventScrollReset: true },
    );
}
