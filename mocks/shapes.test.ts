// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ACCESS_LINKS_FIELD } from '../app/domain/permissions';
import { RECORD_SCHEMAS, type RecordCollection } from '../app/domain/records';
import { storedKeysOf } from '../app/domain/stored-keys';
import { generateFirestoreRules, matchOf } from '../scripts/rules/firestore';
import { shapeProblem } from './shapes';
import { encodeFields } from './values';

const COLLECTIONS = Object.keys(RECORD_SCHEMAS).filter((name): name is RecordCollection =>
  Object.hasOwn(RECORD_SCHEMAS, name),
);

/** The list in a collection's `d.keys().hasOnly([...])` in the generated rules. */
function rulesKeysOf(rules: string, collection: RecordCollection): string[] {
  const { path } = matchOf(collection);
  const block = rules.slice(rules.indexOf(`match ${path} {`));
  const found = /d\.keys\(\)\.hasOnly\(\[([^\]]*)\]\)/.exec(block);
  if (!found?.[1]) throw new Error(`no hasOnly for ${collection}`);
  return found[1].split(', ').map((quoted) => quoted.slice(1, -1));
}

const student = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  dateOfBirth: '2015-04-01',
  familyId: 'fam-1',
  campusId: 'north',
  status: 'enrolled',
  updatedAt: '2026-11-24T10:00:00.000Z',
  updatedBy: 'admin-1',
};

describe("the fake's shape check", () => {
  it('allows exactly the keys the generated rules allow, in every collection', () => {
    const rules = generateFirestoreRules();
    for (const collection of COLLECTIONS) {
      expect(rulesKeysOf(rules, collection), collection).toEqual(storedKeysOf(collection).allowed);
    }
  });

  it('accepts a document of schema and bookkeeping keys', () => {
    expect(shapeProblem('students/stu-1', encodeFields(student))).toBeNull();
  });

  it('refuses keys the schema does not name, which zod alone would strip and accept', () => {
    expect(shapeProblem('students/stu-1', encodeFields({ ...student, nickname: 'Ada' }))).toBe(
      'Document students/stu-1 has fields its schema does not allow: nickname',
    );
    // The id is the document key; a stored copy is refused as the rules refuse it.
    expect(shapeProblem('students/stu-1', encodeFields({ ...student, id: 'stu-1' }))).toMatch(
      /does not allow: id$/,
    );
  });

  it('names keys inside nested objects, and counts what it does not show', () => {
    const recurrence = { freq: 'weekly', interval: 1, until: '2026-12-24', byDay: ['MO'] };
    const event = {
      title: 'Trip',
      start: '2026-11-24T10:00:00.000Z',
      end: '2026-11-24T11:00:00.000Z',
      createdBy: 'admin-1',
      recurrence,
    };
    expect(shapeProblem('events/e1', encodeFields(event))).toBe(
      'Document events/e1 has fields its schema does not allow: recurrence.byDay',
    );
    const crowded = { ...student, a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7 };
    expect(shapeProblem('students/stu-1', encodeFields(crowded))).toBe(
      'Document students/stu-1 has fields its schema does not allow: a, b, c, d, e and 2 more',
    );
  });

  it("allows a Members document's access links, only as a map", () => {
    const member = { memberUUID: 'u1', email: 'a@example.com', roles: ['parent'] };
    const links = { familyIds: ['fam-1'], childIds: [], audienceKeys: [] };
    expect(
      shapeProblem('Members/u1', encodeFields({ ...member, [ACCESS_LINKS_FIELD]: links })),
    ).toBeNull();
    expect(
      shapeProblem('Members/u1', encodeFields({ ...member, [ACCESS_LINKS_FIELD]: 'all' })),
    ).toBe(`Document Members/u1 does not match its schema: ${ACCESS_LINKS_FIELD}: Expected a map`);
  });

  it('checks messages at their subcollection path', () => {
    const message = {
      conversationId: 'c1',
      senderId: 'u1',
      body: 'Hello',
      sentAt: '2026-11-24T10:00:00.000Z',
    };
    expect(shapeProblem('conversations/c1/messages/m1', encodeFields(message))).toBeNull();
    expect(
      shapeProblem('conversations/c1/messages/m1', encodeFields({ ...message, draft: true })),
    ).toBe('Document conversations/c1/messages/m1 has fields its schema does not allow: draft');
  });
});

// Issue 28, finding 8: a resource's link is http: or https:, its file type one of the allow-list.
describe("the fake's shape check of resources", () => {
  const resource = {
    title: 'Fractions game',
    description: '',
    kind: 'link',
    url: 'https://example.org/fractions',
    classroomIds: [],
    audience: ['student'],
    audienceKeys: ['student'],
    createdBy: 'fac-1',
  };

  it('accepts an https link and an allowed file type', () => {
    expect(shapeProblem('resources/r1', encodeFields(resource))).toBeNull();
    expect(
      shapeProblem(
        'resources/r2',
        encodeFields({
          ...resource,
          kind: 'file',
          url: undefined,
          storagePath: 'resources/r2/a.pdf',
          mimeType: 'application/pdf',
          size: 10,
        }),
      ),
    ).toBeNull();
  });

  it('refuses a javascript:, data: or file: link', () => {
    for (const url of [
      'javascript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'JavaScript:alert(1)',
    ]) {
      expect(shapeProblem('resources/r1', encodeFields({ ...resource, url })), url).toMatch(
        /^Document resources\/r1 does not match its schema: url: /,
      );
    }
  });

  it('refuses a file type outside the allow-list, or one with parameters', () => {
    for (const mimeType of [
      'text/html',
      'image/png,text/html',
      'image/svg+xml',
      'image/png; x=y',
    ]) {
      expect(
        shapeProblem('resources/r1', encodeFields({ ...resource, kind: 'file', mimeType })),
        mimeType,
      ).toMatch(/^Document resources\/r1 does not match its schema: mimeType: /);
    }
  });
});
