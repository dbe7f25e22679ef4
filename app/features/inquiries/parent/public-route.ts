// The public /inquire page's data and action: a family with no account (or a signed-in parent) sends
// an inquiry through the submitInquiry callable. Nothing is queued here: a visitor has no cache or
// outbox, so offline the form says so and keeps what was typed. The callable's refusals become the
// form's messages (the daily rate limit in its own words).
import { z } from 'zod';
import { whenSessionKnown } from '~/auth/session';
import { callSubmitInquiry, type InquiryOffice } from '~/backend/callables';
import { firebaseCodeOf } from '~/backend/errors';
import { now as clockNow, deviceTimeZone, schoolDay } from '~/domain/clock';
import {
  SUBMIT_RATE_LIMIT_MESSAGE,
  submitInquirySchema,
  type SubmitInquiry,
} from '~/domain/inquiries';
import { campusSchema } from '~/domain/records';
import type { Option } from '~/ui/form/Field';
import { formFailure, parseForm, type FormFailure } from '~/ui/form/parse-form';
import type { InquiryContactDefaults } from '../InquiryForm';

export const OFFLINE_MESSAGE =
  'You are offline. Please send your inquiry when you are back online.';
export const UNREACHABLE_MESSAGE =
  'We could not reach the school just now. Please try again in a few minutes.';

export interface PublicInquiryData {
  today: string;
  /** Campuses to choose from: only a signed-in person may read them; a visitor gets none. */
  campuses: Option[];
  defaults: InquiryContactDefaults;
  signedIn: boolean;
}

const campusRecordSchema = campusSchema.extend({ id: z.string() });

export async function loadPublicInquiry(): Promise<PublicInquiryData> {
  const session = await whenSessionKnown();
  const user = session.status === 'signedIn' ? session.user : null;
  // A visitor's day is their own device's (no campus is theirs yet).
  if (!user)
    return { today: schoolDay(deviceTimeZone()), campuses: [], defaults: {}, signedIn: false };
  let campuses: Option[] = [];
  try {
    // The data layer is loaded for signed-in people only; a visitor's page stays light.
    const { loadCollection } = await import('~/data/route-data');
    campuses = (await loadCollection('campuses', { schema: campusRecordSchema }))
      .map((c) => ({ value: c.id, label: c.name }))
      .sort((a, b) => a.label.localeCompare(b.label));
  } catch {
    // The cache could not be read: the form still works, the office picks the campus.
    campuses = [];
  }
  return {
    today: schoolDay(deviceTimeZone()),
    campuses,
    defaults: {
      parentName: user.member?.displayName || user.displayName || '',
      email: user.member?.email || user.email || '',
    },
    signedIn: true,
  };
}

export type PublicInquiryResult =
  { ok: true; id: string; email: string; office: InquiryOffice | null } | FormFailure;

const causeSchema = z.object({ cause: z.object({ message: z.string() }) });

/** The callable's own words for a refused field ("email: Use an e-mail address…"), if any. */
function refusalOf(error: unknown): { field: string | null; message: string } | null {
  const parsed = causeSchema.safeParse(error);
  if (!parsed.success) return null;
  const text = parsed.data.cause.message.replace(/^.*?\(functions\/[a-z-]+\)\.?\s*/, '');
  const match = /^([A-Za-z]+): (.+)$/.exec(text);
  return match?.[1] && match[2]
    ? { field: match[1], message: match[2] }
    : { field: null, message: text };
}

/**
 * Parses and sends a public inquiry. `call` is callSubmitInquiry in the app; `online` is false
 * when the browser knows it has no network.
 */
export async function sendPublicInquiry(
  formData: FormData,
  {
    now,
    online,
    call,
  }: {
    now: Date;
    online: boolean;
    call: (input: SubmitInquiry) => Promise<{ id: string; office: InquiryOffice | null }>;
  },
): Promise<PublicInquiryResult> {
  const parsed = parseForm(submitInquirySchema(schoolDay(deviceTimeZone(), now)), formData);
  if (!parsed.ok) return parsed;
  if (!online) return formFailure(parsed.values, { _form: OFFLINE_MESSAGE });
  try {
    const { id, office } = await call(parsed.data);
    return { ok: true, id, email: parsed.data.email, office };
  } catch (error) {
    const code = firebaseCodeOf(error).replace(/^functions\//, '');
    if (code === 'resource-exhausted') {
      return formFailure(parsed.values, { _form: SUBMIT_RATE_LIMIT_MESSAGE });
    }
    if (code === 'invalid-argument') {
      const refusal = refusalOf(error);
      if (refusal?.field && refusal.field in parsed.values) {
        return formFailure(parsed.values, { [refusal.field]: refusal.message });
      }
      return formFailure(parsed.values, {
        _form: refusal?.message ?? 'The school could not accept this inquiry. Check the fields.',
      });
    }
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      return formFailure(parsed.values, { _form: OFFLINE_MESSAGE });
    }
    return formFailure(parsed.values, { _form: UNREACHABLE_MESSAGE });
  }
}

export async function publicInquiryAction(request: Request): Promise<PublicInquiryResult> {
  const formData = await request.formData();
  return sendPublicInquiry(formData, {
    now: clockNow(),
    online: typeof navigator === 'undefined' || navigator.onLine !== false,
    call: (input) => callSubmitInquiry(input),
  });
}
