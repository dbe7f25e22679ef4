// What a parent sees of their own inquiries: one row per inquiry, newest first, with the child, the
// campus, the day it was sent, the current status and its last status step in words (never the
// office's notes or assignments, which are internal). Pure: the records, names and pending ids come
// in as arguments.
import { formatInstantDay } from '~/domain/format';
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
  /** The last status step, as the family reads it ("Sent", "Moved to contacted"); never a note. */
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

/**
 * The inquiry's last status step in words: "Sent", or "Moved to contacted" with its date. The
 * history also holds the office's internal notes and staff assignments; the family never sees
 * those, so they are skipped, and a note added after a move leaves the move as the last step.
 */
export function describeLastStep(
  history: ParentInquiry['history'],
): { label: string; at: string } | null {
  const first = history[0];
  if (!first) return null;
  for (let i = history.length - 1; i >= 1; i -= 1) {
    const entry = history[i];
    const before = history[i - 1];
    if (!entry || !before) continue;
    // A move records where it came from; an older entry without `from` still changed the status.
    if (entry.from !== undefined || entry.status !== before.status) {
      return { label: `Moved to ${LABELS[entry.status].toLowerCase()}`, at: entry.at };
    }
  }
  return { label: 'Sent', at: first.at };
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

/**
 * "Thu 12 Nov 2026": the day of a stored instant in `timeZone`, the person's campus zone
 * (usePersonZone), written by the one date module.
 */
export function formatInquiryDate(iso: string, timeZone: string): string {
  return formatInstantDay(iso, timeZone) || iso;
}
