// The emulator suite's cases, generated from the permission matrix: the demo learning centre the
// fake seeds (with each demo member's `access` links, as the triggers keep them), and for every role
// and collection the operations the matrix allows and refuses there. The oracle is the matrix itself
// (canRead, canWrite) with the fake's shape check (mocks/shapes.ts), so the emulator run asks: do the
// generated rules decide as the fake does? test/unit/rules-generator.test.ts checks, on the fake
// alone, that every cell gets its cases, so a matrix change cannot leave a cell untested.
import { accessLinksOf } from '../../app/domain/access-links';
import {
  ACCESS_LINKS_FIELD,
  canRead,
  canWrite,
  collectionOfPath,
  PERMISSION_COLLECTIONS,
  PERMISSION_MATRIX,
  resolvePrincipal,
  type DocData,
  type PermissionCollection,
  type Principal,
} from '../../app/domain/permissions';
import { ROLES, type Role } from '../../app/domain/roles';
import { DEMO_ACCOUNTS } from '../../mocks/demo-accounts';
import { fake } from '../../mocks/index';
import { createContext } from '../../mocks/principal';
import { shapeProblem } from '../../mocks/shapes';
import { encodeFields } from '../../mocks/values';

export type RulesOperation =
  | { kind: 'get'; path: string }
  | { kind: 'create'; path: string; data: DocData }
  | { kind: 'update'; path: string; patch: DocData }
  | { kind: 'delete'; path: string };

export interface RulesCase {
  role: Role;
  uid: string;
  collection: PermissionCollection;
  expected: 'allowed' | 'refused';
  /** Which side of the cell: reading or writing. */
  side: 'read' | 'write';
  what: string;
  operation: RulesOperation;
}

export interface RulesWorld {
  /** Every seeded document, by path, as the emulator is loaded with it. */
  documents: Array<{ path: string; data: DocData }>;
  /** Per role and collection: the first allowed and first refused read and write. */
  cases: RulesCase[];
  /** Cells with no case on one side, as `role collection side expected` (should be empty). */
  missing: string[];
}

/** At most this many documents per collection are tried (the seed has hundreds of students). */
const SAMPLE = 60;

function pathsOf(collection: PermissionCollection): string[] {
  if (collection === 'collectionVersions') return ['system/collectionVersions'];
  if (collection === 'messages') {
    return fake.listDocuments('conversations').flatMap((c) =>
      fake
        .listDocuments(`conversations/${c.id}/messages`)
        .slice(0, 3)
        .map((m) => `conversations/${c.id}/messages/${m.id}`),
    );
  }
  if (collection === 'devices') {
    return DEMO_ACCOUNTS.flatMap((account) =>
      fake
        .listDocuments(`Members/${account.uid}/devices`)
        .map((d) => `Members/${account.uid}/devices/${d.id}`),
    );
  }
  return fake.listDocuments(collection).map((d) => `${collection}/${d.id}`);
}

function idOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

function rolesOf(data: DocData | null): Role[] {
  const roles = Array.isArray(data?.roles) ? data.roles : [];
  return ROLES.filter((role) => roles.includes(role));
}

/** The demo member acting for a role: roles as their Members document holds them. */
function principalOf(uid: string, email: string): Principal {
  const roles = rolesOf(fake.getDocument(`Members/${uid}`));
  return resolvePrincipal({ uid, email, roles }, createContext());
}

/** Authorship fields set to the caller, so "own" scopes have something to allow. */
function asAuthor(data: DocData, p: Principal): DocData {
  const own: DocData = { ...data };
  for (const key of ['createdBy', 'senderId']) if (key in own) own[key] = p.memberUUID;
  return own;
}

interface Candidate {
  side: 'read' | 'write';
  what: string;
  operation: RulesOperation;
}

/**
 * A copy of `data` without the first field whose absence breaks the record's shape (a required
 * field), or null when every field may be left out.
 */
function withoutRequiredField(path: string, data: DocData): { key: string; data: DocData } | null {
  for (const key of Object.keys(data)) {
    const { [key]: _dropped, ...rest } = data;
    if (shapeProblem(path, encodeFields(rest)) !== null) return { key, data: rest };
  }
  return null;
}

function candidates(collection: PermissionCollection, p: Principal): Candidate[] {
  const all = pathsOf(collection);
  const paths = all.slice(0, SAMPLE);
  const list: Candidate[] = [];
  // Every document is tried for reads: a student's own roll calls may come late in the list.
  for (const path of all) {
    list.push({ side: 'read', what: `get ${path}`, operation: { kind: 'get', path } });
  }
  for (const path of paths) {
    list.push({
      side: 'write',
      what: `update ${path} (updatedBy only)`,
      operation: { kind: 'update', path, patch: { updatedBy: p.memberUUID } },
    });
  }
  if (collection !== 'collectionVersions') {
    for (const path of paths.slice(0, 20)) {
      const data = fake.getDocument(path);
      if (!data) continue;
      const copy = `${path}-copy`;
      list.push({
        side: 'write',
        what: `create ${copy} (a copy of ${idOf(path)})`,
        operation: { kind: 'create', path: copy, data },
      });
      const own = asAuthor(data, p);
      // A parent submits an inquiry as new, unassigned, with no history (createOwnInquiry).
      if (collection === 'parentInquiries') {
        own.status = 'new';
        own.history = [];
        for (const key of ['assignedTo', 'familyId', 'studentId']) delete own[key];
      }
      list.push({
        side: 'write',
        what: `create ${copy}-own (a copy written as the caller)`,
        operation: { kind: 'create', path: `${copy}-own`, data: own },
      });
      const broken = withoutRequiredField(path, own);
      if (broken) {
        list.push({
          side: 'write',
          what: `create ${copy}-broken (without the required ${broken.key})`,
          operation: { kind: 'create', path: `${copy}-broken`, data: broken.data },
        });
      }
    }
  }
  for (const path of paths.slice(0, 5)) {
    const data = fake.getDocument(path) ?? {};
    // A number where the schema has a string, a list or a map: refused by zod and by `is`.
    const key = Object.keys(data).find(
      (k) => shapeProblem(path, encodeFields({ ...data, [k]: 12345 })) !== null,
    );
    if (!key) continue;
    list.push({
      side: 'write',
      what: `update ${path} (${key} set to a number)`,
      operation: { kind: 'update', path, patch: { [key]: 12345 } },
    });
  }
  for (const path of paths) {
    list.push({ side: 'write', what: `delete ${path}`, operation: { kind: 'delete', path } });
  }
  return list;
}

/** What the fake decides: the matrix, and for writes the record's shape. */
export function fakeVerdict(p: Principal, operation: RulesOperation): boolean {
  const collection = collectionOfPath(operation.path);
  if (!collection) return false;
  const ctx = createContext();
  const id = idOf(operation.path);
  const stored = fake.getDocument(operation.path);
  if (operation.kind === 'get') {
    return canRead(p, collection, { path: operation.path, id, data: stored }, ctx);
  }
  if (operation.kind === 'create' && stored) return false;
  if ((operation.kind === 'update' || operation.kind === 'delete') && !stored) return false;
  const after =
    operation.kind === 'create'
      ? operation.data
      : operation.kind === 'update'
        ? { ...stored, ...operation.patch }
        : null;
  if (after && shapeProblem(operation.path, encodeFields(after)) !== null) return false;
  return canWrite(
    p,
    collection,
    {
      ref: { path: operation.path, id },
      before: operation.kind === 'create' ? null : stored,
      after,
    },
    ctx,
  );
}

/** Seeds the fake, adds the access links, and picks the cases. */
export async function buildRulesWorld(): Promise<RulesWorld> {
  await fake.reset();
  // The seed has no logged sign-in; the admins' read of this collection needs one.
  fake.setDocument('unregisteredSignins/logged-attempt', {
    email: 'someone@gmail.example',
    at: new Date().toISOString(),
  });
  // The seed has no audit entry or guardian request (the triggers and parents make them): one of
  // each, a request from the demo parent's family and one from another family.
  fake.setDocument('auditLog/seeded-entry', {
    at: new Date().toISOString(),
    by: 'demo-admin',
    collection: 'students',
    docId: 'stu-00000',
    action: 'update',
    changes: [{ field: 'lastName', before: 'A', after: 'B' }],
  });
  const request = {
    kind: 'add',
    guardian: { name: 'Sam Whitfield', relationship: 'Partner', email: '', phone: '' },
    note: '',
    status: 'pending',
    decisionNote: '',
  };
  const parent = DEMO_ACCOUNTS.find((a) => a.role === 'parent')?.uid ?? '';
  fake.setDocument('guardianRequests/own-family', {
    ...request,
    familyId: 'fam-0000',
    createdBy: parent,
  });
  fake.setDocument('guardianRequests/other-family', {
    ...request,
    familyId: 'fam-0100',
    createdBy: 'someone-else',
  });
  // Every seeded resource is for facilitators; one for the office only gives their refused read.
  fake.setDocument('resources/office-only', {
    title: 'Office procedures',
    description: '',
    kind: 'link',
    url: 'https://example.org/office',
    classroomIds: [],
    audience: ['administration'],
    audienceKeys: ['administration'],
    createdBy: 'demo-administration',
  });
  // Reported absences (issue 32): the demo student is 12 in the seed; here Leo is 17 and his campus
  // lets students report, so the student's own report has its allowed cases too.
  const leoNow = fake.getDocument('students/stu-00000') ?? {};
  const seventeen = `${new Date().getUTCFullYear() - 17}-01-15`;
  fake.setDocument('students/stu-00000', { ...leoNow, dateOfBirth: seventeen });
  const leoCampus = String(leoNow.campusId ?? '');
  fake.setDocument(`campuses/${leoCampus}`, {
    ...(fake.getDocument(`campuses/${leoCampus}`) ?? {}),
    studentsReportAbsences: true,
  });
  const studentUid = DEMO_ACCOUNTS.find((a) => a.role === 'student')?.uid ?? '';
  fake.setDocument('absenceReports/leo-own', {
    studentId: 'stu-00000',
    familyId: leoNow.familyId,
    campusId: leoNow.campusId,
    classroomIds: leoNow.classroomIds ?? [],
    from: createContext().today,
    to: createContext().today,
    part: 'day',
    reason: 'appointment',
    note: '',
    status: 'reported',
    createdBy: studentUid,
    reporterName: 'Leo Whitfield',
  });
  // Event replies (issue 32): the seed holds other families' consent for the museum trip; Grace's
  // for Leo (hers to read and change), and one in a classroom the demo facilitator does not teach.
  const leo = fake.getDocument('students/stu-00000') ?? {};
  fake.setDocument('eventReplies/evt-museum_stu-00000', {
    eventId: 'evt-museum',
    studentId: 'stu-00000',
    familyId: 'fam-0000',
    classroomIds: leo.classroomIds ?? [],
    kind: 'consent',
    answer: 'yes',
    wording: 'I give consent for Leo Whitfield to go on the museum trip.',
    guardianName: 'Grace Whitfield',
    repliedBy: parent,
    createdBy: parent,
  });
  const taught = new Set(
    fake
      .listDocuments('classrooms')
      .filter((c) => Array.isArray(c.data.facilitatorIds) && c.data.facilitatorIds.includes('fac-000'))
      .map((c) => c.id),
  );
  const elsewhere = fake
    .listDocuments('students')
    .find(
      (s) =>
        s.data.familyId !== 'fam-0000' &&
        Array.isArray(s.data.classroomIds) &&
        s.data.classroomIds.length > 0 &&
        !s.data.classroomIds.some((c) => taught.has(String(c))),
    );
  if (elsewhere) {
    fake.setDocument(`eventReplies/evt-elsewhere_${elsewhere.id}`, {
      eventId: 'evt-elsewhere',
      studentId: elsewhere.id,
      familyId: elsewhere.data.familyId,
      classroomIds: elsewhere.data.classroomIds,
      kind: 'rsvp',
      answer: 'yes',
      people: 2,
      wording: '',
      guardianName: 'Someone Else',
      repliedBy: 'someone-else',
      createdBy: 'someone-else',
    });
  }
  // The seed has no devices (members register them): one for each demo member (issue 31).
  for (const account of DEMO_ACCOUNTS) {
    fake.setDocument(`Members/${account.uid}/devices/seeded-device`, {
      token: `demo:${account.uid}`,
      platform: 'Chrome on Linux',
      lastSeen: new Date().toISOString(),
      createdAt: new Date().toISOString(),
    });
  }
  if (!fake.getDocument('system/collectionVersions')) {
    // Written by the functions on the first cached write; the suite needs one to read and write.
    fake.setDocument('system/collectionVersions', {
      collections: { students: { version: '1.0.0' } },
      lastUpdated: new Date().toISOString(),
    });
  }
  const principals = new Map<Role, { uid: string; principal: Principal }>();
  for (const account of DEMO_ACCOUNTS) {
    const principal = principalOf(account.uid, account.email);
    const member = fake.getDocument(`Members/${account.uid}`) ?? {};
    fake.setDocument(`Members/${account.uid}`, {
      ...member,
      [ACCESS_LINKS_FIELD]: accessLinksOf(principal, createContext()),
    });
    principals.set(account.role, { uid: account.uid, principal });
  }

  const documents = PERMISSION_COLLECTIONS.flatMap((collection) =>
    (collection === 'messages' || collection === 'collectionVersions' || collection === 'devices'
      ? pathsOf(collection)
      : fake.listDocuments(collection).map((d) => `${collection}/${d.id}`)
    ).flatMap((path) => {
      const data = fake.getDocument(path);
      return data ? [{ path, data }] : [];
    }),
  );
  // Every message, not only the sampled ones, so conversations look as in the demo.
  const messagePaths = new Set(documents.map((d) => d.path));
  for (const conversation of fake.listDocuments('conversations')) {
    for (const message of fake.listDocuments(`conversations/${conversation.id}/messages`)) {
      const path = `conversations/${conversation.id}/messages/${message.id}`;
      if (!messagePaths.has(path)) documents.push({ path, data: message.data });
    }
  }

  const cases: RulesCase[] = [];
  const missing: string[] = [];
  for (const [role, { uid, principal }] of principals) {
    for (const collection of PERMISSION_COLLECTIONS) {
      const found = new Map<string, RulesCase>();
      for (const candidate of candidates(collection, principal)) {
        const expected = fakeVerdict(principal, candidate.operation) ? 'allowed' : 'refused';
        const key = `${candidate.side} ${expected}`;
        if (found.has(key)) continue;
        found.set(key, { role, uid, collection, expected, ...candidate });
      }
      const { read, write } = PERMISSION_MATRIX[collection][role];
      const wanted = [
        ...(read === 'none' ? [] : ['read allowed']),
        'read refused',
        ...(write === 'none' ? [] : ['write allowed']),
        'write refused',
      ];
      // "read refused" cannot exist where a role reads every document of a collection: its refused
      // side is then a write, as it is for full access (a broken shape).
      const readAll = read === 'all';
      for (const key of wanted) {
        if (found.has(key)) continue;
        if (readAll && key === 'read refused') continue;
        missing.push(`${role} ${collection} ${key}`);
      }
      cases.push(...found.values());
    }
  }
  return { documents, cases, missing };
}
