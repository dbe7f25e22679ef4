// Deterministic demo data for the fake: a learning centre with two campuses. The same profile
// always yields the same records (seeded PRNG); only dates move with the calendar, so the
// attendance history and events always sit around "today" and the demo looks alive.
import { audienceKeysOf } from '../app/domain/audience';
import { instantAt, schoolDay } from '../app/domain/clock';
import { OFFICE_PARTICIPANT, previewOf } from '../app/domain/messages';
import { participantNamesOf } from '../app/domain/server/participant-names';
import { DEMO_ACCOUNTS, DEMO_GOOGLE_ACCOUNTS, DEMO_PASSWORD, demoAccount } from './demo-accounts';
import { stableHash } from './ids';
import { forEachInSlices, Slice } from './slices';
import { store, type Account } from './store';
import { encodeFields, nextServerTime } from './values';
import type { Role } from '../app/domain/roles';

export type SeedProfile = 'demo' | 'large' | 'empty';

interface ProfileSize {
  students: number;
  classroomsPerCampus: number;
  attendanceDays: number;
}

const SIZES: Record<Exclude<SeedProfile, 'empty'>, ProfileSize> = {
  demo: { students: 300, classroomsPerCampus: 6, attendanceDays: 20 },
  large: { students: 5200, classroomsPerCampus: 100, attendanceDays: 5 },
};

/** mulberry32: small, fast and good enough for believable names. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST_NAMES = [
  'Aarav',
  'Maya',
  'Noah',
  'Isla',
  'Kabir',
  'Zara',
  'Ethan',
  'Anaya',
  'Lucas',
  'Mila',
  'Arjun',
  'Chloe',
  'Omar',
  'Ava',
  'Ravi',
  'Freya',
  'Mateo',
  'Leila',
  'Samuel',
  'Nora',
  'Ishaan',
  'Elena',
  'Kofi',
  'Hana',
  'Felix',
  'Amelia',
  'Tariq',
  'Ruby',
  'Diego',
  'Saanvi',
  'Jonah',
  'Yuki',
  'Theo',
  'Aisha',
  'Hugo',
  'Lina',
  'Rohan',
  'Ivy',
  'Elias',
  'Meera',
];
const ADULT_NAMES = [
  'Anita',
  'Marcus',
  'Julia',
  'Vikram',
  'Sarah',
  'Thomas',
  'Fatima',
  'David',
  'Lakshmi',
  'Peter',
  'Rosa',
  'Kwame',
  'Emma',
  'Rahul',
  'Claire',
  'Hassan',
  'Ingrid',
  'Manuel',
  'Deepa',
  'Oliver',
];
const LAST_NAMES = [
  'Sharma',
  'Nguyen',
  'Okafor',
  'Fischer',
  'Patel',
  'Haddad',
  'Kowalski',
  'Mensah',
  'Iyer',
  'Larsen',
  'Costa',
  'Tanaka',
  'Reyes',
  'Brennan',
  'Chaudhry',
  'Novak',
  'Adeyemi',
  'Moreau',
  'Rao',
  'Schmidt',
  'Silva',
  'Kim',
  'Abara',
  'Lindgren',
  'Menon',
  'Dubois',
  'Ortega',
  'Quinn',
  'Bose',
  'Varga',
];
const STREETS = [
  'Lake Road',
  'Hill Street',
  'Temple Lane',
  'Market Road',
  'Garden Avenue',
  'Station Road',
];

const SUBJECTS = [
  { id: 'math', name: 'Mathematics', code: 'MATH', colour: '#2563eb' },
  { id: 'english', name: 'English', code: 'ENG', colour: '#db2777' },
  { id: 'science', name: 'Science', code: 'SCI', colour: '#16a34a' },
  { id: 'art', name: 'Art', code: 'ART', colour: '#ea580c' },
  { id: 'music', name: 'Music', code: 'MUS', colour: '#9333ea' },
  { id: 'pe', name: 'Physical Education', code: 'PE', colour: '#0891b2' },
  { id: 'computing', name: 'Computing', code: 'COMP', colour: '#4b5563' },
  { id: 'languages', name: 'World Languages', code: 'LANG', colour: '#ca8a04' },
];

const CAMPUSES = [
  {
    id: 'campus-north',
    name: 'Northside Campus',
    address: '12 Lake Road, Northside',
    phone: '+91 80 4000 1100',
  },
  {
    id: 'campus-river',
    name: 'Riverside Campus',
    address: '3 Ghat Street, Riverside',
    phone: '+91 80 4000 2200',
  },
];

const GROUP_NAMES = ['Sunflowers', 'Otters', 'Maples', 'Comets', 'Harbour', 'Summit'];

const DAY_MS = 24 * 60 * 60 * 1000;

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** The seeded campuses' zone: the school's day (and its dates) are the day there. */
export const SEED_TIME_ZONE = 'Asia/Kolkata';

/**
 * The school's day at `now` (app/domain/clock.ts), as midnight UTC of that date: the seed's date
 * arithmetic runs on it, so a day's seed is stable and its "today" is the campuses' today, not
 * the UTC one (at 00:30 IST it is already tomorrow at school).
 */
function todayUtc(now: number): Date {
  return new Date(`${schoolDay(SEED_TIME_ZONE, new Date(now))}T00:00:00.000Z`);
}

/** How many lesson blocks a school day has (the timetable below). */
const TIMETABLE_BLOCKS = 4;

/** Minutes since midnight as HH:MM. */
function clockTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

function addDays(d: Date, days: number): Date {
  return new Date(d.getTime() + days * DAY_MS);
}

/** The last `count` weekdays up to and including `from` when it is a weekday. */
function schoolDays(from: Date, count: number): Date[] {
  const days: Date[] = [];
  let d = from;
  while (days.length < count) {
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) days.push(d);
    d = addDays(d, -1);
  }
  return days.reverse();
}

interface SeedWriter {
  put(path: string, data: Record<string, unknown>): void;
  account(a: Omit<Account, 'createdAt' | 'lastLoginAt' | 'passwordUpdatedAt'>): void;
}

/**
 * The seed's documents as plain data: building them is quick, encoding and storing them is most
 * of the work, which `seedStoreInSlices` spreads over several tasks (decision 055).
 */
interface SeedPlan {
  documents: Array<{ path: string; data: Record<string, unknown> }>;
  createdAt: Date;
  time: string;
}

function writer(createdAt: Date, plan: SeedPlan): SeedWriter {
  return {
    put(path, data) {
      plan.documents.push({ path, data });
    },
    account(a) {
      const ms = createdAt.getTime();
      store.accounts.set(a.uid, { ...a, createdAt: ms, lastLoginAt: ms, passwordUpdatedAt: ms });
    },
  };
}

function putPlanned(plan: SeedPlan, { path, data }: SeedPlan['documents'][number]): void {
  const { createdAt, time } = plan;
  store.put(
    path,
    {
      fields: encodeFields({ createdAt, updatedAt: createdAt, ...data }),
      createTime: time,
      updateTime: time,
    },
    false,
  );
}

function claimsFor(roles: Role[], uid: string): Record<string, unknown> {
  return { roles, role: roles[0], memberUUID: uid, tokens: {} };
}

/** Fills the (already cleared) store with one profile. Deterministic for a given day. */
export function seedStore(profile: SeedProfile, now: number = Date.now()): void {
  const plan = planSeed(profile, now);
  for (const document of plan.documents) putPlanned(plan, document);
}

/** `seedStore`, yielding to the event loop between slices of documents (the in-page start). */
export async function seedStoreInSlices(
  profile: SeedProfile,
  now: number = Date.now(),
  slice: Slice = new Slice('seed'),
): Promise<void> {
  const plan = planSeed(profile, now);
  await slice.check();
  await forEachInSlices(plan.documents, slice, (document) => putPlanned(plan, document));
}

/** The accounts (set at once) and the documents of one profile, not yet stored. */
function planSeed(profile: SeedProfile, now: number): SeedPlan {
  const today = todayUtc(now);
  const createdAt = addDays(today, -120);
  if (profile === 'empty') return { documents: [], createdAt, time: '' };
  const plan: SeedPlan = { documents: [], createdAt, time: nextServerTime(createdAt.getTime()) };
  const w = writer(createdAt, plan);
  const size = SIZES[profile];
  const rand = prng(20240901);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
  const systemUid = demoAccount('admin').uid;

  const member = (
    uid: string,
    email: string,
    displayName: string,
    roles: Role[],
    links: { familyId?: string; studentId?: string; facilitatorId?: string } = {},
    status: 'active' | 'suspended' = 'active',
  ) => {
    w.account({
      uid,
      email,
      password: DEMO_PASSWORD,
      displayName,
      photoUrl: '',
      disabled: status === 'suspended',
      emailVerified: true,
      claims: claimsFor(roles, uid),
      providers: ['password'],
    });
    w.put(`Members/${uid}`, {
      memberUUID: uid,
      email,
      displayName,
      photoURL: '',
      roles,
      status,
      ...links,
      preferences: { persistLogin: true, theme: 'default' },
      lastUpdated: createdAt,
      updatedBy: systemUid,
    });
  };

  // Campuses and subjects.
  // The id is the document key, never a field: the rules refuse a stored id (keys().hasOnly).
  for (const { id, ...campus } of CAMPUSES)
    w.put(`campuses/${id}`, { ...campus, timezone: SEED_TIME_ZONE, updatedBy: systemUid });
  for (const s of SUBJECTS) {
    w.put(`subjects/${s.id}`, {
      name: s.name,
      code: s.code,
      colour: s.colour,
      description: `${s.name} across all year groups.`,
      updatedBy: systemUid,
    });
  }

  // Classrooms: one per age group and campus; more groups in the large profile.
  interface ClassroomSeed {
    id: string;
    campusId: string;
    minAge: number;
    subjectIds: string[];
    facilitatorIds: string[];
  }
  const classrooms: ClassroomSeed[] = [];
  for (const campus of CAMPUSES) {
    for (let i = 0; i < size.classroomsPerCampus; i++) {
      const group = GROUP_NAMES[i % GROUP_NAMES.length] as string;
      const suffix = i >= GROUP_NAMES.length ? ` ${Math.floor(i / GROUP_NAMES.length) + 1}` : '';
      const id = `${campus.id.replace('campus-', '')}-${group.toLowerCase()}${suffix.trim() ? `-${suffix.trim()}` : ''}`;
      const subjectIds = ['math', 'english', SUBJECTS[2 + (i % 6)]?.id ?? 'science'];
      classrooms.push({
        id,
        campusId: campus.id,
        minAge: 4 + (i % GROUP_NAMES.length) * 2,
        subjectIds,
        facilitatorIds: [],
      });
      void group;
    }
  }

  // Facilitators: one lead per classroom (two classrooms each in the demo), each with a member.
  const facilitatorCount = Math.max(8, Math.ceil(classrooms.length / 2) + 2);
  const facilitatorIds: string[] = [];
  for (let i = 0; i < facilitatorCount; i++) {
    const isDemo = i === 0;
    const demo = demoAccount('facilitator');
    const uid = isDemo ? demo.uid : `fac-member-${String(i).padStart(3, '0')}`;
    const id = `fac-${String(i).padStart(3, '0')}`;
    const first = isDemo ? 'Daniel' : pick(ADULT_NAMES);
    const last = isDemo ? 'Mensah' : pick(LAST_NAMES);
    const email = isDemo
      ? demo.email
      : `${first.toLowerCase()}.${last.toLowerCase()}${i}@demo-learning.example`;
    facilitatorIds.push(id);
    const mine = classrooms.filter(
      (_, ci) => ci % facilitatorCount === i || (ci + 1) % facilitatorCount === i,
    );
    // The demo facilitator also teaches the demo parent's older child (Leo, 12, first campus), so
    // the demo accounts can write to each other about him (issue 13).
    const leosClassroom = classrooms
      .filter((c) => c.campusId === CAMPUSES[0]?.id)
      .find((c) => 12 >= c.minAge && 12 < c.minAge + 2);
    if (isDemo && leosClassroom && !mine.includes(leosClassroom)) mine.push(leosClassroom);
    for (const c of mine) if (!c.facilitatorIds.includes(id)) c.facilitatorIds.push(id);
    member(uid, email, `${first} ${last}`, ['facilitator'], { facilitatorId: id });
    w.put(`facilitators/${id}`, {
      memberUUID: uid,
      firstName: first,
      lastName: last,
      email,
      phone: `+91 98${String(4500000 + i * 7919).padStart(8, '0')}`,
      campusId: mine[0]?.campusId ?? 'campus-north',
      subjectIds: [...new Set(mine.flatMap((c) => c.subjectIds))],
      classroomIds: mine.map((c) => c.id),
      status: i === facilitatorCount - 1 ? 'inactive' : 'active',
      bio: `${first} has taught for ${3 + (i % 12)} years.`,
      updatedBy: systemUid,
    });
  }

  // Each classroom teaches its subjects in one block of the day (08:30, 10:30, 12:30 or 14:30;
  // 35-minute lessons 40 minutes apart). The demo facilitator's classrooms take different blocks,
  // so the one person is never in two rooms (on two campuses) at once; the rest rotate by index.
  const demoFacilitatorId = facilitatorIds[0] ?? '';
  const demoRooms = classrooms.filter((c) => c.facilitatorIds.includes(demoFacilitatorId));
  const blockOf = (c: (typeof classrooms)[number], index: number): number => {
    const demoIndex = demoRooms.indexOf(c);
    return (demoIndex >= 0 ? demoIndex : index) % TIMETABLE_BLOCKS;
  };
  classrooms.forEach((c, index) => {
    const blockStart = 8 * 60 + 30 + blockOf(c, index) * 120;
    const schedule = [1, 2, 3, 4, 5].flatMap((weekday) =>
      c.subjectIds.map((subjectId, k) => ({
        weekday,
        start: clockTime(blockStart + k * 40),
        end: clockTime(blockStart + k * 40 + 35),
        subjectId,
      })),
    );
    const group = c.id.split('-').slice(1).join(' ');
    w.put(`classrooms/${c.id}`, {
      name: `${group.charAt(0).toUpperCase()}${group.slice(1)} (ages ${c.minAge}–${c.minAge + 1})`,
      campusId: c.campusId,
      subjectIds: c.subjectIds,
      facilitatorIds: c.facilitatorIds,
      capacity: 28,
      schedule,
      updatedBy: systemUid,
    });
  });

  // Families and students. The demo parent's family comes first, with two children; the older
  // child is the demo student.
  const parentDemo = demoAccount('parent');
  const studentDemo = demoAccount('student');
  const demoStudentClassrooms: string[] = [];
  const studentsByClassroom = new Map<string, string[]>(classrooms.map((c) => [c.id, []]));
  // For the seeded absence reports: who reports for a family, and where each student is.
  const reporterOf = new Map<string, { uid: string; name: string }>();
  const placeOf = new Map<string, { familyId: string; campusId: string; classroomIds: string[] }>();
  let studentIndex = 0;
  let familyIndex = 0;
  const parentMemberFamilies = Math.min(30, Math.ceil(size.students / 10));
  while (studentIndex < size.students) {
    const familyId = `fam-${String(familyIndex).padStart(4, '0')}`;
    const isDemoFamily = familyIndex === 0;
    const familyName = isDemoFamily ? 'Whitfield' : pick(LAST_NAMES);
    const roll = rand();
    const children = isDemoFamily ? 2 : roll < 0.45 ? 1 : roll < 0.9 ? 2 : 3;
    const campus = familyIndex % 2 === 0 ? CAMPUSES[0] : CAMPUSES[1];
    const guardianFirst = isDemoFamily ? 'Grace' : pick(ADULT_NAMES);
    const primaryEmail = isDemoFamily
      ? parentDemo.email
      : `${guardianFirst.toLowerCase()}.${familyName.toLowerCase()}${familyIndex}@mail.example`;
    let guardianUid: string | undefined;
    if (isDemoFamily) guardianUid = parentDemo.uid;
    else if (familyIndex < parentMemberFamilies)
      guardianUid = `parent-member-${String(familyIndex).padStart(4, '0')}`;
    const guardians = [
      {
        name: `${guardianFirst} ${familyName}`,
        relationship: rand() < 0.5 ? 'Mother' : 'Father',
        email: primaryEmail,
        phone: `+91 99${String(1000000 + familyIndex * 104729).slice(-8)}`,
        ...(guardianUid ? { memberUUID: guardianUid } : {}),
        isPrimary: true,
      },
    ];
    if (rand() < 0.6) {
      guardians.push({
        name: `${pick(ADULT_NAMES)} ${familyName}`,
        relationship: rand() < 0.8 ? 'Parent' : 'Grandparent',
        email: `${familyName.toLowerCase()}.family${familyIndex}@mail.example`,
        phone: `+91 97${String(2000000 + familyIndex * 7907).slice(-8)}`,
        isPrimary: false,
      });
    }
    w.put(`families/${familyId}`, {
      familyName,
      guardians,
      address: `${1 + (familyIndex % 97)} ${pick(STREETS)}, ${campus?.name.split(' ')[0] ?? ''}`,
      notes: '',
      updatedBy: systemUid,
    });
    if (guardianUid) {
      member(guardianUid, primaryEmail, guardians[0]?.name ?? familyName, ['parent'], { familyId });
      reporterOf.set(familyId, { uid: guardianUid, name: guardians[0]?.name ?? familyName });
    }

    for (let k = 0; k < children && studentIndex < size.students; k++, studentIndex++) {
      const id = `stu-${String(studentIndex).padStart(5, '0')}`;
      const isDemoStudent = isDemoFamily && k === 0;
      const age = isDemoFamily ? (k === 0 ? 12 : 8) : 4 + Math.floor(rand() * 12);
      const campusClassrooms = classrooms.filter((c) => c.campusId === campus?.id);
      // Spread over every classroom of the age group (the large profile has ~16 per campus), so a
      // facilitator's rooms hold a class, not a whole age group (issue 29's reads per person). The
      // demo family keeps the first, which the demo facilitator teaches; the demo profile has one.
      const ageClassrooms = campusClassrooms.filter((c) => age >= c.minAge && age < c.minAge + 2);
      const classroom =
        (isDemoFamily ? ageClassrooms[0] : ageClassrooms[studentIndex % ageClassrooms.length]) ??
        campusClassrooms[campusClassrooms.length - 1];
      const statusRoll = rand();
      const status =
        isDemoFamily || statusRoll < 0.9
          ? 'enrolled'
          : statusRoll < 0.95
            ? 'waitlisted'
            : statusRoll < 0.98
              ? 'withdrawn'
              : 'graduated';
      const classroomIds = status === 'enrolled' && classroom ? [classroom.id] : [];
      if (isDemoStudent) demoStudentClassrooms.push(...classroomIds);
      if (status === 'enrolled' && classroom) studentsByClassroom.get(classroom.id)?.push(id);
      const firstName = isDemoStudent ? 'Leo' : isDemoFamily ? 'Ivy' : pick(FIRST_NAMES);
      placeOf.set(id, { familyId, campusId: campus?.id ?? 'campus-north', classroomIds });
      const birth = addDays(today, -Math.round(age * 365.25 + rand() * 300));
      w.put(`students/${id}`, {
        firstName,
        lastName: familyName,
        dateOfBirth: isoDate(birth),
        familyId,
        campusId: campus?.id ?? 'campus-north',
        classroomIds,
        status,
        enrolledOn: isoDate(addDays(today, -Math.floor(30 + rand() * 900))),
        ...(isDemoStudent ? { memberUUID: studentDemo.uid } : {}),
        ...(rand() < 0.08
          ? { medicalNotes: pick(['Peanut allergy', 'Asthma inhaler in bag', 'Wears glasses']) }
          : {}),
        notes: '',
        updatedBy: systemUid,
      });
      if (isDemoStudent) {
        member(studentDemo.uid, studentDemo.email, studentDemo.displayName, ['student'], {
          studentId: id,
          familyId,
        });
      }
    }
    familyIndex++;
  }

  // Staff members: the remaining demo accounts, a staff-domain Google account, a suspended one.
  member(demoAccount('admin').uid, demoAccount('admin').email, demoAccount('admin').displayName, [
    'admin',
  ]);
  const sa = demoAccount('superAdmin');
  member(sa.uid, sa.email, sa.displayName, ['superAdmin', 'admin']);
  const office = demoAccount('administration');
  member(office.uid, office.email, office.displayName, ['administration']);
  const principal = DEMO_GOOGLE_ACCOUNTS[0];
  if (principal) {
    const uid = `google-${stableHash(principal.email)}`;
    w.put(`Members/${uid}`, {
      memberUUID: uid,
      email: principal.email,
      displayName: principal.displayName,
      photoURL: '',
      roles: ['admin', 'superAdmin'],
      status: 'active',
      preferences: { persistLogin: true },
      lastUpdated: createdAt,
    });
    w.account({
      uid,
      email: principal.email,
      password: null,
      displayName: principal.displayName,
      photoUrl: '',
      disabled: false,
      emailVerified: true,
      claims: claimsFor(['admin', 'superAdmin'], uid),
      providers: ['google.com'],
    });
  }
  member(
    'office-suspended',
    'former.office@demo-learning.example',
    'Rita Former',
    ['administration'],
    {},
    'suspended',
  );

  // Attendance: the last school days; today's roll call is done for half the classrooms only,
  // so "not yet marked today" has something to show.
  const days = schoolDays(today, size.attendanceDays);
  const todayIso = isoDate(today);
  const statuses = ['absent', 'late', 'excused'] as const;
  classrooms.forEach((c, ci) => {
    const roster = studentsByClassroom.get(c.id) ?? [];
    const by = c.facilitatorIds[0] ?? systemUid;
    const byMember = by.startsWith('fac-')
      ? by === 'fac-000'
        ? demoAccount('facilitator').uid
        : `fac-member-${by.slice(4)}`
      : by;
    for (const day of days) {
      const date = isoDate(day);
      if (date === todayIso && ci % 2 === 1) continue;
      const entries: Record<string, unknown> = {};
      const at = new Date(day.getTime() + 3.5 * 60 * 60 * 1000).toISOString();
      for (const studentId of roster) {
        const r = rand();
        const status = r < 0.9 ? 'present' : (statuses[Math.floor((r - 0.9) * 30)] ?? 'absent');
        entries[studentId] = { status, at, by: byMember };
      }
      w.put(`attendance/${c.id}_${date}`, {
        classroomId: c.id,
        date,
        entries,
        updatedBy: byMember,
      });
    }
  });

  // Absences families reported (issue 32): today and the next days, for the office's list and the
  // roll calls; one by the demo parent for Ivy, later in the week. Only students whose family has
  // a parent member, who is the reporter. None for Leo: the browser tests report his.
  const reasons = ['ill', 'appointment', 'family', 'religious', 'ill', 'other'] as const;
  const reported: string[] = [];
  for (const c of classrooms) {
    const candidate = (studentsByClassroom.get(c.id) ?? []).find((id) => {
      const place = placeOf.get(id);
      return place && place.familyId !== 'fam-0000' && reporterOf.has(place.familyId);
    });
    if (candidate) reported.push(candidate);
  }
  const ivy = [...placeOf].find(([id, p]) => p.familyId === 'fam-0000' && id !== 'stu-00000');
  if (ivy) reported.push(ivy[0]);
  reported.forEach((studentId, i) => {
    const place = placeOf.get(studentId);
    const reporter = place ? reporterOf.get(place.familyId) : undefined;
    if (!place || !reporter) return;
    const isIvy = place.familyId === 'fam-0000';
    const from = isoDate(addDays(today, isIvy ? 3 : i % 3));
    const late = !isIvy && i % 4 === 1;
    w.put(`absenceReports/seed-report-${String(i).padStart(2, '0')}`, {
      studentId,
      familyId: place.familyId,
      campusId: place.campusId,
      classroomIds: place.classroomIds,
      from,
      to: late ? from : isoDate(addDays(today, (isIvy ? 3 : i % 3) + (i % 2))),
      part: late ? 'late' : 'day',
      ...(late ? { time: '10:30' } : {}),
      reason: isIvy ? 'appointment' : (reasons[i % reasons.length] ?? 'other'),
      note: isIvy ? 'Dentist in the morning; back after lunch if she feels well.' : '',
      status: 'reported',
      createdBy: reporter.uid,
      reporterName: reporter.name,
      updatedBy: reporter.uid,
    });
  });

  // Events around today.
  const eventTemplates: Array<{
    title: string;
    audience: Role[];
    offset: number;
    allDay: boolean;
    classroom?: boolean;
  }> = [
    {
      title: 'Parent–teacher conferences',
      audience: ['admin', 'administration', 'facilitator', 'parent'],
      offset: 6,
      allDay: true,
    },
    {
      title: 'Science fair',
      audience: ['admin', 'administration', 'facilitator', 'parent', 'student'],
      offset: 12,
      allDay: false,
    },
    {
      title: 'Staff planning day',
      audience: ['admin', 'administration', 'facilitator'],
      offset: 3,
      allDay: true,
    },
    {
      title: 'Field trip: botanical garden',
      audience: ['facilitator', 'parent', 'student'],
      offset: 9,
      allDay: false,
      classroom: true,
    },
    {
      title: 'Music recital',
      audience: ['admin', 'administration', 'facilitator', 'parent', 'student'],
      offset: 20,
      allDay: false,
    },
    {
      title: 'Fire drill',
      audience: ['admin', 'administration', 'facilitator', 'student'],
      offset: 1,
      allDay: false,
    },
    {
      title: 'Sports day',
      audience: ['admin', 'administration', 'facilitator', 'parent', 'student'],
      offset: -5,
      allDay: true,
    },
    {
      title: 'Book week',
      audience: ['facilitator', 'parent', 'student'],
      offset: -2,
      allDay: true,
    },
    {
      title: 'Open house for new families',
      audience: ['admin', 'administration', 'parent'],
      offset: 15,
      allDay: false,
    },
    {
      title: 'Term report deadline',
      audience: ['admin', 'administration', 'facilitator'],
      offset: 25,
      allDay: true,
    },
    {
      title: 'Art exhibition',
      audience: ['admin', 'administration', 'facilitator', 'parent', 'student'],
      offset: 30,
      allDay: false,
      classroom: true,
    },
    {
      title: 'Coding club showcase',
      audience: ['facilitator', 'student'],
      offset: 4,
      allDay: false,
      classroom: true,
    },
  ];
  // The demo facilitator's classrooms, Leo's first: the classroom events and resources are for it,
  // so the demo parent, student and facilitator all see them.
  const demoFacilitatorClassrooms = classrooms
    .filter((c) => c.facilitatorIds.includes('fac-000'))
    .map((c) => c.id)
    .sort(
      (a, b) =>
        Number(demoStudentClassrooms.includes(b)) - Number(demoStudentClassrooms.includes(a)),
    );
  eventTemplates.forEach((e, i) => {
    const start = addDays(today, e.offset);
    // An all-day event runs from the campus's midnight to the last second of its day, as the
    // event form stores one (app/features/calendar/event-form.ts), not from midnight UTC, which
    // is 05:30 in Kolkata and would spill into the next day there.
    const startAt = e.allDay
      ? instantAt(SEED_TIME_ZONE, isoDate(start))
      : new Date(start.getTime() + (10 + (i % 5)) * 3600 * 1000);
    const end = e.allDay
      ? instantAt(SEED_TIME_ZONE, isoDate(start), 23, 59, 59)
      : new Date(startAt.getTime() + 2 * 3600 * 1000);
    // A classroom's event is at that classroom's campus.
    const classroomCampus = classrooms.find((c) => c.id === demoFacilitatorClassrooms[0])?.campusId;
    const campus = e.classroom ? CAMPUSES.find((c) => c.id === classroomCampus) : CAMPUSES[i % 2];
    w.put(`events/evt-${String(i).padStart(3, '0')}`, {
      title: e.title,
      description: `${e.title} — details from the office.`,
      start: startAt.toISOString(),
      end: end.toISOString(),
      allDay: e.allDay,
      location: campus?.name ?? '',
      ...(e.classroom ? {} : { campusId: campus?.id }),
      classroomIds: e.classroom ? demoFacilitatorClassrooms.slice(0, 1) : [],
      audience: e.audience,
      audienceKeys: audienceKeysOf({
        audience: e.audience,
        classroomIds: e.classroom ? demoFacilitatorClassrooms.slice(0, 1) : [],
        campusId: e.classroom ? null : campus?.id,
      }),
      createdBy: e.classroom ? demoAccount('facilitator').uid : systemUid,
      updatedBy: systemUid,
    });
  });

  // The museum trip asks Leo's class for consent (issue 32), until five days from now; some
  // families with a parent account have answered, Leo's has not.
  const museumClass = demoFacilitatorClassrooms[0];
  if (museumClass) {
    const museumStart = instantAt(SEED_TIME_ZONE, isoDate(addDays(today, 8)), 9, 30);
    const deadline = instantAt(SEED_TIME_ZONE, isoDate(addDays(today, 5)), 17, 0).getTime();
    const audience: Role[] = ['facilitator', 'parent', 'student'];
    w.put('events/evt-museum', {
      title: 'Museum trip',
      description: 'A day at the city museum with the class. Packed lunch; back by 15:30.',
      start: museumStart.toISOString(),
      end: new Date(museumStart.getTime() + 6 * 3600 * 1000).toISOString(),
      allDay: false,
      location: 'City museum',
      classroomIds: [museumClass],
      audience,
      audienceKeys: audienceKeysOf({ audience, classroomIds: [museumClass], campusId: null }),
      reply: { kind: 'consent', deadline, consentTo: 'go on the museum trip' },
      createdBy: demoAccount('facilitator').uid,
      updatedBy: demoAccount('facilitator').uid,
    });
    const answered = (studentsByClassroom.get(museumClass) ?? []).filter((id) => {
      const place = placeOf.get(id);
      return place && place.familyId !== 'fam-0000' && reporterOf.has(place.familyId);
    });
    answered.slice(0, 3).forEach((studentId, i) => {
      const place = placeOf.get(studentId);
      const guardian = place ? reporterOf.get(place.familyId) : undefined;
      const student = plan.documents.find((d) => d.path === `students/${studentId}`)?.data;
      if (!place || !guardian || !student) return;
      const name = `${String(student.firstName)} ${String(student.lastName)}`;
      const yes = i !== 2;
      w.put(`eventReplies/evt-museum_${studentId}`, {
        eventId: 'evt-museum',
        studentId,
        familyId: place.familyId,
        classroomIds: place.classroomIds,
        kind: 'consent',
        answer: yes ? 'yes' : 'no',
        wording: `I ${yes ? 'give' : 'do not give'} consent for ${name} to go on the museum trip.`,
        guardianName: guardian.name,
        repliedBy: guardian.uid,
        createdBy: guardian.uid,
        updatedBy: guardian.uid,
      });
    });
  }

  // Conversations with messages.
  const fac = demoAccount('facilitator').uid;
  const par = parentDemo.uid;
  const stu = studentDemo.uid;
  const adm = demoAccount('admin').uid;
  const off = office.uid;
  // The seed's Members so far, read as the trigger reads them: each conversation carries its
  // participants' names as the deployed trigger would have written them (participant-names.ts).
  const seededMembers = {
    today: isoDate(today),
    get: (path: string) => plan.documents.find((d) => d.path === path)?.data ?? null,
    list: (collection: string) =>
      plan.documents
        .filter((d) => d.path.startsWith(`${collection}/`))
        .map((d) => ({ id: d.path.slice(collection.length + 1), data: d.data })),
  };
  const conv = (
    id: string,
    subject: string,
    participantIds: string[],
    messages: Array<[string, string]>,
    studentId?: string,
  ) => {
    let last = addDays(today, -3);
    // Every message but the last is read by everyone (the office by its front desk), 12 minutes
    // after it came, so receipts have a time; the last is unread by all but its sender.
    const readers = [...new Set(participantIds.map((p) => (p === OFFICE_PARTICIPANT ? off : p)))];
    messages.forEach(([senderId, body], i) => {
      last = new Date(last.getTime() + (i + 1) * 47 * 60 * 1000);
      const read = i < messages.length - 1;
      const readAt = new Date(last.getTime() + 12 * 60 * 1000).toISOString();
      const others = readers.filter((r) => r !== senderId);
      w.put(`conversations/${id}/messages/msg-${String(i).padStart(3, '0')}`, {
        senderId,
        body,
        sentAt: last.toISOString(),
        readBy: read ? [senderId, ...others] : [senderId],
        readAt: read ? Object.fromEntries(others.map((r) => [r, readAt])) : {},
        conversationId: id,
      });
    });
    const lastBody = messages[messages.length - 1]?.[1] ?? '';
    w.put(`conversations/${id}`, {
      subject,
      participantIds,
      participantNames: participantNamesOf(participantIds, seededMembers),
      ...(studentId ? { studentId } : {}),
      lastMessageAt: last.toISOString(),
      lastMessagePreview: previewOf(lastBody),
      updatedBy: systemUid,
    });
  };
  conv(
    'conv-leo-progress',
    "Leo's maths progress",
    [par, fac],
    [
      [par, 'Hi Daniel, how is Leo getting on with fractions?'],
      [fac, 'He is doing well — much more confident since the half-term.'],
      [par, 'Great to hear. Anything we can practise at home?'],
    ],
    'stu-00000',
  );
  conv(
    'conv-ivy-pickup',
    'Early pick-up on Friday',
    [par, off],
    [
      [par, 'Ivy needs to leave at 1 pm on Friday for a dentist appointment.'],
      [off, 'Noted, thank you. Please sign her out at the front desk.'],
    ],
    'stu-00001',
  );
  // With the office as a team (any office member answers); the parent has not read the answer.
  conv(
    'conv-leo-trip',
    'Museum trip consent form',
    [par, OFFICE_PARTICIPANT],
    [
      [par, 'I have lost the consent form for the museum trip. Could you send another?'],
      [off, 'Of course — a new copy is in Leo’s bag today.'],
    ],
    'stu-00000',
  );
  conv(
    'conv-leo-homework',
    'Homework question',
    [stu, fac],
    [
      [stu, 'Is the science worksheet due tomorrow?'],
      [fac, 'Yes, bring it to class tomorrow morning.'],
    ],
  );
  conv(
    'conv-staff-planning',
    'Planning day agenda',
    [adm, fac, off],
    [
      [adm, 'Draft agenda for the planning day is in the shared folder.'],
      [fac, 'Thanks — I added a slot for the reading programme.'],
      [off, 'Room booked for 9:30.'],
    ],
  );
  for (let i = 0; i < 6; i++) {
    const famUid = `parent-member-${String(i + 1).padStart(4, '0')}`;
    conv(
      `conv-family-${i + 1}`,
      'Welcome to the new term',
      [famUid, fac],
      [
        [fac, 'Welcome back! Let me know if you have any questions.'],
        [famUid, 'Thank you, looking forward to it.'],
      ],
    );
  }

  // Notifications for the demo members (some new, one with the legacy misspelt field). The
  // message one goes where the trigger would send it: to the conversation's participants but its
  // sender (Daniel Mensah wrote it, so the demo parent is told, never Daniel himself).
  const messageRecipients = new Set([par]);
  const notes: Array<[string, string, string, string]> = [
    ['message', 'conversations/conv-leo-progress', 'New message from Daniel Mensah', 'message'],
    ['event', 'events/evt-000', 'Parent–teacher conferences are next week', 'event'],
    ['attendance', 'attendance', "Today's attendance has been recorded", 'attendance'],
    ['inquiry', 'parentInquiries', 'A new enrolment inquiry needs a reply', 'inquiry'],
    ['resource', 'resources', 'New reading list shared with your class', 'resource'],
  ];
  let n = 0;
  for (const account of DEMO_ACCOUNTS) {
    notes.forEach(([action, actionItem, description], i) => {
      if (action === 'message' && !messageRecipients.has(account.uid)) return;
      const id = `ntf-${String(n++).padStart(4, '0')}`;
      const legacy = i === 4;
      w.put(`Notifications/${id}`, {
        notificationUUID: id,
        memberUUID: account.uid,
        action,
        actionItem,
        ...(legacy ? { descripton: description } : { description }),
        date: new Date(now - (i + 1) * 3 * 3600 * 1000).toISOString(),
        status: i === 3 && account.role !== 'admin' ? 'archived' : 'active',
        isNew: i < 2,
        updatedBy: systemUid,
      });
    });
  }

  // Parent inquiries across the pipeline; two belong to the demo parent.
  const inquiryStatuses = [
    'new',
    'contacted',
    'tour scheduled',
    'applied',
    'waitlisted',
    'enrolled',
    'closed',
  ] as const;
  for (let i = 0; i < 28; i++) {
    const status = inquiryStatuses[i % inquiryStatuses.length] ?? 'new';
    const own = i < 2;
    const parentName = own ? parentDemo.displayName : `${pick(ADULT_NAMES)} ${pick(LAST_NAMES)}`;
    const created = addDays(today, -(i * 2 + 1));
    const history = inquiryStatuses.slice(0, inquiryStatuses.indexOf(status) + 1).map((s, k) => ({
      at: addDays(created, k).toISOString(),
      by: k === 0 ? 'web-form' : off,
      status: s,
      note: '',
    }));
    w.put(`parentInquiries/inq-${String(i).padStart(3, '0')}`, {
      parentName,
      email: own
        ? parentDemo.email
        : `${parentName.toLowerCase().replace(/\s+/g, '.')}@mail.example`,
      phone: `+91 96${String(3000000 + i * 3571).slice(-8)}`,
      childName: `${pick(FIRST_NAMES)} ${parentName.split(' ')[1] ?? ''}`.trim(),
      childDateOfBirth: isoDate(addDays(today, -Math.round((4 + (i % 8)) * 365.25))),
      campusId: CAMPUSES[i % 2]?.id,
      message: 'We would like to learn more about enrolment for next term.',
      status: own ? (i === 0 ? 'new' : 'contacted') : status,
      ...(i % 3 === 0 ? {} : { assignedTo: off }),
      history: own ? history.slice(0, i + 1) : history,
      ...(own ? { createdBy: par } : {}),
      updatedBy: systemUid,
    });
  }

  // Resources.
  for (let i = 0; i < 20; i++) {
    const subject = SUBJECTS[i % SUBJECTS.length];
    const mine = i < 4;
    w.put(`resources/res-${String(i).padStart(3, '0')}`, {
      title: `${subject?.name ?? 'General'} resource ${i + 1}`,
      description: `Practice material for ${subject?.name ?? 'everyone'}.`,
      kind: 'link',
      url: `https://example.org/resources/${subject?.id ?? 'general'}/${i + 1}`,
      subjectId: subject?.id,
      classroomIds: mine ? demoFacilitatorClassrooms.slice(0, 1) : [],
      audience: i % 4 === 3 ? ['facilitator'] : ['facilitator', 'parent', 'student'],
      audienceKeys: audienceKeysOf({
        audience: i % 4 === 3 ? ['facilitator'] : ['facilitator', 'parent', 'student'],
        classroomIds: mine ? demoFacilitatorClassrooms.slice(0, 1) : [],
      }),
      createdBy: mine ? fac : systemUid,
      updatedBy: systemUid,
    });
  }

  // unregisteredSignins starts empty: only the backend writes it, when someone signs in wrongly.

  // Collection versions: every cached collection at 1.0.0.
  const cached = [
    'students',
    'families',
    'facilitators',
    'subjects',
    'classrooms',
    'campuses',
    'members',
  ];
  w.put('system/collectionVersions', {
    collections: Object.fromEntries(
      cached.map((c) => [c, { version: '1.0.0', updatedAt: createdAt }]),
    ),
    lastUpdated: createdAt,
  });
  return plan;
}
