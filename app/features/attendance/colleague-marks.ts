// A colleague's marks arriving on an open roll call (issue 29): the page merges them per student
// (a student this person has not touched shows the colleague's mark; one they changed keeps their
// unsaved mark) and says what happened, politely: "Daniel Mensah marked Ishaan Excused."
import { useEffect, useRef, useState } from 'react';
import { ATTENDANCE_STATUS_INFO } from '~/domain/attendance';
import type { AttendanceEntry } from '~/domain/records';

export interface MarkNews {
  /** The roll call's saved entries, by student id. */
  saved: Record<string, AttendanceEntry>;
  /** Who saved each entry: a colleague's name, or null when it was this person. */
  savedBy: Record<string, string | null>;
  /** First names by student id, as the class knows them. */
  firstNames: Record<string, string>;
  /**
   * What the page shows a student nobody has marked as, where it is not present: the mark their
   * family's report suggests (issue 32). A colleague's save of that same mark is no news.
   */
  defaults?: Record<string, { status: string; note?: string }>;
}

/** More changes than this in one arrival are summed up ("marked 6 students") rather than listed. */
const LISTED_AT_MOST = 3;

function sameEntry(a: AttendanceEntry | undefined, b: AttendanceEntry | undefined): boolean {
  return a?.status === b?.status && (a?.note ?? '') === (b?.note ?? '') && a?.at === b?.at;
}

/**
 * What changed between two views of the same roll call by someone else, as sentences; null when
 * nothing did. `unsaved` names the students this person has marks for that are not saved yet.
 */
export function colleagueMarks(
  before: MarkNews,
  after: MarkNews,
  unsaved: ReadonlySet<string> = new Set(),
): string | null {
  // Per colleague: the students whose entry they saved, and among them those whose mark differs
  // from what the page showed (a first save also writes "present", or the reported mark, for every
  // student nobody had marked: that is the roll call being taken, not news about each child).
  const byMarker = new Map<string, { saved: string[]; changed: string[] }>();
  for (const [studentId, entry] of Object.entries(after.saved)) {
    const earlier = before.saved[studentId];
    if (sameEntry(earlier, entry)) continue;
    const marker = after.savedBy[studentId];
    if (!marker) continue; // This person's own save, coming back.
    const news = byMarker.get(marker) ?? { saved: [], changed: [] };
    news.saved.push(studentId);
    const shown: { status: string; note?: string } = earlier ??
      before.defaults?.[studentId] ?? { status: 'present' };
    if (shown.status !== entry.status || (shown.note ?? '') !== (entry.note ?? '')) {
      news.changed.push(studentId);
    }
    byMarker.set(marker, news);
  }
  if (byMarker.size === 0) return null;
  const sentences: string[] = [];
  let keptOwn = false;
  for (const [marker, { saved, changed }] of byMarker) {
    if (saved.some((id) => unsaved.has(id))) keptOwn = true;
    if (changed.length === 0) {
      sentences.push(`${marker} saved this roll call.`);
      continue;
    }
    if (changed.length > LISTED_AT_MOST) {
      sentences.push(`${marker} marked ${changed.length} students.`);
      continue;
    }
    const parts = changed.map((id) => {
      const status = after.saved[id]?.status;
      const label = status ? ATTENDANCE_STATUS_INFO[status].label : '';
      return `${after.firstNames[id] ?? 'a student'} ${label}`.trim();
    });
    const listed =
      parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
    sentences.push(`${marker} marked ${listed}.`);
  }
  if (keptOwn) sentences.push('Your unsaved marks are kept.');
  return sentences.join(' ');
}

/**
 * The latest news of colleagues' marks on the open roll call: compared with the view the page
 * showed before each revalidation. Nothing is said on the first view.
 */
export function useColleagueMarks(news: MarkNews, unsaved: ReadonlySet<string>): string | null {
  const previous = useRef<MarkNews | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const unsavedRef = useRef(unsaved);
  unsavedRef.current = unsaved;
  useEffect(() => {
    const before = previous.current;
    previous.current = news;
    if (!before) return;
    const said = colleagueMarks(before, news, unsavedRef.current);
    if (said) setMessage(said);
  }, [news]);
  return message;
}
