// Edits send only what changed, and say when someone else changed it too (decision 052). A record's
// edit form remembers the values it opened with (a hidden field, captured once when it opens). On
// save, only the fields the person changed are written, as a patch, so a colleague's change to
// another field survives; a field the person changed that someone else also changed since (the
// freshest copy differs from the opened value) stops the save and asks "keep mine or theirs".
// Pure functions over plain values: each form says how a record reads as its fields (`editable`),
// this module compares, and the form's action turns the fields to write into the record's patch.
import { z } from 'zod';
import type { FormValues } from './parse-form';

/** A record as the fields of its form see it (text as typed, lists in a stable order). */
export type EditableValues = Record<string, unknown>;

/** The hidden field holding what the form opened with. */
export const OPENED_FIELD = '_opened';
/** The hidden field holding the other person's values the conflict panel showed. */
export const SEEN_FIELD = '_seen';
/** Each conflicting field's radio group: `_keep.<field>` = mine | theirs. */
export const KEEP_PREFIX = '_keep.';

export const KEEP_CHOICES = ['mine', 'theirs'] as const;
export type KeepChoice = (typeof KEEP_CHOICES)[number];

/** Said for a writer the page cannot name (no list it has knows them). */
export const SOMEONE = 'Someone';

export const CHOOSE_ONE = 'Choose which value to keep.';

/** The version and the values a form opened with. */
export const openedFormSchema = z.object({
  updatedAt: z.string().optional(),
  values: z.record(z.unknown()),
});
export type OpenedForm = z.infer<typeof openedFormSchema>;

const seenSchema = z.record(z.unknown());

/** What the form opened with, for its hidden field. */
export function openedForm(record: Record<string, unknown>, values: EditableValues): OpenedForm {
  const { updatedAt } = record;
  return { ...(typeof updatedAt === 'string' && updatedAt ? { updatedAt } : {}), values };
}

function parseJson<T>(text: unknown, schema: z.ZodType<T>): T | null {
  if (typeof text !== 'string' || text === '') return null;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The opened snapshot a submitted form carries; null when it has none (or a damaged one). */
export function readOpened(values: FormValues): OpenedForm | null {
  return parseJson(values[OPENED_FIELD], openedFormSchema);
}

/** The person's choices for the conflicts they were shown, and the values they were shown. */
export function readResolutions(values: FormValues): {
  seen: Record<string, unknown>;
  choices: Record<string, KeepChoice>;
} {
  const seen = parseJson(values[SEEN_FIELD], seenSchema) ?? {};
  const choices: Record<string, KeepChoice> = {};
  for (const [name, value] of Object.entries(values)) {
    if (!name.startsWith(KEEP_PREFIX)) continue;
    const choice = KEEP_CHOICES.find((c) => c === value);
    if (choice) choices[name.slice(KEEP_PREFIX.length)] = choice;
  }
  return { seen, choices };
}

/** Stable JSON: keys sorted, so two equal maps compare equal whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : inner,
  );
}

/** Whether two field values are the same (deep; a missing value equals a missing value only). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === undefined || b === undefined) return a === b;
  return canonical(a) === canonical(b);
}

export interface EditPlanInput {
  /** The fields as the form opened them. */
  opened: EditableValues;
  /** The fields as submitted. */
  submitted: EditableValues;
  /** The fields of the freshest copy the device has. */
  current: EditableValues;
  /** The other person's values the conflict panel showed, by field. */
  seen?: Record<string, unknown>;
  /** Keep mine / keep theirs, by field. */
  choices?: Record<string, KeepChoice>;
}

export interface EditPlan {
  /** The fields to write with the submitted value: the person changed them, and may. */
  write: string[];
  /** Fields changed here and by someone else since; nothing is saved while there is one. */
  conflicts: string[];
  /** Conflicts the panel showed already, still without a choice. */
  unchosen: string[];
}

/**
 * Which submitted fields to write and which conflict. A field is written when the person changed
 * it (submitted ≠ opened) and nobody else did since (current = opened). One that someone else
 * changed too is a conflict, unless the person was shown exactly the current value and chose: mine
 * is written, theirs is left alone. A field already at the submitted value needs no write.
 */
export function planEdit(input: EditPlanInput): EditPlan {
  const { opened, submitted, current, seen = {}, choices = {} } = input;
  const plan: EditPlan = { write: [], conflicts: [], unchosen: [] };
  for (const field of Object.keys(submitted)) {
    const mine = submitted[field];
    if (sameValue(mine, opened[field])) continue;
    if (sameValue(mine, current[field])) continue;
    if (sameValue(current[field], opened[field])) {
      plan.write.push(field);
      continue;
    }
    const shown = Object.hasOwn(seen, field) && sameValue(seen[field], current[field]);
    const choice = shown ? choices[field] : undefined;
    if (choice === 'mine') plan.write.push(field);
    else if (choice !== 'theirs') {
      plan.conflicts.push(field);
      if (shown) plan.unchosen.push(field);
    }
  }
  return plan;
}

/** One conflicting field as the form shows it. */
export interface EditConflict {
  field: string;
  /** "Daniel Mensah changed Notes since you opened this form". */
  message: string;
  /** The person's value and the other person's, as text. */
  mine: string;
  theirs: string;
  /** The other person's value itself, sent back so a choice applies only to what was shown. */
  theirsValue: unknown;
  /** Set when the panel showed this conflict and the person saved without choosing. */
  error?: string;
}

/** The save stopped: fields changed by someone else since the form opened (HTTP's 412). */
export interface EditConflictFailure {
  ok: false;
  status: 412;
  conflicts: EditConflict[];
  values: FormValues;
}

/** "Daniel Mensah changed Notes since you opened this form". */
export function conflictMessage(by: string, label: string): string {
  return `${by || SOMEONE} changed ${label} since you opened this form`;
}

/** How a field value reads in the conflict panel (lists joined, nothing as "(empty)"). */
export function describeValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '(empty)';
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map(String).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export interface ConflictContext {
  /** Each field's label as the form shows it. */
  labels: Record<string, string>;
  /** The display name of whoever changed the record last. */
  by: string;
  /** Field values as text, where the plain text would be ids (a family id → its name). */
  describe?: (field: string, value: unknown) => string | undefined;
}

/** The answer for a stopped save: each conflict with its message and both values. */
export function conflictFailure(
  values: FormValues,
  plan: EditPlan,
  submitted: EditableValues,
  current: EditableValues,
  context: ConflictContext,
): EditConflictFailure {
  const text = (field: string, value: unknown) =>
    context.describe?.(field, value) ?? describeValue(value);
  return {
    ok: false,
    status: 412,
    values,
    conflicts: plan.conflicts.map((field) => ({
      field,
      message: conflictMessage(context.by, context.labels[field] ?? field),
      mine: text(field, submitted[field]),
      theirs: text(field, current[field]),
      theirsValue: current[field],
      ...(plan.unchosen.includes(field) ? { error: CHOOSE_ONE } : {}),
    })),
  };
}

/** Whether an action's answer is a stopped save (for the form's rendering). */
export function isEditConflict(result: unknown): result is EditConflictFailure {
  return (
    typeof result === 'object' &&
    result !== null &&
    Reflect.get(result, 'status') === 412 &&
    Array.isArray(Reflect.get(result, 'conflicts'))
  );
}

/** The patch of the planned fields: their submitted values (for fields written as they are). */
export function pickFields(submitted: EditableValues, fields: readonly string[]): EditableValues {
  const patch: EditableValues = {};
  for (const field of fields) patch[field] = submitted[field];
  return patch;
}

/**
 * A record (or a form's parsed data) as the given fields: a missing value as '', lists of ids in a
 * stable order (the order of ticked boxes is not a change). Lists of rows keep their order.
 */
export function pickEditable(
  record: Record<string, unknown>,
  fields: readonly string[],
): EditableValues {
  const values: EditableValues = {};
  for (const field of fields) {
    const value = record[field];
    values[field] =
      Array.isArray(value) && value.every((v) => typeof v === 'string')
        ? [...value].sort()
        : (value ?? '');
  }
  return values;
}

export interface EditCheck {
  /** The submitted form (its hidden snapshot and the conflict choices). */
  values: FormValues;
  /** The fields the form edits. */
  fields: readonly string[];
  /** The form's parsed data: what a written field is written as. */
  submitted: Record<string, unknown>;
  /** The freshest copy of the record the device has. */
  current: Record<string, unknown>;
  /** The display name of whoever changed the record last (asked only on a conflict). */
  by: () => Promise<string>;
  labels: Record<string, string>;
  describe?: ConflictContext['describe'];
}

/**
 * An edit form's save in one step, for forms whose fields are the record's own: the patch of the
 * fields to write (empty when nothing changed), or the conflicts that stop the save. A form that
 * does not carry its opening snapshot counts as opened on the current record.
 */
export async function checkEdit(
  input: EditCheck,
): Promise<{ ok: true; patch: Record<string, unknown> } | EditConflictFailure> {
  const current = pickEditable(input.current, input.fields);
  const mine = pickEditable(input.submitted, input.fields);
  const opened = readOpened(input.values)?.values ?? current;
  const plan = planEdit({ opened, submitted: mine, current, ...readResolutions(input.values) });
  if (plan.conflicts.length > 0) {
    return conflictFailure(input.values, plan, mine, current, {
      labels: input.labels,
      by: await input.by(),
      describe: input.describe,
    });
  }
  return { ok: true, patch: pickFields(input.submitted, plan.write) };
}
