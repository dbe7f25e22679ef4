// The messages between the import page and its worker (csv.worker.ts), as zod schemas: a message
// crosses a boundary, so each side parses what it receives instead of trusting its shape.
import { z } from 'zod';
import { CSV_ENCODINGS } from './encoding';
import { IMPORT_KINDS } from './targets';

const batchOperationSchema = z.union([
  z.object({
    type: z.literal('save'),
    collection: z.string(),
    item: z.record(z.unknown()),
  }),
  z.object({ type: z.literal('delete'), collection: z.string(), id: z.string() }),
]);

export const importContextSchema = z.object({
  campuses: z.array(z.object({ id: z.string(), name: z.string() })),
  classrooms: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      campusId: z.string(),
      facilitatorIds: z.array(z.string()),
    }),
  ),
  subjects: z.array(z.object({ id: z.string(), name: z.string(), code: z.string() })),
  students: z.array(
    z.object({
      id: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      dateOfBirth: z.string(),
    }),
  ),
  families: z.array(
    z.object({
      id: z.string(),
      familyName: z.string(),
      guardians: z.array(z.object({ email: z.string(), phone: z.string() })),
    }),
  ),
  facilitators: z.array(
    z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  ),
  /** YYYY-MM-DD: the latest date of birth accepted, and the date of the history entry. */
  today: z.string().optional(),
});
export type ImportContext = z.infer<typeof importContextSchema>;

export const workerRequestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('parse'), file: z.instanceof(Blob) }),
  z.object({
    type: z.literal('plan'),
    kind: z.enum(IMPORT_KINDS),
    mapping: z.record(z.number().int().nonnegative()),
    context: importContextSchema,
  }),
]);
export type WorkerRequest = z.infer<typeof workerRequestSchema>;

const rowStatusSchema = z.enum(['ready', 'duplicate', 'invalid']);

export const importPlanSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  rows: z.array(
    z.object({
      index: z.number(),
      line: z.number(),
      label: z.string(),
      status: rowStatusSchema,
      messages: z.array(z.string()),
      family: z.object({ name: z.string(), isNew: z.boolean() }).optional(),
    }),
  ),
  units: z.array(
    z.object({ rows: z.array(z.number()), operations: z.array(batchOperationSchema) }),
  ),
  counts: z.object({ ready: z.number(), duplicate: z.number(), invalid: z.number() }),
  newFamilies: z.number(),
});

export const workerReplySchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('parsed'),
    headers: z.array(z.string()),
    rows: z.array(z.array(z.string())),
    /** The encoding the file was read in, for the preview to name. */
    encoding: z.enum(CSV_ENCODINGS),
  }),
  z.object({ type: z.literal('progress'), done: z.number(), total: z.number() }),
  z.object({ type: z.literal('planned'), plan: importPlanSchema }),
  z.object({ type: z.literal('failed'), message: z.string() }),
]);
export type WorkerReply = z.infer<typeof workerReplySchema>;
