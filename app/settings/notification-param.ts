// The `notification` query parameter (spec §2): on any page it is handed to the notification opener
// and then removed from the URL. The opener is registered by the notifications feature; an id that
// arrives before it registers is kept and handed over on registration, so none is lost.

type Opener = (notificationId: string) => void;

let opener: Opener | null = null;
let pending: string | null = null;

export const NOTIFICATION_PARAM = 'notification';

export function setNotificationOpener(next: Opener | null): void {
  opener = next;
  if (opener && pending) {
    const id = pending;
    pending = null;
    opener(id);
  }
}

export function openNotificationFromParam(id: string): void {
  if (opener) opener(id);
  else pending = id;
}

/** The search string with the parameter removed ('' when nothing is left). */
export function withoutNotificationParam(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(NOTIFICATION_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
