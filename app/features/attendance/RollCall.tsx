// The roll call of one classroom and date. Owns the person's unsaved marks: a tap cycles a
// student's mark, a note is added in a dialog, and Save posts only what changed. The unsaved marks
// are kept over fresh data when the page revalidates (another person's save, a sync), so nothing
// the person tapped is lost; they are dropped once saved, or when the person leaves on purpose.
// A student whose family reported the day (issue 32) shows the report beside their name and,
// while nobody has marked them, the report's mark instead of present; the save confirms it.
import { useFetcher } from '@remix-run/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { ATTENDANCE_STATUS_INFO, nextStatus, type AttendanceStatus } from '~/domain/attendance';
import { formatDate } from '~/domain/format';
import { ATTENDANCE_STATUSES } from '~/domain/records';
import { useSettings } from '~/settings/store';
import { Badge } from '~/ui/Badge';
import { Button } from '~/ui/Button';
import { FormError } from '~/ui/form/Field';
import { MobileActionBar } from '~/ui/MobileActionBar';
import { Modal } from '~/ui/Modal';
import { useColleagueMarks } from './colleague-marks';
import { NoteDialog } from './NoteDialog';
import { useReportNews } from './report-news';
import {
  rollCallChanges,
  rollCallFormValues,
  type Mark,
  type RollCallSaveResult,
} from './roll-call';
import { RollCallStudent } from './RollCallStudent';
import { useUnsavedMarksGuard } from './use-unsaved-marks';
import type { RollCallView } from './roll-call-route';

/** "Monday 23 November 2026" for an ISO date (the calendar date, whatever the time zone). */
export function longDate(date: string): string {
  return formatDate(date, 'long');
}

function sameMark(a: Mark | undefined, b: Mark | undefined): boolean {
  return a?.status === b?.status && (a?.note ?? '') === (b?.note ?? '');
}

export function RollCall({ view }: { view: RollCallView }) {
  const fetcher = useFetcher<RollCallSaveResult>();
  const skin = useSettings((s) => s.skin);
  const headingId = useId();
  const [marks, setMarks] = useState<Record<string, Mark>>({});
  const [submitted, setSubmitted] = useState<Record<string, Mark> | null>(null);
  const [noteFor, setNoteFor] = useState<string | null>(null);
  const readOnly = !view.guard.ok;
  const rosterIds = useMemo(() => view.roster.map((s) => s.id), [view.roster]);

  const isUnmarked = (studentId: string) => !marks[studentId] && !view.saved[studentId];
  /** The mark a student shows: theirs unsaved, else saved, else the report's, else present. */
  const shown = (studentId: string): Mark => {
    const local = marks[studentId];
    if (local) return local;
    const entry = view.saved[studentId];
    if (entry) return { status: entry.status, ...(entry.note ? { note: entry.note } : {}) };
    return view.reports[studentId]?.mark ?? { status: 'present' };
  };
  /** Pre-marked from the family's report: nobody has marked them, and a report speaks for them. */
  const preMarked = (studentId: string) =>
    isUnmarked(studentId) && view.reports[studentId] !== undefined;

  const unsaved = rollCallChanges(marks, [], view.saved, rosterIds);
  const dirty = !readOnly && Object.keys(unsaved).length > 0;
  const blocker = useUnsavedMarksGuard(dirty);
  const news = useMemo(
    () => ({
      saved: view.saved,
      savedBy: view.savedBy,
      firstNames: view.firstNames,
      defaults: Object.fromEntries(
        Object.entries(view.reports).map(([studentId, report]) => [studentId, report.mark]),
      ),
    }),
    [view.saved, view.savedBy, view.firstNames, view.reports],
  );
  const colleagueNews = useColleagueMarks(news, new Set(Object.keys(unsaved)));
  const reportNews = useReportNews(view.reports, view.firstNames);

  // Once a save has come back (and the page has revalidated), the marks it wrote are the saved
  // ones: drop those local copies, but keep any mark tapped again while the save was running.
  const handled = useRef<RollCallSaveResult | undefined>(undefined);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== 'idle' || !submitted || !result || handled.current === result) return;
    handled.current = result;
    setSubmitted(null);
    if (!result.ok) return;
    setMarks((current) => {
      const next = { ...current };
      for (const [id, mark] of Object.entries(submitted)) {
        if (sameMark(next[id], mark)) delete next[id];
      }
      return next;
    });
  }, [fetcher.state, fetcher.data, submitted]);

  const setMark = (studentId: string, mark: Mark) =>
    setMarks((current) => ({ ...current, [studentId]: mark }));

  // Everyone present, except the students still pre-marked from their family's report: the family
  // said they would be away; tapping them changes that, one by one.
  const markAllPresent = () =>
    setMarks(() => {
      const next: Record<string, Mark> = {};
      for (const id of rosterIds) {
        if (preMarked(id)) continue;
        const note = shown(id).note;
        next[id] = { status: 'present', ...(note ? { note } : {}) };
      }
      return next;
    });

  const save = () => {
    const unmarked = rosterIds.filter(isUnmarked);
    // The reports the unmarked students are shown pre-marked with: the save writes their marks.
    const reportIds = unmarked.flatMap((id) => {
      const report = view.reports[id];
      return report ? [report.reportId] : [];
    });
    const values = rollCallFormValues(view.classroomId, view.date, marks, unmarked, reportIds);
    const formData = new FormData();
    for (const [key, value] of Object.entries(values)) {
      for (const item of [value].flat()) formData.append(key, item);
    }
    setSubmitted(marks);
    fetcher.submit(formData, { method: 'post' });
  };

  const counts: Record<AttendanceStatus, number> = { present: 0, absent: 0, late: 0, excused: 0 };
  let notMarked = 0;
  // Each student is counted once, so the counts add up to the class: a student nobody has marked
  // yet is "not marked" (shown, and saved, as present, or as their family reported).
  for (const id of rosterIds) {
    if (isUnmarked(id)) notMarked += 1;
    else counts[shown(id).status] += 1;
  }
  const reportedCount = view.roster.filter((s) => view.reports[s.id]).length;

  const saving = fetcher.state !== 'idle';
  const failure = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  const actions = readOnly ? null : (
    <>
      <Button variant="secondary" onClick={markAllPresent} disabled={view.roster.length === 0}>
        Mark all present
      </Button>
      <Button onClick={save} busy={saving} busyLabel="Saving…">
        Save roll call
      </Button>
    </>
  );
  const noteStudent = view.roster.find((s) => s.id === noteFor) ?? null;

  return (
    <section aria-labelledby={headingId}>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-xl font-semibold">
            {view.classroomName}
            <span className="sr-only">, </span>
            <span className="block text-base font-normal text-muted">{longDate(view.date)}</span>
          </h2>
          {view.campusName ? <p className="text-sm text-muted">{view.campusName}</p> : null}
          {view.pending ? (
            <Badge tone="warning" className="mt-2">
              Waiting to sync
            </Badge>
          ) : null}
        </div>
        {actions ? <div className="hidden gap-2 sm:flex">{actions}</div> : null}
      </div>

      <ul aria-label="Counts" className="mb-2 flex flex-wrap gap-2">
        {ATTENDANCE_STATUSES.map((status) => (
          <li key={status} className={`px-3 py-1 text-sm ${skin.card} ${skin.rounded}`}>
            {ATTENDANCE_STATUS_INFO[status].label} <strong>{counts[status]}</strong>
          </li>
        ))}
        <li className={`px-3 py-1 text-sm ${skin.card} ${skin.rounded}`}>
          Not marked <strong>{notMarked}</strong>
        </li>
      </ul>
      {/* A colleague's marks and a family's new report arrive live (issues 29 and 32): said
      politely, and kept on screen. */}
      <p role="status" aria-live="polite" className="mb-2 min-h-5 text-sm">
        {[colleagueNews, reportNews].filter(Boolean).join(' ')}
      </p>
      {reportedCount > 0 ? (
        <p className="mb-2 text-sm">
          {reportedCount === 1
            ? 'A family reported an absence for this day.'
            : `Families reported ${reportedCount} absences for this day.`}{' '}
          {readOnly
            ? null
            : 'Until someone marks them, reported students show the mark the report suggests (Excused for the whole day, Late when arriving late), and Mark all present leaves them as they are.'}
        </p>
      ) : null}
      {readOnly ? null : (
        <p className="mb-4 text-sm text-muted">
          Tap a student to change their mark: absent, late, excused, present. Students not marked
          yet are saved as present, or as their family reported. Press and hold, or use the note
          button, to add a note.
        </p>
      )}

      {!view.guard.ok ? (
        <p role="status" className={`mb-4 px-4 py-3 ${skin.info} ${skin.rounded}`}>
          {view.guard.message}
        </p>
      ) : null}
      <FormError form={failure} />

      {view.roster.length === 0 ? (
        <p className="text-muted">No students are enrolled in this classroom.</p>
      ) : (
        <ul aria-label="Students" className="grid gap-2">
          {view.roster.map((student) => {
            const mark = shown(student.id);
            const local = marks[student.id];
            const changed = local !== undefined && unsaved[student.id] !== undefined;
            const report = view.reports[student.id];
            const detail = changed
              ? 'Not saved yet'
              : (view.savedLabels[student.id] ??
                (report ? 'Not marked yet: shown as reported' : 'Not marked yet'));
            return (
              <RollCallStudent
                key={student.id}
                name={student.name}
                status={mark.status}
                detail={detail}
                report={report ? { line: report.line, familyNote: report.familyNote } : undefined}
                // The report's own note is already said by its line.
                note={report && mark.note === report.mark.note ? undefined : mark.note}
                readOnly={readOnly}
                onTap={() => setMark(student.id, { ...mark, status: nextStatus(mark.status) })}
                onNote={() => setNoteFor(student.id)}
              />
            );
          })}
        </ul>
      )}

      {actions ? (
        <>
          {/* Room for the action bar, so it never covers the last student. */}
          <div className="h-20 sm:hidden" aria-hidden="true" />
          <MobileActionBar label="Roll call actions">{actions}</MobileActionBar>
        </>
      ) : null}

      <NoteDialog
        studentName={noteStudent?.name ?? null}
        note={noteStudent ? (shown(noteStudent.id).note ?? '') : ''}
        onClose={() => setNoteFor(null)}
        onSave={(note) => {
          if (noteStudent) {
            const { status } = shown(noteStudent.id);
            setMark(noteStudent.id, { status, ...(note ? { note } : {}) });
          }
          setNoteFor(null);
        }}
      />
      <Modal
        open={blocker.state === 'blocked'}
        title="Leave without saving?"
        onClose={() => blocker.reset?.()}
        actions={[
          { label: 'Stay', variant: 'secondary', onClick: () => blocker.reset?.() },
          { label: 'Leave without saving', variant: 'danger', onClick: () => blocker.proceed?.() },
        ]}
      >
        <p>
          The marks you changed on this roll call are not saved. Save them first, or leave and lose
          them.
        </p>
      </Modal>
    </section>
  );
}
