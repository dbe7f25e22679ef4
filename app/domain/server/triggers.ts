// Every Firestore trigger's decision for one document write, composed: the notifications of a
// created message, event or resource; the custom claims of a Members document whose roles changed
// (claims = { roles }); the Members `access` links the write can change; the repair of an event's
// or resource's `audienceKeys` that disagree with its fields; a conversation's participants' names
// (when it starts, and in each of a person's conversations when their profile's name changes);
// and the bump of
// system/collectionVersions for a cached collection; and the audit trail's entry (audit.ts). The
// Cloud Functions call this from onDocumentWritten / onDocumentCreated; the fake calls it after
// each client commit.
import { absenceAlertOutcome } from './absence-alerts';
import { absenceReportOutcome } from './absence-reports';
import { accessLinkWritesFor } from './access';
import { audienceKeyWrites } from './audience-keys';
import { auditTrailWrites, type WrittenChange } from './audit';
import { storedRoles } from './callables';
import { createdWrites } from './notifications';
import { participantNameWrites, renamedParticipantWrites } from './participant-names';
import { reachDecisions, type PushSend, type ReachHost } from './reach';
import { replyReminderOutcome } from './reply-reminders';
import { versionBumpWrites } from './versions';
import type { AuthEffect, ServerContext, ServerWrite } from './outcome';

/** A document write: before, after, and its writer when the host knows it (audit.ts). */
export type DocumentChange = WrittenChange;

export interface TriggerOutcome {
  writes: ServerWrite[];
  auth: AuthEffect[];
  /** Pushes to send now (reach.ts); the hosts send them and drop tokens the service refuses. */
  pushes: PushSend[];
}

/** Claims follow the Members roles: set when a profile is created or its roles change. */
export function claimsEffects(change: DocumentChange): AuthEffect[] {
  const segments = change.path.split('/');
  if (segments.length !== 2 || segments[0] !== 'Members' || !segments[1]) return [];
  const before = change.before ? storedRoles(change.before) : null;
  const after = change.after ? storedRoles(change.after) : [];
  if (before !== null && JSON.stringify(before) === JSON.stringify(after)) return [];
  // A deleted profile keeps no roles: its account, if any, is left with none.
  return [{ kind: 'claims', uid: segments[1], claims: { roles: after } }];
}

/** Which decisions a trigger runs: the deployed functions split them by collection. */
export interface TriggerParts {
  notifications?: boolean;
  claims?: boolean;
  access?: boolean;
  /** Events' and resources' `audienceKeys` recomputed from their fields where they differ. */
  audienceKeys?: boolean;
  versions?: boolean;
  /** The auditLog entry of an audited write (audit.ts). */
  audit?: boolean;
  /**
   * A conversation's `participantNames`, kept from the Members profiles (participant-names.ts): on
   * a conversation's write, and on a profile's rename for every conversation the person is in.
   */
  participantNames?: boolean;
  /**
   * The pushes, held pushes and e-mails of the notifications this run creates (reach.ts); runs
   * only with `notifications`, whose writes it reads.
   */
  reach?: boolean;
  /**
   * Absence alerts (absence-alerts.ts): a roll call's absent marks filed, taken back or sent, with
   * their pushes and e-mails.
   */
  absenceAlerts?: boolean;
  /** A family's notice when the office asks for a document about a report (absence-reports.ts). */
  absenceReportNotices?: boolean;
  /** Reply reminders (reply-reminders.ts) when an event's `replyReminderAt` is set. */
  replyReminders?: boolean;
}

const ALL_PARTS: Required<TriggerParts> = {
  notifications: true,
  claims: true,
  access: true,
  audienceKeys: true,
  versions: true,
  audit: true,
  participantNames: true,
  reach: true,
  absenceAlerts: true,
  absenceReportNotices: true,
  replyReminders: true,
};

/** Where no host names the app's origin (tests): links still parse, and say so. */
export const UNKNOWN_APP_ORIGIN = 'http://localhost';

/**
 * What the backend does after these document writes (each with its state before and after).
 * `ctx` reads the state after all of them; `nowIso` dates the notifications and versions.
 */
export function changeTriggers(
  changes: readonly DocumentChange[],
  ctx: ServerContext,
  nowIso: string,
  parts: TriggerParts = ALL_PARTS,
  host: ReachHost = { appOrigin: UNKNOWN_APP_ORIGIN },
): TriggerOutcome {
  const writes: ServerWrite[] = [];
  const auth: AuthEffect[] = [];
  const pushes: PushSend[] = [];
  if (parts.notifications) {
    const created = changes
      .filter((c) => c.before === null && c.after !== null)
      .map((c) => ({ path: c.path, data: c.after ?? {} }));
    const notifications = createdWrites(created, ctx, nowIso);
    writes.push(...notifications);
    if (parts.reach) {
      const reached = reachDecisions(created, notifications, ctx, nowIso, host);
      writes.push(...reached.writes);
      pushes.push(...reached.pushes);
    }
  }
  if (parts.absenceAlerts) {
    const alerts = absenceAlertOutcome(changes, ctx, nowIso, host);
    writes.push(...alerts.writes);
    pushes.push(...alerts.pushes);
  }
  if (parts.absenceReportNotices) {
    const notices = absenceReportOutcome(changes, ctx, nowIso, host);
    writes.push(...notices.writes);
    pushes.push(...notices.pushes);
  }
  if (parts.replyReminders) {
    const reminders = replyReminderOutcome(changes, ctx, nowIso, host);
    writes.push(...reminders.writes);
    pushes.push(...reminders.pushes);
  }
  if (parts.claims) for (const change of changes) auth.push(...claimsEffects(change));
  // Each affected member once for the whole commit, not once per write that names them.
  if (parts.access) writes.push(...accessLinkWritesFor(changes, ctx));
  if (parts.audienceKeys) for (const change of changes) writes.push(...audienceKeyWrites(change));
  if (parts.participantNames) {
    for (const change of changes) {
      writes.push(...participantNameWrites(change, ctx), ...renamedParticipantWrites(change, ctx));
    }
  }
  if (parts.versions) {
    writes.push(
      ...versionBumpWrites(
        changes.map((c) => c.path),
        ctx,
        nowIso,
      ),
    );
  }
  if (parts.audit) writes.push(...auditTrailWrites(changes, ctx, nowIso));
  return { writes, auth, pushes };
}
