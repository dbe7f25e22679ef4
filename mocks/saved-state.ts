// The fake's saved state, one schema for both places it is saved: the in-page demo's IndexedDB
// (mocks/browser.ts) and the demo server's state file (mocks/server.ts). Each reads back documents
// and accounts through these, so a field added to an account (store.ts `Account`) is added once.
import { z } from 'zod';
import type { Account, StoredDocument } from './store';
import type { FsFields } from './values';

/**
 * A saved document, with the check of its fields that suits where it was saved: IndexedDB gives
 * back exactly what was stored (a structural check, no copy of 10,000 documents at start), a JSON
 * file gives back plain values that must be normalised into Firestore values again.
 */
export function savedDocumentSchema(fields: z.ZodType<FsFields, z.ZodTypeDef, unknown>) {
  return z.object({
    fields,
    createTime: z.string(),
    updateTime: z.string(),
  }) satisfies z.ZodType<StoredDocument, z.ZodTypeDef, unknown>;
}

/** A saved account (password hashes and claims included: the fake is its own Auth). */
export const accountSchema = z.object({
  uid: z.string(),
  email: z.string(),
  password: z.string().nullable(),
  displayName: z.string(),
  photoUrl: z.string(),
  disabled: z.boolean(),
  sessionEpoch: z.number().int().optional(),
  emailVerified: z.boolean(),
  claims: z.record(z.unknown()),
  providers: z.array(z.enum(['password', 'google.com'])),
  createdAt: z.number(),
  lastLoginAt: z.number(),
  passwordUpdatedAt: z.number(),
  resetCodes: z.array(z.object({ code: z.string(), issuedAt: z.number() })).optional(),
}) satisfies z.ZodType<Account>;
