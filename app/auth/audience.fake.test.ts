// Audience filtering in the fake, for every role (decision 046): each demo account runs the refresh
// query the app runs (scopeForUser with its resolved links) for events and resources, and gets
// exactly the seeded records it should. The expectation is computed here with plain loops over the
// seed (children, classrooms and campuses looked up by hand), not with inAudience. Broader queries
// are refused whole, and a write whose audienceKeys disagree with its fields is refused.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getIdTokenClaims, signInWithEmail, signOutUser } from '~/backend/auth';
import { getMember, listDocuments, setDocument } from '~/backend/documents';
import { BackendError } from '~/backend/errors';
import { audienceKeysOf } from '~/domain/audience';
import { rolesFromClaims, type Role } from '~/domain/roles';
import { DEMO_ACCOUNTS, demoAccount } from '../../mocks/demo-accounts';
import { fake } from '../../mocks/index';
import { resolveScopeLinks, scopeForUser } from './user-data';

const anyRecord = z.object({ id: z.string() }).passthrough();
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

async function signInAs(role: Role) {
  const account = demoAccount(role);
  const authUser = await signInWithEmail(account.email, account.password, { remember: false });
  const claims = await getIdTokenClaims();
  const { roles } = rolesFromClaims(claims, authUser.email, []);
  const member = await getMember(authUser.uid);
  const memberUUID = typeof claims?.memberUUID === 'string' ? claims.memberUUID : authUser.uid;
  const user = { roles, member, memberUUID, uid: authUser.uid };
  return { ...user, ...(await resolveScopeLinks(user)) };
}

/** The ids the app's refresh stores: the union of the scope's queries. */
async function refreshed(collection: string, user: Awaited<ReturnType<typeof signInAs>>) {
  const scope = scopeForUser(user, collection);
  const queries = !scope ? [undefined] : 'anyOf' in scope ? scope.anyOf : [scope.filters];
  const lists = await Promise.all(
    queries.map((filters) =>
      listDocuments(collection, anyRecord, { all: true, ...(filters ? { filters } : {}) }),
    ),
  );
  return [...new Set(lists.flat().map((d) => d.id))].sort();
}

/** Where a demo account belongs, looked up in the seed by hand: per role, classrooms and campuses. */
function placesOf(
  role: Role,
  uid: string,
): Map<string, { classrooms: string[]; campuses: string[] }> {
  const member = fake.getDocument(`Members/${uid}`) ?? {};
  const places = new Map<string, { classrooms: string[]; campuses: string[] }>();
  const add = (audienceRole: string, classrooms: string[], campus: string) => {
    const entry = places.get(audienceRole) ?? { classrooms: [], campuses: [] };
    entry.classrooms.push(...classrooms);
    if (campus) entry.campuses.push(campus);
    places.set(audienceRole, entry);
  };
  if (role === 'parent') {
    const families = new Set<string>();
    if (text(member.familyId)) families.add(text(member.familyId));
    for (const family of fake.listDocuments('families')) {
      const guardians = Array.isArray(family.data.guardians) ? family.data.guardians : [];
      for (const guardian of guardians) {
        if (typeof guardian === 'object' && guardian !== null && 'memberUUID' in guardian) {
          if (guardian.memberUUID === uid) families.add(family.id);
        }
      }
    }
    add('parent', [], '');
    for (const student of fake.listDocuments('students')) {
      if (families.has(text(student.data.familyId))) {
        add('parent', strings(student.data.classroomIds), text(student.data.campusId));
      }
    }
  } else if (role === 'student') {
    const student = fake.getDocument(`students/${text(member.studentId)}`) ?? {};
    add('student', strings(student.classroomIds), text(student.campusId));
  } else if (role === 'facilitator') {
    add('facilitator', [], '');
    for (const facilitator of fake.listDocuments('facilitators')) {
      if (facilitator.id !== text(member.facilitatorId) && facilitator.data.memberUUID !== uid) {
        continue;
      }
      add('facilitator', strings(facilitator.data.classroomIds), text(facilitator.data.campusId));
      for (const classroom of fake.listDocuments('classrooms')) {
        if (strings(classroom.data.facilitatorIds).includes(facilitator.id)) {
          add('facilitator', [classroom.id], '');
        }
      }
    }
  }
  return places;
}

/** The seeded records this account should see, decided field by field. */
function expected(collection: string, role: Role, uid: string): string[] {
  const staff = role === 'admin' || role === 'superAdmin' || role === 'administration';
  const places = placesOf(role, uid);
  const out: string[] = [];
  for (const record of fake.listDocuments(collection)) {
    const { data } = record;
    if (staff || data.createdBy === uid) {
      out.push(record.id);
      continue;
    }
    const classrooms = strings(data.classroomIds);
    const campus = text(data.campusId);
    for (const audienceRole of strings(data.audience)) {
      const mine = places.get(audienceRole);
      if (!mine) continue;
      const fits =
        classrooms.length > 0
          ? classrooms.some((c) => mine.classrooms.includes(c))
          : campus
            ? mine.campuses.includes(campus)
            : true;
      if (fits) {
        out.push(record.id);
        break;
      }
    }
  }
  return out.sort();
}

async function refusal(promise: Promise<unknown>): Promise<BackendError> {
  const outcome = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  if (!(outcome instanceof BackendError)) throw new Error('expected a BackendError');
  return outcome;
}

beforeAll(async () => {
  await fake.reset({ profile: 'demo' });
});

afterEach(async () => {
  await signOutUser();
});

describe('events and resources by audience, in the fake', () => {
  const roles = [...new Set(DEMO_ACCOUNTS.map((a) => a.role))];

  it('covers every role', () => {
    expect([...roles].sort()).toEqual(
      ['admin', 'administration', 'facilitator', 'parent', 'student', 'superAdmin'].sort(),
    );
  });

  for (const role of roles) {
    for (const collection of ['events', 'resources']) {
      it(`gives the ${role} exactly the ${collection} of their audience or their own`, async () => {
        const user = await signInAs(role);
        const want = expected(collection, role, user.uid);
        expect(await refreshed(collection, user)).toEqual(want);
        // The seed must make this meaningful: parents and students see some records but not all.
        if (role === 'parent' || role === 'student') {
          expect(want.length).toBeGreaterThan(0);
          expect(want.length).toBeLessThan(fake.listDocuments(collection).length);
        }
      });
    }
  }

  it('refuses a parent or a student who asks for everything or by role alone', async () => {
    for (const role of ['parent', 'student'] as const) {
      const user = await signInAs(role);
      for (const collection of ['events', 'resources']) {
        const all = await refusal(listDocuments(collection, anyRecord, { all: true }));
        expect(all.code).toBe('permission-denied');
        // Rules are not filters: asking by role alone matches records of other classrooms too.
        const readable = new Set(expected(collection, role, user.uid));
        const matching = fake
          .listDocuments(collection)
          .filter((r) => strings(r.data.audience).includes(role));
        if (matching.every((r) => readable.has(r.id))) continue;
        const byRole = await refusal(
          listDocuments(collection, anyRecord, {
            all: true,
            filters: [{ field: 'audience', op: 'array-contains', value: role }],
          }),
        );
        expect(byRole.code).toBe('permission-denied');
      }
      await signOutUser();
    }
  });

  it('refuses a facilitator who asks for the events of a classroom they do not teach', async () => {
    const user = await signInAs('facilitator');
    const other = fake
      .listDocuments('events')
      .find(
        (e) =>
          strings(e.data.classroomIds).length > 0 &&
          !strings(e.data.classroomIds).some((c) => (user.taughtClassroomIds ?? []).includes(c)) &&
          strings(e.data.audience).includes('facilitator'),
      );
    if (!other) return; // the seed has no such event; the per-role test covers the rest
    const error = await refusal(
      listDocuments('events', anyRecord, {
        all: true,
        filters: [
          {
            field: 'classroomIds',
            op: 'array-contains-any',
            value: strings(other.data.classroomIds),
          },
        ],
      }),
    );
    expect(error.code).toBe('permission-denied');
  });

  it('refuses a write whose audienceKeys disagree with its audience', async () => {
    const user = await signInAs('administration');
    const event = {
      title: 'Sports day',
      start: '2030-05-01T09:00:00.000Z',
      end: '2030-05-01T12:00:00.000Z',
      audience: ['parent'],
      classroomIds: ['north-harbour'],
      createdBy: user.memberUUID,
    };
    const wrong = await refusal(
      setDocument('events', 'evt-audience-test', { ...event, audienceKeys: ['parent'] }),
    );
    // The matrix's invariants refuse it, as the generated rules do (decision 050).
    expect(wrong.code).toBe('permission-denied');
    await setDocument('events', 'evt-audience-test', {
      ...event,
      audienceKeys: audienceKeysOf(event),
    });
    expect(fake.getDocument('events/evt-audience-test')?.audienceKeys).toEqual([
      'parent@classroom:north-harbour',
    ]);
  });

  it('tells the audience of a new resource, through the trigger, once', async () => {
    const user = await signInAs('facilitator');
    // Leo's classroom (the demo student, the demo parent's child), which the demo facilitator teaches.
    const classroom = 'north-harbour';
    expect(user.taughtClassroomIds).toContain(classroom);
    const resource = {
      title: 'Fractions worksheet',
      kind: 'link',
      url: 'https://example.org/fractions',
      audience: ['parent', 'student'],
      classroomIds: [classroom],
      createdBy: user.memberUUID,
    };
    const data = { ...resource, audienceKeys: audienceKeysOf(resource) };
    await setDocument('resources', 'res-trigger-test', data);
    const parent = demoAccount('parent').uid;
    const student = demoAccount('student').uid;
    const told = fake
      .listDocuments('Notifications')
      .filter((n) => n.id.startsWith('res-res-trigger-test-'))
      .map((n) => text(n.data.memberUUID));
    expect(told).toContain(parent);
    expect(told).toContain(student);
    expect(told).not.toContain(user.memberUUID);
    expect(fake.getDocument(`Notifications/res-res-trigger-test-${parent}`)).toMatchObject({
      action: 'resource',
      actionItem: 'resources/res-trigger-test',
      description: 'New resource: Fractions worksheet',
    });
    // Re-sent (an update by then): nothing new.
    await setDocument('resources', 'res-trigger-test', data);
    expect(
      fake.listDocuments('Notifications').filter((n) => n.id.startsWith('res-res-trigger-test-')),
    ).toHaveLength(told.length);
  });
});
