// The notices the backend's own decisions write to one person (absence alerts and their
// corrections, a request for a document, reply reminders): one Notifications document each, with a
// deterministic id so a trigger delivered twice writes nothing twice and never makes a read notice
// new again; and the pushes and e-mails those notices call for (reach.ts).
import { reachDecisions, type ReachHost, type ReachOutcome } from './reach';
import type { ServerContext, ServerWrite } from './outcome';

export interface Notice {
  /** The notification's id (and notificationUUID). */
  id: string;
  memberUUID: string;
  /** The kind of notice (`attendance`, `event`): it decides the reach kind and the label. */
  action: string;
  /** What it is about, as a path: where "Go to its page" leads (notificationHref). */
  actionItem: string;
  description: string;
}

/** The notices not written yet, as Notifications writes dated `nowIso`. */
export function noticeWrites(
  notices: readonly Notice[],
  ctx: ServerContext,
  nowIso: string,
): ServerWrite[] {
  const writes: ServerWrite[] = [];
  for (const notice of notices) {
    const path = `Notifications/${notice.id}`;
    if (ctx.get(path) || writes.some((w) => w.path === path)) continue;
    writes.push({
      path,
      data: {
        notificationUUID: notice.id,
        memberUUID: notice.memberUUID,
        action: notice.action,
        actionItem: notice.actionItem,
        description: notice.description,
        date: nowIso,
        status: 'active',
        isNew: true,
      },
    });
  }
  return writes;
}

/** Some writes, with the pushes and e-mails of the notices among them. */
export function withReach(
  writes: readonly ServerWrite[],
  ctx: ServerContext,
  nowIso: string,
  host: ReachHost,
): ReachOutcome {
  const notices = writes.filter((w) => !('delete' in w) && w.path.startsWith('Notifications/'));
  const reached = reachDecisions([], notices, ctx, nowIso, host);
  return { writes: [...writes, ...reached.writes], pushes: reached.pushes };
}
