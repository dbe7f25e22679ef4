// A family's report arriving on an open roll call (issue 32): the report comes live (a parent
// reported on their phone a minute ago), the student's line and pre-mark change on screen, and the
// page says so politely, as it does for a colleague's marks: "New report for Ivy. Reported by Grace
// Whitfield: ill."
import { useEffect, useRef, useState } from 'react';

/** What the news needs of each student's report on the roll call. */
export interface ReportNewsItem {
  reportId: string;
  line: string;
}

/** More reports than this in one arrival are counted ("4 new reports") rather than listed. */
const LISTED_AT_MOST = 3;

/**
 * What changed in the reports between two views of the same roll call, as sentences; null when
 * nothing did. A report that no longer covers the day (withdrawn, or its dates moved) is said too.
 */
export function reportNews(
  before: Readonly<Record<string, ReportNewsItem>>,
  after: Readonly<Record<string, ReportNewsItem>>,
  firstNames: Readonly<Record<string, string>>,
): string | null {
  const name = (studentId: string) => firstNames[studentId] ?? 'a student';
  const arrived: string[] = [];
  const gone: string[] = [];
  for (const [studentId, report] of Object.entries(after)) {
    const earlier = before[studentId];
    if (earlier?.reportId === report.reportId && earlier.line === report.line) continue;
    arrived.push(studentId);
  }
  for (const studentId of Object.keys(before)) {
    if (!after[studentId]) gone.push(studentId);
  }
  const sentences: string[] = [];
  if (arrived.length > LISTED_AT_MOST) {
    sentences.push(`${arrived.length} new reports from families.`);
  } else {
    for (const studentId of arrived) {
      sentences.push(`New report for ${name(studentId)}. ${after[studentId]?.line ?? ''}.`);
    }
  }
  for (const studentId of gone.slice(0, LISTED_AT_MOST)) {
    sentences.push(`The report for ${name(studentId)} no longer covers this day.`);
  }
  if (gone.length > LISTED_AT_MOST) {
    sentences.push(`${gone.length - LISTED_AT_MOST} more reports no longer cover this day.`);
  }
  return sentences.length > 0 ? sentences.join(' ') : null;
}

/**
 * The latest news of families' reports on the open roll call, compared with the view the page
 * showed before each revalidation. Nothing is said on the first view.
 */
export function useReportNews(
  reports: Readonly<Record<string, ReportNewsItem>>,
  firstNames: Readonly<Record<string, string>>,
): string | null {
  const previous = useRef<Readonly<Record<string, ReportNewsItem>> | null>(null);
  const names = useRef(firstNames);
  names.current = firstNames;
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = reports;
    if (!before) return;
    const said = reportNews(before, reports, names.current);
    if (said) setMessage(said);
  }, [reports]);
  return message;
}
