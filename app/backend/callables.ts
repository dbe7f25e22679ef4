// Callable Cloud Functions (region asia-south1). Payloads and answers are zod-parsed both ways, so a
// change on the server shows up as a clear error here rather than as undefined fields in the UI.
import { z } from 'zod';
import { deviceTimeZone, schoolDay } from '~/domain/clock';
import { submitInquirySchema, type SubmitInquiryInput } from '~/domain/inquiries';
import { ROLES, type Role } from '~/domain/roles';
import { getFunctionsInstance } from './app';
import { BACKEND_MESSAGES } from './errors';
import { request } from './request';

async function callFunction<T>(
  name: string,
  payload: unknown,
  resultSchema: z.ZodType<T, z.ZodTypeDef, unknown>,
): Promise<T> {
  return request(BACKEND_MESSAGES.callFailed, async () => {
    const [functions, { httpsCallable }] = await Promise.all([
      getFunctionsInstance(),
      import('firebase/functions'),
    ]);
    const result = await httpsCallable(functions, name)(payload);
    return resultSchema.parse(result.data);
  });
}

const providerInfoSchema = z.object({
  providerId: z.string(),
  uid: z.string(),
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  photoURL: z.string().nullable(),
});

/** Spec §7: the payload of logUnregisterdSignin. */
export const unregisteredSigninPayloadSchema = z.object({
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  photoURL: z.string().nullable(),
  uid: z.string(),
  providerData: z.array(providerInfoSchema),
  expectedEmail: z.string().nullable(),
  /** ISO-8601 time of the attempt. */
  timestamp: z.string(),
  warning: z.string(),
});
export type UnregisteredSigninPayload = z.infer<typeof unregisteredSigninPayloadSchema>;

const noticeSchema = z.object({ type: z.string(), message: z.string() });
export type BackendNotice = z.infer<typeof noticeSchema>;

/**
 * Logs a sign-in by an account that is not registered (or not the expected one). When the answer
 * carries `type` and `message`, they are returned for the UI to show as a notification (spec §7).
 * The callable's name keeps the spec's spelling.
 */
export async function callLogUnregisteredSignin(
  payload: UnregisteredSigninPayload,
): Promise<BackendNotice | null> {
  const data = unregisteredSigninPayloadSchema.parse(payload);
  const answer = await callFunction('logUnregisterdSignin', data, z.unknown());
  const notice = noticeSchema.safeParse(answer);
  return notice.success ? notice.data : null;
}

const roleListSchema = z.array(z.enum(ROLES)).min(1);

export const inviteMemberSchema = z.object({
  email: z.string().email(),
  displayName: z.string().default(''),
  roles: roleListSchema,
  familyId: z.string().optional(),
  studentId: z.string().optional(),
  facilitatorId: z.string().optional(),
});
export type InviteMemberInput = z.input<typeof inviteMemberSchema>;

// No password ever comes back: the invitee sets one from the invitation e-mail's link (issue 31).
const invitedMemberSchema = z.object({ uid: z.string(), email: z.string() });
export type InvitedMember = z.infer<typeof invitedMemberSchema>;

/**
 * Invites a member: the function creates the account (with no password), its Members profile and
 * claims, and e-mails the invitee a link to set a password. Only admins may invite, and only a
 * superAdmin may grant admin or superAdmin ('permission-denied'). An address that already has an
 * account fails with code 'functions/already-exists'.
 */
export async function callInviteMember(input: InviteMemberInput): Promise<InvitedMember> {
  return callFunction('inviteMember', inviteMemberSchema.parse(input), invitedMemberSchema);
}

/**
 * "Send again": a new invitation e-mail with a new link for a member's address (admins only; an
 * address that is no member's fails with 'functions/not-found').
 */
export async function callResendInvitation(email: string): Promise<InvitedMember> {
  const payload = z.object({ resend: z.literal(true), email: z.string().email() }).parse({
    resend: true,
    email,
  });
  return callFunction('inviteMember', payload, invitedMemberSchema);
}

/** Replaces a member's roles (claims and profile). Admin-granting changes need a superAdmin. */
export async function callSetMemberRoles(input: {
  uid: string;
  roles: Role[];
}): Promise<{ uid: string; roles: Role[] }> {
  const payload = z.object({ uid: z.string(), roles: z.array(z.enum(ROLES)) }).parse(input);
  return callFunction(
    'setMemberRoles',
    payload,
    z.object({ uid: z.string(), roles: z.array(z.enum(ROLES)) }),
  );
}

export type MemberStatus = 'active' | 'suspended';

/** Suspends (disables the account) or reactivates a member. */
export async function callSetMemberStatus(input: {
  uid: string;
  status: MemberStatus;
}): Promise<{ uid: string; status: MemberStatus }> {
  const statusSchema = z.object({ uid: z.string(), status: z.enum(['active', 'suspended']) });
  return callFunction('setMemberStatus', statusSchema.parse(input), statusSchema);
}

/** The office a family may call about an inquiry (its campus's phone), from the school's record. */
export interface InquiryOffice {
  campus: string;
  phone: string;
}

// An older function answers with the id only: then there is no office to name.
const submitInquiryAnswerSchema = z.object({
  id: z.string(),
  office: z
    .object({ campus: z.string(), phone: z.string().min(1) })
    .nullable()
    .catch(null),
});

/**
 * Submits a parent inquiry through the public callable (no sign-in needed; a signed-in caller is
 * recorded as its creator). The input is checked here with the same schema the function uses, so
 * a bad field throws a ZodError before any request. The function answers 'functions/invalid-argument'
 * for a bad field and 'functions/resource-exhausted' for the fourth inquiry of a day from one
 * address (SUBMIT_RATE_LIMIT_MESSAGE).
 */
export async function callSubmitInquiry(
  input: SubmitInquiryInput,
  today: string = schoolDay(deviceTimeZone()),
): Promise<{ id: string; office: InquiryOffice | null }> {
  const payload = submitInquirySchema(today).parse(input);
  return callFunction('submitInquiry', payload, submitInquiryAnswerSchema);
}
