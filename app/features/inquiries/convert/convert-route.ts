// What the conversion page (/dash/parent-inquiries/:inquiryId/convert) loads and saves. Everything
// is read from the cache (loadCollection), so the page opens offline; the save is one store.batch,
// queued while offline. The invitation is a callable and needs the network: without it the
// conversion still goes through, and the page says the invitation can be sent from Members.
import { redirect } from '@remix-run/react';
import { z } from 'zod';
import { requireArea } from '~/auth/guards';
import type { SessionUser } from '~/auth/session-user';
import { loadCollection, readRecord } from '~/data/route-data';
import { store } from '~/data/store';
import { syncEngine } from '~/data/sync-status';
import { conversionPlan } from '~/domain/inquiries';
import { collectionAccess } from '~/domain/permissions';
import { memberSchema, parentInquirySchema } from '~/domain/records';
import { isAdmin } from '~/domain/roles';
import { inviteMember, mayManageMembers } from '~/features/members';
import {
  loadParentMembers,
  campusRecordSchema,
  classroomRecordSchema,
  familyRecordSchema,
  studentRecordSchema,
} from '~/features/students';
import { settingsStore } from '~/settings/store';
import { formFailure } from '~/ui/form/parse-form';
import { notAllowed, notFound } from '~/ui/responses';
import { managesInquiries } from '../office';
import { CONVERTED_MESSAGE, invitationChoice, submitConversion } from './convert-form';

const inquiryRecordSchema = parentInquirySchema.extend({ id: z.string() });
const memberRecordSchema = memberSchema.extend({ id: z.string() });

/** The area, and the office's hold on every inquiry (a parent's own list is not enough): else 403. */
async function requireOffice(request: Request): Promise<SessionUser> {
  const user = await requireArea(request, 'parentInquiries');
  if (!managesInquiries(user.roles)) throw notAllowed();
  return user;
}

/**
 * Linking a guardian to a parent account also writes that member's familyId, which only admins may
 * (the same rule as the family editor's own route).
 */
function canLinkMembers(user: SessionUser): boolean {
  return collectionAccess(user.roles, 'Members') === 'write' && isAdmin(user.roles);
}

function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

async function loadEverything(user: SessionUser, request: Request, inquiryId: string | undefined) {
  const inquiry = inquiryId
    ? await readRecord('parentInquiries', inquiryId, inquiryRecordSchema)
    : null;
  if (!inquiry) throw notFound(request);
  const [families, students, campuses, classrooms, members, parentMembers] = await Promise.all([
    loadCollection('families', { schema: familyRecordSchema, sort: { field: 'familyName' } }),
    loadCollection('students', { schema: studentRecordSchema }),
    loadCollection('campuses', { schema: campusRecordSchema, sort: { field: 'name' } }),
    loadCollection('classrooms', { schema: classroomRecordSchema, sort: { field: 'name' } }),
    loadCollection('members', { schema: memberRecordSchema }),
    loadParentMembers(),
  ]);
  const now = new Date().toISOString();
  const plan = conversionPlan(inquiry, { families, students, now, by: user.memberUUID });
  return { inquiry, families, students, campuses, classrooms, members, parentMembers, plan, now };
}

/** The page's data: what the inquiry asks, and either the pre-filled editors or why there are none. */
export async function loadConversionPage(request: Request, inquiryId: string | undefined) {
  const user = await requireOffice(request);
  const all = await loadEverything(user, request, inquiryId);
  const { inquiry, plan } = all;
  const familyId = inquiry.familyId ?? plan.family.id;
  const studentId = inquiry.studentId ?? plan.student.id;
  const state: 'converted' | 'not-enrolled' | 'ready' =
    inquiry.studentId || plan.alreadyConverted
      ? 'converted'
      : inquiry.status !== 'enrolled'
        ? 'not-enrolled'
        : 'ready';
  const hasAccount =
    inquiry.email.trim() !== '' && all.members.some((m) => sameEmail(m.email, inquiry.email));
  const pendingFamilies = await store.pendingIds('families');
  return {
    state,
    inquiry: {
      id: inquiry.id,
      parentName: inquiry.parentName,
      email: inquiry.email,
      phone: inquiry.phone,
      childName: inquiry.childName,
      status: inquiry.status,
      campusName: all.campuses.find((c) => c.id === inquiry.campusId)?.name ?? null,
    },
    links: {
      familyId,
      studentId,
      familyName: all.families.find((f) => f.id === familyId)?.familyName ?? null,
      studentName: (() => {
        const s = all.students.find((x) => x.id === studentId);
        return s ? `${s.firstName} ${s.lastName}` : null;
      })(),
      pending: pendingFamilies.has(familyId),
    },
    family: plan.family,
    student: plan.student,
    missing: plan.missing,
    duplicates: plan.duplicates.map((f) => ({
      id: f.id,
      familyName: f.familyName,
      guardianNames: f.guardians.map((g) => g.name).join(', '),
    })),
    campuses: all.campuses.map((c) => ({ id: c.id, name: c.name })),
    classrooms: all.classrooms.map((c) => ({ id: c.id, name: c.name, campusId: c.campusId })),
    parentMembers: all.parentMembers.map((m) => ({ id: m.id, label: m.label })),
    /** Whether the invitation is offered (an e-mail, no account yet, and the right to invite). */
    invitation: invitationChoice({
      email: inquiry.email,
      hasAccount,
      mayInvite: mayManageMembers(user.roles),
    }),
  };
}
export type ConversionPageData = Awaited<ReturnType<typeof loadConversionPage>>;

/** The save: one batch, then the invitation (online only), then the new student's page. */
export async function convertFromRequest(request: Request, inquiryId: string | undefined) {
  const user = await requireOffice(request);
  const formData = await request.formData();
  const all = await loadEverything(user, request, inquiryId);
  const { inquiry, plan } = all;
  if (plan.alreadyConverted || inquiry.studentId || inquiry.status !== 'enrolled') {
    // Another tab or person got there first: the page shows what became of the inquiry.
    const message = plan.alreadyConverted
      ? 'This inquiry was converted already.'
      : 'Only an enrolled inquiry can become a family and a student.';
    settingsStore.setError(message);
    return formFailure({}, { _form: message });
  }
  const result = await submitConversion(formData, {
    inquiry,
    plan,
    students: all.students,
    families: all.families,
    campuses: all.campuses,
    classrooms: all.classrooms,
    parentMembers: all.parentMembers,
    canLinkMembers: canLinkMembers(user),
    by: user.memberUUID,
    now: all.now,
    commit: (operations) => store.batch(operations),
  });
  if (!result.ok) {
    if (result.status === 400 && result.fieldErrors._form) {
      settingsStore.setError(result.fieldErrors._form);
    }
    return result;
  }

  const online = syncEngine.connectivity.isOnline();
  const parts = [
    online
      ? `${CONVERTED_MESSAGE}.`
      : 'Family and student saved on this device. They will sync when you are back online.',
  ];
  let tone: 'success' | 'info' = 'success';
  const email = inquiry.email.trim();
  // A form that was not offered the invitation cannot ask for it (an old tab, a hand-made post).
  if (result.invite && email && mayManageMembers(user.roles)) {
    if (!online) {
      parts.push('The invitation can be sent later from Members.');
      tone = 'info';
    } else {
      const invited = await inviteMember({
        email,
        displayName: inquiry.parentName,
        roles: 'parent',
        familyId: result.familyId,
      });
      if (invited.ok) {
        // The parent sets a password from the e-mail's link: nothing to hand over here.
        parts.push(`Invitation sent to ${email}.`);
      } else {
        parts.push(
          `The invitation was not sent (${invited.message ?? 'unknown error'}). Send it later from Members.`,
        );
        tone = 'info';
      }
    }
  }
  settingsStore.notify(parts.join(' '), tone);
  throw redirect(`/dash/students/${encodeURIComponent(result.studentId)}`);
}
