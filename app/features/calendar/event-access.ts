// Who may do what with an event and its replies, as the permission matrix says: the calendar's
// dialog, the organiser's replies page and the home tiles ask here, so they agree.
import {
  canWrite,
  collectionAccess,
  PERMISSION_MATRIX,
  type Principal,
} from '~/domain/permissions';
import type { Role } from '~/domain/roles';
import type { EventRecord } from './load';

/** May this person change this event (and so organise its replies)? */
export function mayEditEvent(principal: Principal, event: EventRecord, today: string): boolean {
  const ctx = { get: () => null, list: () => [], today };
  return canWrite(
    principal,
    'events',
    { ref: { path: `events/${event.id}`, id: event.id }, before: event, after: event },
    ctx,
  );
}

/** Do these roles read any families' replies (the office all; a facilitator their classes')? */
export function mayReadReplies(roles: readonly Role[]): boolean {
  return collectionAccess(roles, 'eventReplies') !== 'none';
}

/** Do these roles answer for their own children (a family)? */
export function mayAnswerReplies(roles: readonly Role[]): boolean {
  return roles.some((r) => PERMISSION_MATRIX.eventReplies[r].write === 'replyForOwnChildren');
}
