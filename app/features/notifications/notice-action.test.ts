// What opening a notice offers (issue 32): an absence alert asks for a reason and opens the report
// form for that child and day; its correction leads to attendance; every other notice goes to its
// page as before. The alert's notices are made here by the server's own decision, so a change to
// how it names them shows up in this test.
import { describe, expect, it } from 'vitest';
import type { DocData } from '~/domain/permissions';
import { absenceAlertWrites } from '~/domain/server/absence-alerts';
import type { ServerContext, ServerWrite } from '~/domain/server/outcome';
import { GO_TO_PAGE, noticeAction, REPORT_A_REASON } from './notice-action';

const TODAY = '2026-11-27';
// 09:12 in Kolkata.
const MARKED = '2026-11-27T03:42:00.000Z';

/** A campus that alerts at once, Leo in Maples, and Grace his linked guardian. */
function world(): Map<string, DocData> {
  return new Map<string, DocData>([
    [
      'campuses/north',
      {
        name: 'North',
        timezone: 'Asia/Kolkata',
        absenceAlerts: { enabled: true, delayMinutes: 0, includeLate: false },
      },
    ],
    ['classrooms/maples', { name: 'Maples (ages 8–9)', campusId: 'north' }],
    ['families/fam', { guardians: [{ name: 'Grace Whitfield', memberUUID: 'grace' }] }],
    ['students/leo', { firstName: 'Leo', lastName: 'Whitfield', familyId: 'fam' }],
    ['Members/grace', { memberUUID: 'grace', roles: ['parent'], status: 'active' }],
  ]);
}

function contextOf(docs: Map<string, DocData>): ServerContext {
  return {
    get: (path) => docs.get(path) ?? null,
    list: (collection) =>
      [...docs]
        .filter(([path]) => path.startsWith(`${collection}/`))
        .map(([path, data]) => ({ id: path.slice(collection.length + 1), data })),
    today: TODAY,
  };
}

/** Leo marked `status` on today's roll call; the notices the server writes for it. */
function mark(docs: Map<string, DocData>, status: string, nowIso: string) {
  const path = `attendance/maples_${TODAY}`;
  const before = docs.get(path) ?? null;
  const after = {
    classroomId: 'maples',
    date: TODAY,
    entries: { leo: { status, at: nowIso, by: 'daniel' } },
  };
  docs.set(path, after);
  const writes: ServerWrite[] = absenceAlertWrites(
    { path, before, after },
    contextOf(docs),
    nowIso,
  );
  const notices: Array<{ id: string; actionItem: string }> = [];
  for (const write of writes) {
    if ('delete' in write) continue;
    docs.set(write.path, write.data);
    if (write.path.startsWith('Notifications/')) {
      notices.push({
        id: write.path.slice('Notifications/'.length),
        actionItem: String(write.data.actionItem),
      });
    }
  }
  return notices;
}

describe('what a notice offers', () => {
  it('asks for a reason on an absence alert, with the form filled in for that child and day', () => {
    const docs = world();
    const [alert] = mark(docs, 'absent', MARKED);
    expect(alert).toBeDefined();
    expect(alert && noticeAction(alert)).toEqual({
      href: '/dash/absences/new?student=leo&date=2026-11-27',
      label: REPORT_A_REASON,
    });
    expect(REPORT_A_REASON).toBe('Report a reason');
  });

  it('leads the correction ("Leo is now marked present") to attendance, asking nothing', () => {
    const docs = world();
    mark(docs, 'absent', MARKED);
    const [correction] = mark(docs, 'present', '2026-11-27T04:00:00.000Z');
    expect(correction).toBeDefined();
    expect(correction && noticeAction(correction)).toEqual({
      href: '/dash/attendance',
      label: GO_TO_PAGE,
    });
  });

  it('sends every other notice to its page with the usual label', () => {
    expect(noticeAction({ id: 'n1', actionItem: 'events/evt-1' })).toEqual({
      href: '/dash/calendar?event=evt-1',
      label: 'Go to its page',
    });
    expect(noticeAction({ id: 'n2', actionItem: 'attendance' })).toEqual({
      href: '/dash/attendance',
      label: GO_TO_PAGE,
    });
  });

  it('offers nothing where the app has no page', () => {
    expect(noticeAction({ id: 'n1', actionItem: '' })).toBeNull();
    expect(noticeAction({ id: 'n1', actionItem: 'absenceAlerts/no-day' })).toBeNull();
  });
});
