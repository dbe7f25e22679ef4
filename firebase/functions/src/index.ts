// The deployed Cloud Functions (v2, region asia-south1, the app's FUNCTIONS_REGION). Every decision
// is app/domain/server, the code the fake runs in demo mode; the files beside this one only read
// Firestore, write with the Admin SDK and map refusals to HttpsError. Bundled into lib/index.js by
// scripts/build-functions.mjs.
import {
  onDocumentCreated,
  onDocumentWrittenWithAuthContext,
} from 'firebase-functions/v2/firestore';
import { onCall } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { FUNCTIONS_REGION } from '~/config/constants';
import type { TriggerParts } from '~/domain/server/triggers';
import * as callables from './callables';
import { runScheduledReach } from './reach';
import { handleDocumentWrite, writerOfAuthContext } from './triggers';

const region = FUNCTIONS_REGION;

// ---- callables ----------------------------------------------------------------------------------

export const logUnregisterdSignin = onCall({ region }, callables.logUnregisterdSignin);
export const inviteMember = onCall({ region }, callables.inviteMember);
export const setMemberRoles = onCall({ region }, callables.setMemberRoles);
export const setMemberStatus = onCall({ region }, callables.setMemberStatus);
/**
 * Public (families with no account). App Check is enforced when the project sets
 * ENFORCE_APP_CHECK=true at deploy time, which it should as soon as the app has a site key.
 */
export const submitInquiry = onCall(
  { region, enforceAppCheck: process.env.ENFORCE_APP_CHECK === 'true' },
  callables.submitInquiry,
);

// ---- notifications: one per recipient for a new message, event or resource --------------------

export const onMessageCreated = onDocumentCreated(
  { region, document: 'conversations/{conversationId}/messages/{messageId}' },
  (event) =>
    handleDocumentWrite(event.document, undefined, event.data, event.time, {
      notifications: true,
      reach: true,
    }),
);
export const onEventCreated = onDocumentCreated({ region, document: 'events/{eventId}' }, (event) =>
  handleDocumentWrite(event.document, undefined, event.data, event.time, {
    notifications: true,
    reach: true,
  }),
);
export const onResourceCreated = onDocumentCreated(
  { region, document: 'resources/{resourceId}' },
  (event) =>
    handleDocumentWrite(event.document, undefined, event.data, event.time, {
      notifications: true,
      reach: true,
    }),
);

// ---- reaching people (issue 31): held pushes released, evening digests ---------------------------

/** Every minute: quiet hours end on the minute, and digests go at 17:00 in each campus's zone. */
export const reachSchedule = onSchedule({ region, schedule: 'every 1 minutes' }, () =>
  runScheduledReach(),
);

// ---- every write to a cached collection: versions, access links, claims (and the audit) --------

/**
 * A write trigger. With the auth context (Firestore's record of who wrote), so the audit trail can
 * name the author of a delete, which leaves no updatedBy behind.
 */
function written(document: string, extra: TriggerParts = {}) {
  return onDocumentWrittenWithAuthContext({ region, document }, (event) =>
    handleDocumentWrite(
      event.document,
      event.data?.before,
      event.data?.after,
      event.time,
      { claims: true, access: true, versions: true, ...extra },
      writerOfAuthContext(event),
    ),
  );
}

// The audit trail (app/domain/server/audit.ts): students, families, members, roll calls, inquiries,
// guardian requests, and archives of conversations and messages.
const audited: TriggerParts = { audit: true };

// The rules cannot recompute an event's or resource's audienceKeys from its fields (decision 048):
// these two also repair keys a client wrote wrong. The repair is a write of its own, whose event
// finds the keys right and writes nothing more (besides the version bump every write gets).
const audienceKeyed: TriggerParts = { audienceKeys: true };

export const onStudentWritten = written('students/{id}', audited);
export const onFamilyWritten = written('families/{id}', audited);
export const onFacilitatorWritten = written('facilitators/{id}');
export const onSubjectWritten = written('subjects/{id}');
export const onClassroomWritten = written('classrooms/{id}');
export const onCampusWritten = written('campuses/{id}');
// A profile whose name (or role label) changes gives its new name to every conversation the person
// takes part in (participant-names.ts renamedParticipantWrites); other profile writes write none.
export const onMemberWritten = written('Members/{id}', { ...audited, participantNames: true });
// A roll call's absent marks file, drop or send the families' absence alerts (issue 32).
export const onAttendanceWritten = written('attendance/{id}', { ...audited, absenceAlerts: true });
// An event's `replyReminderAt` set by its organiser reminds the families still to reply (issue 32).
export const onEventWritten = written('events/{id}', { ...audienceKeyed, replyReminders: true });
// A conversation carries its participants' names (participant-names.ts), kept here when it is
// created or its participants change; the merge's own event finds them right and writes nothing.
export const onConversationWritten = written('conversations/{id}', {
  ...audited,
  participantNames: true,
});
export const onMessageWritten = written('conversations/{conversationId}/messages/{id}', audited);
export const onParentInquiryWritten = written('parentInquiries/{id}', audited);
// Guardian requests link no one themselves (the family's write does); the version bump applies
// once the client caches them (versions.ts), and every request and decision is audited.
export const onGuardianRequestWritten = written('guardianRequests/{id}', audited);
export const onResourceWritten = written('resources/{id}', audienceKeyed);
// Absence reports (issue 32): the version bump, and their audit; the alerts read them when due.
export const onAbsenceReportWritten = written('absenceReports/{id}', {
  ...audited,
  absenceReportNotices: true,
});
// Event replies (issue 32): a consent is evidence, so every reply and change is in the audit trail.
export const onEventReplyWritten = written('eventReplies/{id}', audited);
