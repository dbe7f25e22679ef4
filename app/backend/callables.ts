// Callable Cloud Functions (region asia-south1). Payloads and answers are zod-parsed both ways, so a
// change on the server shows up as a clear error here rather than as undefined fields in the UI.
import { z } from 'zod';
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
