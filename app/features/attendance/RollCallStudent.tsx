// One student on the roll call: a big button that cycles the mark with each tap (a long press opens
// the note instead, as on a phone one hand holds the phone and the thumb does the rest), and a note
// button beside it. The status is said in words and a symbol, never by colour alone. An absence the
// family reported (issue 32) is said beside the name, in words, and read out with the mark.
import { useId, useRef } from 'react';
import { ATTENDANCE_STATUS_INFO, type AttendanceStatus } from '~/domain/attendance';
import { useSettings } from '~/settings/store';
import { Badge, type BadgeTone } from '~/ui/Badge';
import { ACTION_ICONS, Icon } from '~/ui/icons';

/** How long a press must last to open the note instead of changing the mark. */
export const LONG_PRESS_MS = 500;

export const STATUS_TONES: Record<AttendanceStatus, BadgeTone> = {
  present: 'success',
  absent: 'danger',
  late: 'warning',
  excused: 'info',
};

export function RollCallStudent({
  name,
  status,
  detail,
  report,
  note,
  readOnly,
  onTap,
  onNote,
}: {
  name: string;
  status: AttendanceStatus;
  /** Who marked it and when, or that the mark is not saved yet. */
  detail: string;
  /** The family's report for the day: "Reported by Grace Whitfield: ill", and their words. */
  report?: { line: string; familyNote: string | null };
  note?: string;
  readOnly: boolean;
  onTap: () => void;
  onNote: () => void;
}) {
  const skin = useSettings((s) => s.skin);
  const detailId = useId();
  const reportId = useId();
  const timer = useRef<number | null>(null);
  const longPressed = useRef(false);
  const info = ATTENDANCE_STATUS_INFO[status];

  const cancelPress = () => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
  };

  return (
    <li className="flex items-stretch gap-2">
      <button
        type="button"
        aria-label={`${name}, ${info.label}`}
        aria-describedby={report ? `${reportId} ${detailId}` : detailId}
        disabled={readOnly}
        onPointerDown={() => {
          longPressed.current = false;
          cancelPress();
          timer.current = window.setTimeout(() => {
            longPressed.current = true;
            timer.current = null;
            onNote();
          }, LONG_PRESS_MS);
        }}
        onPointerUp={cancelPress}
        onPointerLeave={cancelPress}
        onPointerCancel={cancelPress}
        // A long touch would open the browser's menu on top of the note.
        onContextMenu={(event) => event.preventDefault()}
        onClick={() => {
          if (longPressed.current) {
            longPressed.current = false;
            return;
          }
          onTap();
        }}
        className={`flex min-h-14 min-w-0 flex-1 touch-manipulation items-center justify-between gap-3 px-4 py-2 text-left select-none hover:bg-hover disabled:cursor-default disabled:hover:bg-card ${skin.card} ${skin.rounded}`}
      >
        <span className="grid min-w-0">
          <span className="truncate font-medium">{name}</span>
          {report ? (
            <span id={reportId} className="text-sm font-medium break-words">
              {report.line}
              {report.familyNote ? ` (“${report.familyNote}”)` : ''}
            </span>
          ) : null}
          <span id={detailId} className="line-clamp-2 text-sm text-muted">
            {detail}
            {note ? ` · Note: ${note}` : ''}
          </span>
        </span>
        <Badge tone={STATUS_TONES[status]} icon={null} className="shrink-0">
          <span aria-hidden="true" className="font-bold">
            {info.symbol}
          </span>
          {info.label}
        </Badge>
      </button>
      <button
        type="button"
        aria-label={`Note for ${name}`}
        disabled={readOnly}
        onClick={onNote}
        className={`inline-flex min-h-14 min-w-14 items-center justify-center hover:bg-hover disabled:cursor-default ${note ? 'text-fg' : 'text-muted'} ${skin.card} ${skin.rounded}`}
      >
        <Icon icon={ACTION_ICONS.edit} className="size-5" />
      </button>
    </li>
  );
}
