// The functions' host for reaching people (issue 31): carries out the shared decisions of
// app/domain/server/reach.ts. Pushes go to FCM with `sendEachForMulticast`, one call per PushSend,
// and the devices whose tokens FCM reports as unregistered or invalid are deleted; held pushes and
// the evening digests run on a schedule; e-mails are plain `mail` writes that the Trigger Email
// extension delivers (docs/deploy.md). The app's origin for links is the APP_URL parameter.
import { defineString } from 'firebase-functions/params';
import { dueAbsenceAlertOutcome } from '~/domain/server/absence-alerts';
import {
  dailyDigests,
  releaseHeldPushes,
  type PushSend,
  type ReachHost,
} from '~/domain/server/reach';
import { messaging } from './admin';
import { applyWrites } from './apply';
import { decideWithReads } from './context';

/** The app's public origin (https://…), set at deploy time; links in pushes and e-mails use it. */
export const APP_URL = defineString('APP_URL', {
  description: 'The app’s public origin, e.g. https://school.example (links in pushes and e-mails)',
});

export function reachHost(): ReachHost {
  return { appOrigin: APP_URL.value() };
}

/** FCM's answers that mean a token will never work again: its device document goes. */
export const DEAD_TOKEN_CODES: readonly string[] = [
  'messaging/registration-token-not-registered',
  'messaging/invalid-registration-token',
];

/**
 * Sends each push to its devices and deletes the device documents FCM refuses for good. The
 * payload is a data message: the service worker shows it (title, body, link, tag, badge), so an
 * open window can show it in the feed instead.
 */
export async function sendPushes(
  pushes: readonly PushSend[],
): Promise<{ sent: number; removed: number }> {
  let sent = 0;
  const dead: string[] = [];
  for (const push of pushes) {
    if (push.devices.length === 0) continue;
    const response = await messaging().sendEachForMulticast({
      tokens: push.devices.map((d) => d.token),
      data: {
        title: push.payload.title,
        body: push.payload.body,
        link: push.payload.link,
        tag: push.payload.tag,
        badge: String(push.payload.badge),
        notificationId: push.notificationId,
      },
      webpush: { headers: { Urgency: 'high' } },
    });
    response.responses.forEach((answer, i) => {
      const device = push.devices[i];
      if (!device) return;
      if (answer.success) sent += 1;
      else if (answer.error && DEAD_TOKEN_CODES.includes(answer.error.code)) {
        dead.push(`Members/${push.memberUUID}/devices/${device.deviceId}`);
      }
    });
  }
  await applyWrites(dead.map((path) => ({ path, delete: true as const })));
  return { sent, removed: dead.length };
}

/**
 * The scheduled job: held pushes whose quiet hours ended, the absence alerts whose delay passed
 * (issue 32), then the evening digests.
 */
export async function runScheduledReach(now: Date = new Date()): Promise<void> {
  const nowIso = now.toISOString();
  const released = await decideWithReads((ctx) => releaseHeldPushes(ctx, nowIso), now);
  await applyWrites(released.writes);
  await sendPushes(released.pushes);
  const alerts = await decideWithReads(
    (ctx) => dueAbsenceAlertOutcome(ctx, nowIso, reachHost()),
    now,
  );
  await applyWrites(alerts.writes, 'trigger');
  await sendPushes(alerts.pushes);
  const digests = await decideWithReads((ctx) => dailyDigests(ctx, nowIso, reachHost()), now);
  await applyWrites(digests, 'trigger');
}
