// What every messages screen reads, in one place: the person's conversations and their messages
// from the cache (the sync keeps the messages of every conversation the person takes part in,
// decision 045), the people they can name, and the signed-in person as the permission matrix sees
// them. Every read goes through the cache service (loadCollection), so the inbox opens offline.
import { z } from 'zod';
import type { SessionUser } from '~/auth/session-user';
import { loadCollection } from '~/data/route-data';
import { campusZone, schoolDay, signedInZone } from '~/domain/clock';
import {
  hasRead,
  OFFICE_NAME,
  OFFICE_PARTICIPANT,
  participantIdsOf,
  participantRole,
  takesPart,
} from '~/domain/messages';
import { principalFromLists, type Principal } from '~/domain/permissions';
import {
  conversationSchema,
  facilitatorSchema,
  familySchema,
  messageSchema,
  studentSchema,
  type Conversation,
  type Facilitator,
  type Family,
  type Message,
  type Student,
} from '~/domain/records';
import { isRole, isStaff, type Role } from '~/domain/roles';

export const conversationRecordSchema = conversationSchema.extend({ id: z.string() });
export const messageRecordSchema = messageSchema.extend({ id: z.string() });
const studentRecordSchema = studentSchema.extend({ id: z.string() });
const facilitatorRecordSchema = facilitatorSchema.extend({ id: z.string() });
const familyRecordSchema = familySchema.extend({ id: z.string() });
/** A campus's id and zone: all the messages screens need of it (the clock of their times). */
const campusZoneSchema = z.object({ id: z.string(), timezone: z.string().nullish() });
/** A classroom's campus: a facilitator or student with no campus of their own takes their class's. */
const classroomCampusSchema = z.object({ id: z.string(), campusId: z.string() });
/** Only what a name and a role need, so one odd Members profile does not hide the others. */
const memberNameSchema = z.object({
  id: z.string(),
  memberUUID: z.string().nullish(),
  displayName: z.string().nullish(),
  roles: z.array(z.string()).default([]),
  status: z.string().nullish(),
});

export type ConversationRecord = Conversation & { id: string };
export type MessageRecord = Message & { id: string; conversationId: string };
export type StudentRecord = Student & { id: string };
export type FacilitatorRecord = Facilitator & { id: string };
export type FamilyRecord = Family & { id: string };

/** A person as the messages screens name them. */
export interface Person {
  name: string;
  /** "Facilitator", "Parent", "Office", … */
  role: string;
}

/** A conversation with what the inbox shows about it, computed from the cached messages. */
export interface InboxItem {
  conversation: ConversationRecord;
  /** Messages of the conversation in the cache, oldest first (pending ones included). */
  messages: MessageRecord[];
  /** The newest message, or null when the cache holds none yet (then the conversation's preview). */
  last: MessageRecord | null;
  /** When the conversation last changed: the newest message, else lastMessageAt, else createdAt. */
  lastAt: string;
  preview: string;
  unread: number;
  /** The child it is about, when the person may see them. */
  student: StudentRecord | null;
  /** Whether the person takes part (office staff also read archived conversations they do not). */
  participant: boolean;
  /** When and by whom it was archived; null while it is not. */
  archived: { at: string; by: string } | null;
}

export interface MessagesData {
  today: string;
  /** The person's campus zone: message days and times are written in it. */
  timeZone: string;
  principal: Principal;
  /** The ids the person answers to: their member id, and 'office' for office staff. */
  myIds: string[];
  /** Newest first. */
  inbox: InboxItem[];
  /** Total unread messages over all conversations. */
  unreadTotal: number;
  /** Everyone the person can name, by member id ('office' included). */
  people: Map<string, Person>;
  /** The students the person may see (the child picker offers these). */
  students: StudentRecord[];
  facilitators: FacilitatorRecord[];
  families: FamilyRecord[];
  /** Members with their roles, for staff (who may read them); empty for others. */
  members: Array<{ memberUUID: string; name: string; roles: Role[] }>;
  /** Cache ids of messages and conversations the backend has not accepted yet. */
  pendingMessageIds: Set<string>;
  pendingConversationIds: Set<string>;
}

/** Everything the messages screens need, from the cache (refreshed first when due). */
export async function loadMessagesData(user: SessionUser): Promise<MessagesData> {
  const staff = isStaff(user.roles);
  const [
    conversations,
    messages,
    students,
    facilitators,
    families,
    members,
    pending,
    campuses,
    classrooms,
  ] = await Promise.all([
    loadCollection('conversations', { schema: conversationRecordSchema }),
    loadCollection('messages', { schema: messageRecordSchema }),
    loadCollection('students', { schema: studentRecordSchema }),
    loadCollection('facilitators', { schema: facilitatorRecordSchema }),
    user.roles.includes('student')
      ? Promise.resolve([])
      : loadCollection('families', { schema: familyRecordSchema }),
    staff ? loadCollection('members', { schema: memberNameSchema }) : Promise.resolve([]),
    import('~/data/store').then(async ({ store }) => ({
      messages: await store.pendingIds('messages'),
      conversations: await store.pendingIds('conversations'),
    })),
    loadCollection('campuses', { schema: campusZoneSchema }),
    loadCollection('classrooms', { schema: classroomCampusSchema }),
  ]);

  // The reader's campus clock: messages are grouped, headed and timed by the day and time of the
  // person's campus, by the app's one rule (clock.signedInZone, as every other screen's times).
  const principalBase = principalFromLists(
    { uid: user.uid, email: user.email, roles: user.roles, memberUUID: user.memberUUID },
    { facilitators, students, families },
    user.member,
    schoolDay(campusZone(undefined, campuses)),
  );
  const timeZone = signedInZone(principalBase, campuses, classrooms);
  const today = schoolDay(timeZone);
  const principal = principalFromLists(
    { uid: user.uid, email: user.email, roles: user.roles, memberUUID: user.memberUUID },
    { facilitators, students, families },
    user.member,
    today,
  );

  // Names, from the least to the most authoritative source (later entries win).
  const people = new Map<string, Person>();
  // First the names each conversation carries (kept by the trigger): the only source for the
  // people this person cannot read (a facilitator's parents and colleagues), so nobody in a
  // conversation is left to the fallback label.
  for (const conversation of conversations) {
    for (const [id, person] of Object.entries(conversation.participantNames ?? {})) {
      people.set(id, person);
    }
  }
  for (const family of families) {
    for (const g of family.guardians) {
      if (g.memberUUID) people.set(g.memberUUID, { name: g.name, role: 'Parent' });
    }
  }
  for (const s of students) {
    if (s.memberUUID) {
      people.set(s.memberUUID, {
        name: `${s.preferredName || s.firstName} ${s.lastName}`,
        role: 'Student',
      });
    }
  }
  for (const f of facilitators) {
    if (f.memberUUID)
      people.set(f.memberUUID, { name: `${f.firstName} ${f.lastName}`, role: 'Facilitator' });
  }
  const memberList: MessagesData['members'] = [];
  for (const m of members) {
    const memberUUID = m.memberUUID ?? m.id;
    const roles = m.roles.filter(isRole);
    const name = m.displayName ?? people.get(memberUUID)?.name ?? m.id;
    people.set(memberUUID, { name, role: participantRole(roles) });
    if (m.status !== 'suspended') memberList.push({ memberUUID, name, roles });
  }
  people.set(OFFICE_PARTICIPANT, { name: OFFICE_NAME, role: 'Office' });
  if (user.displayName)
    people.set(user.memberUUID, { name: user.displayName, role: participantRole(user.roles) });

  const myIds = participantIdsOf(user.memberUUID, user.roles);
  const byConversation = new Map<string, MessageRecord[]>();
  for (const m of messages) {
    const conversationId = m.conversationId ?? m.id.split('/')[0] ?? '';
    const list = byConversation.get(conversationId) ?? [];
    list.push({ ...m, conversationId });
    byConversation.set(conversationId, list);
  }
  const studentsById = new Map(students.map((s) => [s.id, s]));
  const inbox: InboxItem[] = conversations
    // Office staff keep reading archived conversations, theirs or not (a report must stay seen).
    .filter(
      (c) => takesPart(c.participantIds, user.memberUUID, user.roles) || (staff && c.archivedAt),
    )
    .map((conversation) => {
      const list = (byConversation.get(conversation.id) ?? []).sort((a, b) =>
        a.sentAt.localeCompare(b.sentAt),
      );
      const last = list[list.length - 1] ?? null;
      const lastAt =
        [last?.sentAt, conversation.lastMessageAt, conversation.createdAt]
          .filter((t): t is string => typeof t === 'string')
          .sort()
          .pop() ?? '';
      return {
        conversation,
        messages: list,
        last,
        lastAt,
        preview: last ? last.body.replace(/\s+/g, ' ').trim() : conversation.lastMessagePreview,
        unread: list.filter((m) => !hasRead(m, user.memberUUID)).length,
        student: conversation.studentId ? (studentsById.get(conversation.studentId) ?? null) : null,
        participant: takesPart(conversation.participantIds, user.memberUUID, user.roles),
        archived: conversation.archivedAt
          ? { at: conversation.archivedAt, by: conversation.archivedBy ?? '' }
          : null,
      };
    })
    .sort((a, b) => b.lastAt.localeCompare(a.lastAt));

  return {
    today,
    timeZone,
    principal,
    myIds,
    inbox,
    // Archived conversations do not ask to be read.
    unreadTotal: inbox.reduce((sum, item) => sum + (item.archived ? 0 : item.unread), 0),
    people,
    students,
    facilitators,
    families,
    members: memberList,
    pendingMessageIds: pending.messages,
    pendingConversationIds: pending.conversations,
  };
}

/** A person's name and role for display; unknown ids (a former member) get a neutral label. */
export function personOf(data: Pick<MessagesData, 'people' | 'myIds'>, memberUUID: string): Person {
  const known = data.people.get(memberUUID);
  if (known) return known;
  // Office staff can name every member, so an unknown id left the centre; others cannot read the
  // Members list, and the people they cannot name are the centre's staff.
  return data.myIds.includes(OFFICE_PARTICIPANT)
    ? { name: 'A former member', role: 'Member' }
    : { name: 'Centre staff', role: 'Staff' };
}
