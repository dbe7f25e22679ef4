// What opening a notification offers: the page it leads to (notificationHref, in the domain) and
// what the button that goes there says. Most notices say "Go to its page"; an absence alert asks
// the family for a reason (issue 32), so its button says "Report a reason" and opens the report
// form filled in for that child and day. The correction a later roll call sends ("Leo is now
// marked present") asks for nothing: it leads to the attendance page, with the usual label.
import { ABSENCE_ALERTS_COLLECTION, ABSENCE_CORRECTION_PREFIX } from '~/domain/absence-fields';
import { notificationHref } from '~/domain/messages';

export const GO_TO_PAGE = 'Go to its page';
export const REPORT_A_REASON = 'Report a reason';

export { ABSENCE_CORRECTION_PREFIX };

export interface NoticeAction {
  href: string;
  label: string;
}

/** Whether a notice is about an absence alert (the alert itself or its correction). */
function isAbsenceAlert(actionItem: string): boolean {
  return actionItem.startsWith(`${ABSENCE_ALERTS_COLLECTION}/`);
}

/** Where a notification leads and what its button says; null when the app has no page for it. */
export function noticeAction(notification: {
  id: string;
  actionItem: string;
}): NoticeAction | null {
  if (isAbsenceAlert(notification.actionItem)) {
    if (notification.id.startsWith(ABSENCE_CORRECTION_PREFIX)) {
      const href = notificationHref('attendance');
      return href ? { href, label: GO_TO_PAGE } : null;
    }
    const href = notificationHref(notification.actionItem);
    return href ? { href, label: REPORT_A_REASON } : null;
  }
  const href = notificationHref(notification.actionItem);
  return href ? { href, label: GO_TO_PAGE } : null;
}
