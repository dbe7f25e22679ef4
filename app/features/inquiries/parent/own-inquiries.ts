// What a parent sees of their own inquiries: one row per inquiry, newest first, with the child, the
// campus, the day it was sent, the current status and the last step of its history in words. Pure:
// the records, names and pending ids come in as arguments.
import { receivedAt, type InquiryStatus } from '~/domain/inquiries';
import type { ParentInquiry } from '~/domain/records';
import type { BadgeTone } from '~/ui/Badge';

export type InquiryRecord = ParentInquiry & { id: string };

export interface OwnInquiryRow {
  id: string;
  childName: string;
  /** The campus's name; null when the family left it to the office. */
  campusName: string | null;
  /** ISO date-time the inquiry was sent; null when unknown. */
  sentAt: string | null;
  status: InquiryStatus;
  statusLabel: string;
  tone: BadgeTone;
  /** The last history step, as the family reads it ("Contacted"; "Note: tour on Friday"). */
  lastStep: { label: string; at: string } | null;
  /** Saved on this device, not yet accepted by the backend. */
  pending: boolean;
}

const LABELS: Record<InquiryStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  'tour scheduled': 'Tour scheduled',
  applied: 'Applied',
  waitlisted: 'Waitlisted',
  enrolled: 'Enrolled',
  closed: 'Closed',
};

const TONES: Record<InquiryStatus, BadgeTone> = {
  new: 'info',
  contacted: 'info',
  'tour scheduled': 'info',
  applied: 'info',
  waitlisted: 'warning',
  enrolled: 'success',
  closed: 'neutral',
};

export function inquiryStatusLabel(status: InquiryStatus): string {
  return LABELS[status];
}

/** The last history entry in words: a move names the new status, a note or assignment its text. */
export function describeLastStep(
  history: ParentInquiry['history'],
): { label: string; at: string } | null {
  const last = history.at(-1);
  if (!last) return null;
  if (history.length === 1) return { label: 'Sent', at: last.at };
  // Staff assignments are the office's business; the family sees that the inquiry is being handled.
  if (last.from === undefined && /^(Assigned to|Unassigned)/.test(last.note)) {
    return { label: 'Being handled by the office', at: last.at };
  }
  if (last.from !== undefined) {
    return { label: `Moved to ${LABELS[last.status].toLowerCase()}`, at: last.at };
  }
  return { label: last.note ? `Note: ${last.note}` : LABELS[last.status], at: last.at };
}

/** The parent's own inquiries (createdBy is them), newest first. */
export function ownInquiryRows(
  inquiries: readonly InquiryRecord[],
  {
    memberUUID,
    campusNames,
    pendingIds,
  }: {
    memberUUID: string;
    campusNames: ReadonlyMap<string, string>;
    pendingIds: ReadonlySet<string>;
  },
): OwnInquiryRow[] {
  return inquiries
    .filter((inquiry) => inquiry.createdBy === memberUUID)
    .map((inquiry) => ({
      id: inquiry.id,
      childName: inquiry.childName,
      campusName: inquiry.campusId ? (campusNames.get(inquiry.campusId) ?? inquiry.campusId) : null,
      sentAt: receivedAt(inquiry),
      status: inquiry.status,
      statusLabel: LABELS[inquiry.status],
      tone: TONES[inquiry.status],
      lastStep: describeLastStep(inquiry.history),
      pending: pendingIds.has(inquiry.id),
    }))
    .sort((a, b) => (b.sentAt ?? '').localeCompare(a.sentAt ?? '') || a.id.localeCompare(b.id));
}

/** "12 Nov 2026", in UTC like every other date of the app. */
export function formatInquiryDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
