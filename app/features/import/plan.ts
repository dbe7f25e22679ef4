// From mapped rows to what the import will write: each row is checked with the form kit's field
// rules (clear messages: "Enter the last name.", "Use a real date (YYYY-MM-DD).") and its campus,
// classrooms and subjects are looked up by name; the records it makes are then parsed with the same
// zod schemas the store validates with (app/domain/records.ts), so nothing the preview accepts is
// refused by the cache. Rows that repeat a record already on the list, or an earlier row of the same
// file, are skipped as duplicates. What is left is grouped in units (a new family with its students,
// a facilitator with its classroom links) that are never split across two batches.
// Pure: the worker runs it (csv.worker.ts) and the tests call it directly.
import { z } from 'zod';
import type { BatchOperation } from '~/data/store';
import { campusZone, schoolDay } from '~/domain/clock';
import {
  facilitatorSchema,
  familySchema,
  STUDENT_STATUSES,
  studentSchema,
  type Family,
} from '~/domain/records';
import { appendStatus } from '~/features/students';
import {
  dateOfBirth,
  enrolmentDate,
  optionalEmail,
  optionalPhone,
  optionalText,
  personName,
  plainText,
  requiredText,
} from '~/ui/form/fields';
import { importId, normaliseKey } from './ids';
import { mappedValues, type ColumnMapping } from './mapping';
import { TARGET_FIELDS, type ImportKind } from './targets';
import type { ImportContext } from './worker-protocol';

/** The records already on the device that the rows are checked against (worker-protocol.ts). */
export type { ImportContext };

export type RowStatus = 'ready' | 'duplicate' | 'invalid';

export interface PlannedRow {
  /** The row's index among the data rows (0 = the first row under the header). */
  index: number;
  /** The line of the file it came from (the header is line 1), as a spreadsheet shows it. */
  line: number;
  /** Who the row is about ("Asha Rao"), or a placeholder when the name is missing. */
  label: string;
  status: RowStatus;
  /** What is wrong (invalid) or what it repeats (duplicate); empty when ready. */
  messages: string[];
  /** For a ready student row: the family it joins ("new" or an existing one's name). */
  family?: { name: string; isNew: boolean };
}

/** Operations that belong together: written in one batch, and failed together if it fails. */
export interface ImportUnit {
  rows: number[];
  operations: BatchOperation[];
}

export interface ImportPlan {
  kind: ImportKind;
  rows: PlannedRow[];
  units: ImportUnit[];
  counts: Record<RowStatus, number>;
  /** New families the import creates (students only). */
  newFamilies: number;
}

export const IMPORT_NOTE = 'Imported from CSV';

const UNNAMED = '(no name)';

/** Rows, as text, with values split on semicolons (a cell listing classrooms or subjects). */
function splitList(value: string): string[] {
  return value
    .split(/[;|]/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/** "Sunflowers (ages 4–5)" and "sunflowers (ages 4-5)" compare equal: case, spaces and dashes. */
function nameKey(value: string): string {
  return normaliseKey(value).replace(/[\u2010-\u2015]/g, '-');
}

function digits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** Zod issues as "Label: message", one per field, in the order of the target fields. */
function issueMessages(error: z.ZodError, kind: ImportKind): string[] {
  const labels = new Map(TARGET_FIELDS[kind].map((f) => [f.key, f.label]));
  const seen = new Set<string>();
  const messages: string[] = [];
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (seen.has(key)) continue;
    seen.add(key);
    messages.push(`${labels.get(key) ?? key}: ${issue.message}`);
  }
  return messages;
}

/**
 * The fields of a row that pass on their own, when the row as a whole does not: so the campus, the
 * classrooms and the cross-field checks are still looked at, and every error of the row is
 * reported at once (issue 30), not one more after each fix.
 */
function validFields<T extends z.ZodRawShape>(
  schema: z.ZodObject<T>,
  values: Record<string, string | undefined>,
): Partial<z.output<z.ZodObject<T>>> {
  const valid: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const result = field.safeParse(values[key]);
    if (result.success) valid[key] = values[key];
  }
  const parsed = schema.partial().safeParse(valid);
  return parsed.success ? parsed.data : {};
}

/** The issues of a built record the schema refuses (a field the row rules let through). */
function recordMessages(what: string, error: z.ZodError): string[] {
  return error.issues.map((issue) => `${what} ${issue.path.join('.')}: ${issue.message}`);
}

function statusField<T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) {
  const message = `Use one of: ${values.join(', ')}; or leave it empty for ${fallback}.`;
  return z.preprocess(
    (value) =>
      typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : fallback,
    z.enum(values, { errorMap: () => ({ message }) }),
  );
}

function studentRowSchema(today: string) {
  return z.object({
    firstName: personName('first name'),
    lastName: personName('last name'),
    preferredName: optionalText(80),
    dateOfBirth: dateOfBirth(() => new Date(`${today}T12:00:00Z`), 'UTC'),
    campus: requiredText('campus', 200),
    classrooms: plainText(2000),
    status: statusField(STUDENT_STATUSES, 'enrolled'),
    enrolledOn: enrolmentDate(() => new Date(`${today}T12:00:00Z`), 'UTC'),
    medicalNotes: optionalText(1000),
    notes: plainText(2000),
    familyName: plainText(80),
    guardianName: plainText(80),
    guardianRelationship: plainText(40),
    guardianEmail: optionalEmail,
    guardianPhone: optionalPhone,
    address: plainText(300),
  });
}

const facilitatorRowSchema = z.object({
  firstName: personName('first name'),
  lastName: personName('last name'),
  email: optionalEmail,
  phone: optionalPhone,
  campus: requiredText('campus', 200),
  subjects: plainText(2000),
  classrooms: plainText(2000),
  status: statusField(['active', 'inactive'] as const, 'active'),
  bio: plainText(1000),
});

interface Lookups {
  campus: (value: string) => { id: string; name: string } | undefined;
  classrooms: (value: string, campusId: string, campusName: string) => string[] | string;
  subjects: (value: string) => string[] | string;
}

/**
 * A row's campus and classrooms by name, both kinds of import alike; what does not match adds its
 * message to `messages`.
 */
function placeRow(
  find: Lookups,
  data: { campus: string; classrooms: string },
  messages: string[],
): { campus: { id: string; name: string } | undefined; classroomIds: string[] } {
  const campus = find.campus(data.campus);
  if (!campus) {
    messages.push(
      `Campus: no campus is called “${data.campus}”. Use a campus name from School setup.`,
    );
    return { campus, classroomIds: [] };
  }
  const found = find.classrooms(data.classrooms, campus.id, campus.name);
  if (typeof found === 'string') {
    messages.push(found);
    return { campus, classroomIds: [] };
  }
  return { campus, classroomIds: found };
}

function lookups(context: ImportContext): Lookups {
  const campuses = new Map<string, { id: string; name: string }>();
  for (const c of context.campuses) {
    campuses.set(nameKey(c.name), c);
    campuses.set(c.id, c);
  }
  const subjects = new Map<string, string>();
  for (const s of context.subjects) {
    subjects.set(nameKey(s.name), s.id);
    if (s.code) subjects.set(nameKey(s.code), s.id);
    subjects.set(s.id, s.id);
  }
  return {
    campus: (value) => campuses.get(value) ?? campuses.get(nameKey(value)),
    // A list of ids, or the message naming the first value that is not a classroom of the campus.
    classrooms: (value, campusId, campusName) => {
      const ids: string[] = [];
      for (const name of splitList(value)) {
        const found = context.classrooms.find(
          (c) => c.campusId === campusId && (c.id === name || nameKey(c.name) === nameKey(name)),
        );
        if (!found)
          return `Classrooms: no classroom “${name}” at ${campusName}. Use a classroom name from School setup.`;
        if (!ids.includes(found.id)) ids.push(found.id);
      }
      return ids;
    },
    subjects: (value) => {
      const ids: string[] = [];
      for (const name of splitList(value)) {
        const id = subjects.get(name) ?? subjects.get(nameKey(name));
        if (!id)
          return `Subjects: no subject “${name}”. Use a subject name or code from School setup.`;
        if (!ids.includes(id)) ids.push(id);
      }
      return ids;
    },
  };
}

function emptyCounts(): Record<RowStatus, number> {
  return { ready: 0, duplicate: 0, invalid: 0 };
}

/** Checks every row and plans the writes. `onProgress` is told every few hundred rows. */
export function planImport(
  kind: ImportKind,
  rows: readonly (readonly string[])[],
  mapping: ColumnMapping,
  context: ImportContext,
  onProgress?: (done: number) => void,
): ImportPlan {
  return kind === 'students'
    ? planStudents(rows, mapping, context, onProgress)
    : planFacilitators(rows, mapping, context, onProgress);
}

const PROGRESS_EVERY = 250;

function finish(
  kind: ImportKind,
  planned: PlannedRow[],
  units: ImportUnit[],
  newFamilies = 0,
): ImportPlan {
  const counts = emptyCounts();
  for (const row of planned) counts[row.status] += 1;
  return { kind, rows: planned, units, counts, newFamilies };
}

interface FamilyDraft {
  id: string;
  isNew: boolean;
  name: string;
  unit: ImportUnit;
  /** The new family's fields (absent for an existing family, which the import leaves alone). */
  record?: Pick<Family, 'familyName' | 'address' | 'notes' | 'guardians'>;
}

function planStudents(
  rows: readonly (readonly string[])[],
  mapping: ColumnMapping,
  context: ImportContext,
  onProgress?: (done: number) => void,
): ImportPlan {
  const today = context.today ?? schoolDay(campusZone(undefined, context.campuses));
  const schema = studentRowSchema(today);
  const find = lookups(context);
  const existingStudents = new Map<string, string>();
  for (const s of context.students) {
    existingStudents.set(
      `${nameKey(s.firstName)}|${nameKey(s.lastName)}|${s.dateOfBirth}`,
      `${s.firstName} ${s.lastName}`,
    );
  }
  // Existing families by guardian e-mail, and by family name with a guardian's phone.
  const existingFamilies = new Map<string, { id: string; familyName: string }>();
  for (const f of context.families) {
    for (const g of f.guardians) {
      if (g.email) existingFamilies.set(`e:${g.email.toLowerCase()}`, f);
      if (digits(g.phone)) existingFamilies.set(`p:${nameKey(f.familyName)}|${digits(g.phone)}`, f);
    }
  }
  const seenInFile = new Map<string, number>();
  const families = new Map<string, FamilyDraft>();
  const units: ImportUnit[] = [];
  const planned: PlannedRow[] = [];

  rows.forEach((row, index) => {
    if (onProgress && index > 0 && index % PROGRESS_EVERY === 0) onProgress(index);
    const values = mappedValues(row, mapping, 'students');
    const line = index + 2;
    const label = `${values.firstName ?? ''} ${values.lastName ?? ''}`.trim() || UNNAMED;
    const invalid = (messages: string[]) =>
      planned.push({ index, line, label, status: 'invalid', messages });

    const parsed = schema.safeParse(values);
    // Every error of the row at once: the fields' own, then the look-ups and cross-checks of the
    // fields that passed.
    const messages = parsed.success ? [] : issueMessages(parsed.error, 'students');
    const fields = parsed.success ? parsed.data : validFields(schema, values);
    const { campus, classroomIds } =
      fields.campus === undefined
        ? { campus: undefined, classroomIds: [] }
        : placeRow(find, { campus: fields.campus, classrooms: fields.classrooms ?? '' }, messages);
    const hasGuardianDetails = Boolean(
      fields.guardianEmail || fields.guardianPhone || fields.guardianRelationship,
    );
    if (hasGuardianDetails && fields.guardianName === '') {
      messages.push(
        "Guardian name: Enter the guardian's name, or leave the guardian's columns empty.",
      );
    }
    if (fields.enrolledOn && fields.dateOfBirth && fields.enrolledOn < fields.dateOfBirth) {
      messages.push('Enrolled on: The enrolment date cannot be before the date of birth.');
    }
    if (!parsed.success || messages.length > 0 || !campus) return invalid(messages);
    const data = parsed.data;

    // Duplicates: the same first and last name and date of birth, on the list or earlier here.
    const studentKey = `${nameKey(data.firstName)}|${nameKey(data.lastName)}|${data.dateOfBirth}`;
    const known = existingStudents.get(studentKey);
    const earlier = seenInFile.get(studentKey);
    if (known !== undefined || earlier !== undefined) {
      planned.push({
        index,
        line,
        label,
        status: 'duplicate',
        messages: [
          known !== undefined
            ? `Already on the list: ${known}, born ${data.dateOfBirth}.`
            : `Same student as row ${earlier} of this file.`,
        ],
      });
      return;
    }

    // The family: an existing one with this guardian, one an earlier row made, or a new one.
    const familyName = data.familyName || data.lastName;
    // E-mail addresses are compared without case, as mail servers in practice do.
    const familyKey = data.guardianEmail
      ? `e:${data.guardianEmail.toLowerCase()}`
      : digits(data.guardianPhone)
        ? `p:${nameKey(familyName)}|${digits(data.guardianPhone)}`
        : `n:${nameKey(familyName)}|${studentKey}`;
    let family = families.get(familyKey);
    if (!family) {
      const existing = existingFamilies.get(familyKey);
      const unit: ImportUnit = { rows: [], operations: [] };
      family = existing
        ? { id: existing.id, isNew: false, name: existing.familyName, unit }
        : {
            id: importId('fam', familyKey),
            isNew: true,
            name: familyName,
            unit,
            record: {
              familyName,
              address: data.address,
              notes: '',
              guardians: [],
            },
          };
      families.set(familyKey, family);
      units.push(unit);
    }
    if (family.record) {
      const guardians = family.record.guardians;
      const sameGuardian = guardians.some((g) => nameKey(g.name) === nameKey(data.guardianName));
      if (data.guardianName && !sameGuardian) {
        family.record.guardians = [
          ...guardians,
          {
            name: data.guardianName,
            relationship: data.guardianRelationship,
            email: data.guardianEmail,
            phone: data.guardianPhone,
            isPrimary: guardians.length === 0,
          },
        ];
      }
      if (!family.record.address && data.address) family.record.address = data.address;
    }

    const student: Record<string, unknown> = {
      id: importId('stu', studentKey),
      firstName: data.firstName,
      lastName: data.lastName,
      ...(data.preferredName ? { preferredName: data.preferredName } : {}),
      dateOfBirth: data.dateOfBirth,
      familyId: family.id,
      campusId: campus.id,
      classroomIds,
      status: data.status,
      ...(data.enrolledOn ? { enrolledOn: data.enrolledOn } : {}),
      ...(data.medicalNotes ? { medicalNotes: data.medicalNotes } : {}),
      notes: appendStatus(data.notes, {
        date: data.enrolledOn ?? today,
        status: data.status,
        note: IMPORT_NOTE,
      }),
    };
    const checked = studentSchema.safeParse(student);
    if (!checked.success) return invalid(recordMessages('Student', checked.error));
    if (family.record) {
      const familyChecked = familySchema.safeParse({ ...family.record, id: family.id });
      if (!familyChecked.success) return invalid(recordMessages('Family', familyChecked.error));
    }

    seenInFile.set(studentKey, line);
    family.unit.rows.push(index);
    family.unit.operations.push({ type: 'save', collection: 'students', item: student });
    planned.push({
      index,
      line,
      label,
      status: 'ready',
      messages: [],
      family: { name: family.name, isNew: family.isNew },
    });
  });

  // The family's record goes first in its unit, with every guardian its rows named.
  let newFamilies = 0;
  for (const family of families.values()) {
    if (!family.record || family.unit.rows.length === 0) continue;
    newFamilies += 1;
    family.unit.operations.unshift({
      type: 'save',
      collection: 'families',
      item: { ...family.record, id: family.id },
    });
  }
  return finish(
    'students',
    planned,
    units.filter((u) => u.rows.length > 0),
    newFamilies,
  );
}

function planFacilitators(
  rows: readonly (readonly string[])[],
  mapping: ColumnMapping,
  context: ImportContext,
  onProgress?: (done: number) => void,
): ImportPlan {
  const find = lookups(context);
  const byEmail = new Map<string, string>();
  const byName = new Map<string, string>();
  for (const f of context.facilitators) {
    if (f.email) byEmail.set(f.email.toLowerCase(), `${f.firstName} ${f.lastName}`);
    byName.set(`${nameKey(f.firstName)}|${nameKey(f.lastName)}`, `${f.firstName} ${f.lastName}`);
  }
  // Each classroom's facilitators as the import goes: a unit's classroom save carries every
  // facilitator added so far, so later saves never drop an earlier one.
  const links = new Map(context.classrooms.map((c) => [c.id, [...c.facilitatorIds]]));
  const seenInFile = new Map<string, number>();
  const units: ImportUnit[] = [];
  const planned: PlannedRow[] = [];

  rows.forEach((row, index) => {
    if (onProgress && index > 0 && index % PROGRESS_EVERY === 0) onProgress(index);
    const values = mappedValues(row, mapping, 'facilitators');
    const line = index + 2;
    const label = `${values.firstName ?? ''} ${values.lastName ?? ''}`.trim() || UNNAMED;
    const invalid = (messages: string[]) =>
      planned.push({ index, line, label, status: 'invalid', messages });

    const parsed = facilitatorRowSchema.safeParse(values);
    // Every error of the row at once, as for students.
    const messages = parsed.success ? [] : issueMessages(parsed.error, 'facilitators');
    const fields = parsed.success ? parsed.data : validFields(facilitatorRowSchema, values);
    const { campus, classroomIds } =
      fields.campus === undefined
        ? { campus: undefined, classroomIds: [] }
        : placeRow(find, { campus: fields.campus, classrooms: fields.classrooms ?? '' }, messages);
    const subjectIds = fields.subjects === undefined ? [] : find.subjects(fields.subjects);
    if (typeof subjectIds === 'string') messages.push(subjectIds);
    if (!parsed.success || messages.length > 0 || !campus || typeof subjectIds === 'string') {
      return invalid(messages);
    }
    const data = parsed.data;

    // Duplicates: the same e-mail; without an e-mail, the same first and last name.
    const nameOnly = `${nameKey(data.firstName)}|${nameKey(data.lastName)}`;
    const email = data.email.toLowerCase();
    const key = email ? `e:${email}` : `n:${nameOnly}`;
    const known = email ? byEmail.get(email) : byName.get(nameOnly);
    const earlier = seenInFile.get(key);
    if (known !== undefined || earlier !== undefined) {
      planned.push({
        index,
        line,
        label,
        status: 'duplicate',
        messages: [
          known !== undefined
            ? `Already on the list: ${known}${email ? ` (${email})` : ''}.`
            : `Same facilitator as row ${earlier} of this file.`,
        ],
      });
      return;
    }

    const id = importId('fac', key);
    const facilitator: Record<string, unknown> = {
      id,
      memberUUID: '',
      firstName: data.firstName,
      lastName: data.lastName,
      email: data.email,
      phone: data.phone,
      campusId: campus.id,
      subjectIds,
      classroomIds,
      status: data.status,
      bio: data.bio,
    };
    const checked = facilitatorSchema.safeParse(facilitator);
    if (!checked.success) return invalid(recordMessages('Facilitator', checked.error));

    seenInFile.set(key, line);
    const operations: BatchOperation[] = [
      { type: 'save', collection: 'facilitators', item: facilitator },
    ];
    for (const classroomId of classroomIds) {
      const current = links.get(classroomId) ?? [];
      if (current.includes(id)) continue;
      const facilitatorIds = [...current, id];
      links.set(classroomId, facilitatorIds);
      operations.push({
        type: 'save',
        collection: 'classrooms',
        item: { id: classroomId, facilitatorIds },
      });
    }
    units.push({ rows: [index], operations });
    planned.push({ index, line, label, status: 'ready', messages: [] });
  });
  return finish('facilitators', planned, units);
}
