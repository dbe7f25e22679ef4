// The fake's host for the Cloud Function triggers. The decisions (who is told about a new message,
// event or resource; claims after a roles change; the Members `access` links; an event's or
// resource's `audienceKeys` repaired from its fields; the bump of system/collectionVersions; the
// audit trail's entries) live in app/domain/server and are the very code the deployed functions
// run (firebase/functions). This module only turns their writes into the fake's commit writes and
// applies their account changes to the fake's accounts. mocks/firestore.ts calls it after a client
// commit and applies the writes as the backend in the same request, so the change events, the
// in-page cross-tab persistence and the server mode's save all include them.
import { dueAbsenceAlertOutcome } from '../app/domain/server/absence-alerts';
import { accessLinkWritesOf, affectedMembers } from '../app/domain/server/access';
import { auditTrailWrites } from '../app/domain/server/audit';
import {
  createdWrites,
  eventCreatedWrites,
  messageCreatedWrites,
  resourceCreatedWrites,
  type CreatedDocument,
} from '../app/domain/server/notifications';
import { isDelete, type AuthEffect, type ServerWrite } from '../app/domain/server/outcome';
import {
  dailyDigests,
  DEMO_PUSHES_COLLECTION,
  demoPushDocument,
  releaseHeldPushes,
  type PushSend,
  type ReachHost,
} from '../app/domain/server/reach';
import {
  changeTriggers,
  UNKNOWN_APP_ORIGIN,
  type DocumentChange,
  type TriggerParts,
} from '../app/domain/server/triggers';
import { forEachInSlices, type Slice } from './slices';
import { store } from './store';
import type { PermissionContext } from '../app/domain/permissions';

export type { DocumentChange } from '../app/domain/server/triggers';
export {
  audienceRecipients,
  messageRecipients,
  resourceRecipients,
  UNKNOWN_SENDER,
  type CreatedDocument,
} from '../app/domain/server/notifications';

/** A document the backend writes: whole (a new document) or only `fields` of an existing one. */
export interface TriggerWrite {
  path: string;
  data: Record<string, unknown>;
  /** Only these field paths are written, the rest of the document kept. */
  fields?: string[];
  /** The document is deleted (a push's refused device, a released held push). */
  delete?: true;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.getPrototypeOf(value) === Object.prototype
  );
}

/**
 * The field paths a merge writes, as Firestore's `set(data, { merge: true })` does: every leaf,
 * nested maps merged key by key (so one collection's version leaves the others').
 */
export function mergeFieldPaths(data: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(data).flatMap(([key, value]) =>
    isPlainObject(value) && Object.keys(value).length > 0
      ? mergeFieldPaths(value, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

/** A shared decision's write in the fake's trigger format (deletes are not produced by triggers). */
export function triggerWriteOf(write: ServerWrite): TriggerWrite {
  // A trigger deletes only backend documents: a held push released, an absence alert taken back.
  if (isDelete(write)) return { path: write.path, data: {}, delete: true };
  return write.merge
    ? { path: write.path, data: write.data, fields: mergeFieldPaths(write.data) }
    : { path: write.path, data: write.data };
}

/** Applies a decision's account changes to the fake's accounts (an unknown uid has none to change). */
export function applyAuthEffects(effects: readonly AuthEffect[]): void {
  for (const effect of effects) {
    const account = store.accounts.get(effect.uid);
    if (!account) continue;
    if (effect.kind === 'disabled') {
      account.disabled = effect.disabled;
    } else if (effect.kind === 'revokeRefreshTokens') {
      // Every refresh token issued so far stops working (mocks/auth.ts checks the epoch).
      account.sessionEpoch = (account.sessionEpoch ?? 0) + 1;
    } else {
      const { roles } = effect.claims;
      // The fake's tokens also carry `role` (the first role), which the app's rolesFromClaims reads.
      account.claims = { ...account.claims, roles, ...(roles[0] ? { role: roles[0] } : {}) };
    }
  }
}

/** Notification writes for created messages (with the conversation's last message). */
export function messageTriggerWrites(
  created: readonly CreatedDocument[],
  ctx: PermissionContext,
  nowIso: string,
): TriggerWrite[] {
  return messageCreatedWrites(created, ctx, nowIso).map(triggerWriteOf);
}

/** Notification writes for created resources. */
export function resourceTriggerWrites(
  created: readonly CreatedDocument[],
  ctx: PermissionContext,
  nowIso: string,
): TriggerWrite[] {
  return resourceCreatedWrites(created, ctx, nowIso).map(triggerWriteOf);
}

/** Notification writes for created events. */
export function eventTriggerWrites(
  created: readonly CreatedDocument[],
  ctx: PermissionContext,
  nowIso: string,
): TriggerWrite[] {
  return eventCreatedWrites(created, ctx, nowIso).map(triggerWriteOf);
}

/** Every notification trigger's writes for one client commit (messages, events, resources). */
export function commitTriggerWrites(
  created: readonly CreatedDocument[],
  ctx: PermissionContext,
  nowIso: string,
): TriggerWrite[] {
  return createdWrites(created, ctx, nowIso).map(triggerWriteOf);
}

/**
 * The triggers the fake runs after a client commit. Not the version bump: every write in the demo
 * comes from the app, which bumps system/collectionVersions itself, and bumping it again would make
 * every device refetch after each of its own writes. The deployed functions run it (for writes from
 * the console, scripts and other functions); its decision is tested in app/domain/server.
 */
export const FAKE_TRIGGER_PARTS: TriggerParts = {
  notifications: true,
  reach: true,
  claims: true,
  access: true,
  audienceKeys: true,
  audit: true,
  participantNames: true,
  absenceAlerts: true,
  absenceReportNotices: true,
  replyReminders: true,
};

/**
 * Every trigger for the writes of one commit, each with its state before and after: the
 * notifications, the claims (applied here to the fake's accounts), the access links, the
 * audience keys and the audit trail (and the version bump when `parts` asks for it). A change may
 * name its `writer`: mocks/firestore.ts names the caller on a delete, which leaves no `updatedBy`
 * to read (an audit entry's `by`). The audience-key repair never
 * fires for a client commit today, since the fake refuses wrong keys as a bad shape
 * (mocks/shapes.ts); it runs so the fake does everything the deployed triggers do. Returns the writes for the caller to apply as the backend.
 */
export function commitChangeTriggers(
  changes: readonly DocumentChange[],
  ctx: PermissionContext,
  nowIso: string,
  parts: TriggerParts = FAKE_TRIGGER_PARTS,
): TriggerWrite[] {
  const outcome = changeTriggers(changes, ctx, nowIso, parts, reachHost());
  applyAuthEffects(outcome.auth);
  return [...outcome.writes.map(triggerWriteOf), ...pushSendWrites(outcome.pushes, nowIso)];
}

/**
 * `commitChangeTriggers` in slices (decision 055), with the same writes in the same order: the
 * two decisions that grow with the commit run a change or a member at a time, yielding between
 * them — the access links (which members each change affects, then each member's links once) and
 * the audit trail (one entry per change). The rest is cheap and runs whole.
 */
export async function commitChangeTriggersInSlices(
  changes: readonly DocumentChange[],
  ctx: PermissionContext,
  nowIso: string,
  slice: Slice,
  parts: TriggerParts = FAKE_TRIGGER_PARTS,
): Promise<TriggerWrite[]> {
  const { access, audit, ...rest } = parts;
  const head = changeTriggers(
    changes,
    ctx,
    nowIso,
    {
      notifications: rest.notifications,
      claims: rest.claims,
      reach: rest.reach,
      absenceAlerts: rest.absenceAlerts,
      absenceReportNotices: rest.absenceReportNotices,
      replyReminders: rest.replyReminders,
    },
    reachHost(),
  );
  const writes: ServerWrite[] = [...head.writes];
  if (access) {
    const members = new Set<string>();
    await forEachInSlices(changes, slice, (change) => {
      for (const uid of affectedMembers(change, ctx)) members.add(uid);
    });
    await forEachInSlices(members, slice, (uid) => writes.push(...accessLinkWritesOf([uid], ctx)));
  }
  await slice.check();
  writes.push(
    ...changeTriggers(changes, ctx, nowIso, {
      audienceKeys: rest.audienceKeys,
      participantNames: rest.participantNames,
      versions: rest.versions,
    }).writes,
  );
  if (audit) {
    await forEachInSlices(changes, slice, (change) =>
      writes.push(...auditTrailWrites([change], ctx, nowIso)),
    );
  }
  applyAuthEffects(head.auth);
  return [...writes.map(triggerWriteOf), ...pushSendWrites(head.pushes, nowIso)];
}

// ---- reaching people (issue 31) --------------------------------------------------------------------

/** Tokens of this form stand for devices the push service no longer knows (tests, the demo). */
export const UNREGISTERED_DEMO_TOKEN_PREFIX = 'demo:invalid';

let appOrigin: string | null = null;

/** The app's origin for links in pushes and e-mails: a request's `Origin` header names it. */
export function setAppOrigin(origin: string | null | undefined): void {
  if (origin && /^https?:\/\//.test(origin)) appOrigin = origin;
}

/** The host facts the reach decisions need: the app's origin (the page's, in-page). */
export function reachHost(): ReachHost {
  const pageOrigin: unknown = Reflect.get(globalThis, 'location');
  const fromPage =
    typeof pageOrigin === 'object' && pageOrigin !== null
      ? Reflect.get(pageOrigin, 'origin')
      : null;
  return {
    appOrigin:
      appOrigin ??
      (typeof fromPage === 'string' && fromPage !== 'null' ? fromPage : UNKNOWN_APP_ORIGIN),
  };
}

/**
 * The fake's push service: each PushSend becomes a `demoPushes` document (what the demo mailbox and
 * the device's service worker read) for the tokens it accepts; a device whose token it reports as
 * unregistered (`demo:invalid…`) is deleted, as the functions do on FCM's answer.
 */
export function pushSendWrites(pushes: readonly PushSend[], sentAt: string): TriggerWrite[] {
  const writes: TriggerWrite[] = [];
  const stamp = Date.parse(sentAt);
  for (const send of pushes) {
    const delivered = send.devices.filter(
      (d) => !d.token.startsWith(UNREGISTERED_DEMO_TOKEN_PREFIX),
    );
    for (const gone of send.devices.filter((d) => !delivered.includes(d))) {
      writes.push({
        path: `Members/${send.memberUUID}/devices/${gone.deviceId}`,
        data: {},
        delete: true,
      });
    }
    if (delivered.length === 0) continue;
    writes.push({
      path: `${DEMO_PUSHES_COLLECTION}/${send.notificationId}-${stamp}`,
      data: demoPushDocument({ ...send, devices: delivered }, sentAt),
    });
  }
  return writes;
}

/**
 * The scheduled work (the functions' onSchedule jobs) at `nowIso`: held pushes whose quiet hours
 * ended are sent and their entries deleted; the evening digests written.
 */
export function scheduledWrites(ctx: PermissionContext, nowIso: string): TriggerWrite[] {
  const released = releaseHeldPushes(ctx, nowIso);
  const alerts = dueAbsenceAlertOutcome(ctx, nowIso, reachHost());
  const digests = dailyDigests(ctx, nowIso, reachHost());
  return [
    ...alerts.writes.map(triggerWriteOf),
    ...pushSendWrites(alerts.pushes, nowIso),
    ...released.writes.map(triggerWriteOf),
    ...pushSendWrites(released.pushes, nowIso),
    ...digests.map(triggerWriteOf),
  ];
}

/**
 * The writer a commit names to the triggers: the signed-in caller's memberUUID; none for the
 * backend's own writes (a callable's data names its caller in `updatedBy`).
 */
export function writerOf(principal: { memberUUID: string } | null | 'backend'): string | null {
  return principal === 'backend' || principal === null ? null : principal.memberUUID;
}
