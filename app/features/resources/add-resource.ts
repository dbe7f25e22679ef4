// Adding a resource (/dash/resources/new): the form's schema and the record it saves. A link is
// saved at once (offline too: the store queues it). A file is uploaded first, in the page, with a
// progress bar (the action cannot stream progress); the form then comes here with the uploaded
// file's id, storage path, type and size, and the record is saved like a link. The page runs the
// same planner before it uploads, so a form that would be refused uploads nothing, and checks the
// file itself first (checkPickedFile: its type against the allow-list, its name, its first bytes).
// Classrooms and subjects are checked against what the person may choose: a facilitator shares only
// to the classrooms they teach (the matrix's "W own"; staff may choose any).
import { z } from 'zod';
import { audienceKeysOf } from '~/domain/audience';
import { contentProblem } from '~/domain/file-sniff';
import {
  declaredTypeOf,
  extensionAgrees,
  isAllowedType,
  storagePathFor,
  uploadProblem,
  WEB_LINK_PATTERN,
} from '~/domain/resources';
import type { Role } from '~/domain/roles';
import { plainText, requiredText, stringList } from '~/ui/form/fields';
import { formFailure, parseForm, type FormFailure, type FormValues } from '~/ui/form/parse-form';
import { readHead } from '~/ui/read-head';

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 2000;
/** Long enough for real links (some carry long query strings), short enough to show. */
export const URL_MAX = 2000;

/** The roles an audience may name, as the form offers them. */
export const AUDIENCE_OPTIONS: ReadonlyArray<{ value: Role; label: string }> = [
  { value: 'administration', label: 'Office staff' },
  { value: 'admin', label: 'Administrators' },
  { value: 'facilitator', label: 'Facilitators' },
  { value: 'parent', label: 'Parents' },
  { value: 'student', label: 'Students' },
];
/** Ticked before anything is typed: the people a learning resource is usually for. */
export const DEFAULT_AUDIENCE: readonly Role[] = ['facilitator', 'parent', 'student'];

export const ADD_MESSAGES = {
  url: 'Enter a link that starts with http:// or https://, like https://example.org/page.',
  audience: 'Choose who may see this resource.',
  classroom: 'Choose classrooms from the list: you may share only to classrooms you teach.',
  subject: 'Choose a subject from the list, or none.',
  file: 'Choose a file to upload.',
  notSaved: 'The resource could not be saved on this device. Try again.',
} as const;

const audienceRoles = new Set<string>(AUDIENCE_OPTIONS.map((o) => o.value));

/**
 * A web address people can open: http or https only (no javascript:, data: or file: links), written
 * as the record schema requires it (WEB_LINK_PATTERN: lower-case scheme, `//`, a host).
 */
export function isWebLink(value: string): boolean {
  if (!WEB_LINK_PATTERN.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * A picked file's declared type, and why it may not be uploaded (null when it may): its size, its
 * type (exactly one of the allow-list) and its name (uploadProblem), then its first bytes, which
 * must be what the type says (contentProblem: a web page named `report.pdf` is refused, and the
 * message says it is a web page).
 */
export async function checkPickedFile(
  file: Blob & { name: string },
): Promise<{ contentType: string; problem: string | null }> {
  const contentType = declaredTypeOf(file);
  const declared = { name: file.name, size: file.size, type: contentType };
  const problem = uploadProblem(declared) ?? contentProblem(declared, await readHead(file));
  return { contentType, problem };
}

export const addResourceSchema = z
  .object({
    kind: z.enum(['link', 'file'], { message: 'Choose Link or File.' }),
    title: requiredText('title', TITLE_MAX),
    description: plainText(DESCRIPTION_MAX),
    url: z.string().trim().max(URL_MAX, `Use at most ${URL_MAX} characters.`).optional(),
    subjectId: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined),
    classroomIds: stringList,
    audience: stringList.refine((roles) => roles.length > 0, ADD_MESSAGES.audience),
    // Set by the page after the upload (kind 'file' only).
    id: z.string().trim().optional(),
    storagePath: z.string().trim().optional(),
    mimeType: z.string().trim().optional(),
    size: z.string().trim().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'link' && !isWebLink(value.url ?? '')) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['url'], message: ADD_MESSAGES.url });
    }
  });

export interface AddResourceContext {
  /** The author's memberUUID. */
  me: string;
  /** Classrooms the person may share to. */
  classroomIds: readonly string[];
  subjectIds: readonly string[];
  /** A fresh id for a link (tests pass a fixed one). */
  newId?: string;
}

export type AddResourcePlan = { ok: true; record: Record<string, unknown> } | FormFailure;

/** A new resource id; also the folder of its file in Storage. */
export function newResourceId(): string {
  return `res-${crypto.randomUUID()}`;
}

/**
 * Parses and checks the form. `uploaded` false checks everything but the uploaded file's fields (the
 * page asks this before uploading); true also requires them, and gives the record to save.
 */
export function planResource(
  input: FormData | FormValues,
  context: AddResourceContext,
  { uploaded = true }: { uploaded?: boolean } = {},
): AddResourcePlan {
  const parsed = parseForm(addResourceSchema, input);
  if (!parsed.ok) return parsed;
  const data = parsed.data;
  const errors: Record<string, string> = {};
  const mayShare = new Set(context.classroomIds);
  if (data.classroomIds.some((id) => !mayShare.has(id)))
    errors.classroomIds = ADD_MESSAGES.classroom;
  if (data.subjectId && !context.subjectIds.includes(data.subjectId)) {
    errors.subjectId = ADD_MESSAGES.subject;
  }
  if (data.audience.some((role) => !audienceRoles.has(role)))
    errors.audience = ADD_MESSAGES.audience;

  let file: { id: string; storagePath: string; mimeType: string; size: number } | null = null;
  if (data.kind === 'file' && uploaded) {
    const size = Number(data.size);
    const id = data.id ?? '';
    const valid =
      /^res-[A-Za-z0-9-]{1,80}$/.test(id) &&
      data.storagePath !== undefined &&
      data.storagePath.startsWith(`resources/${id}/`) &&
      data.storagePath === storagePathFor(id, data.storagePath.slice(`resources/${id}/`.length)) &&
      data.mimeType !== undefined &&
      isAllowedType(data.mimeType) &&
      extensionAgrees(data.storagePath, data.mimeType) &&
      Number.isInteger(size) &&
      size > 0;
    if (!valid || !data.storagePath || !data.mimeType) errors.file = ADD_MESSAGES.file;
    else file = { id, storagePath: data.storagePath, mimeType: data.mimeType, size };
  }
  if (Object.keys(errors).length > 0) return formFailure(parsed.values, errors);

  const classroomIds = [...new Set(data.classroomIds)];
  const audience = AUDIENCE_OPTIONS.map((o) => o.value).filter((r) => data.audience.includes(r));
  const record: Record<string, unknown> = {
    id: file?.id ?? context.newId ?? newResourceId(),
    kind: data.kind,
    title: data.title,
    description: data.description,
    ...(data.kind === 'link' ? { url: data.url } : {}),
    ...(file ? { storagePath: file.storagePath, mimeType: file.mimeType, size: file.size } : {}),
    ...(data.subjectId ? { subjectId: data.subjectId } : {}),
    classroomIds,
    audience,
    audienceKeys: audienceKeysOf({ audience, classroomIds }),
    createdBy: context.me,
  };
  return { ok: true, record };
}
