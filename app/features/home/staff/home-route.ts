// What the admin and administration home loads: one promise per tile, returned at once, so the
// frame and the skeletons show immediately and each tile fills in when its own data is read. Every
// read goes through the cache (loadCollection and the attendance, calendar and messages loaders),
// so the home opens offline with the figures this device holds.
import { z } from 'zod';
import type { SessionUser } from '~/auth/session-user';
import { loadCollection } from '~/data/route-data';
import { campusSchema, parentInquirySchema, studentSchema } from '~/domain/records';
import { loadHomeAbsences, type HomeAbsences } from '~/features/absences';
import { loadAttendanceData } from '~/features/attendance';
import { loadRepliesWaiting, type WaitingReplies } from '~/features/calendar';
import { loadUnreadMessages, type UnreadSummary } from '~/features/home/shared/unread-messages';
import { loadUpcomingEvents, type UpcomingEvent } from '~/features/home/shared/upcoming-events';
import {
  attendanceFigures,
  enrolmentByCampus,
  openInquiriesByStatus,
  type AttendanceFigures,
  type EnrolmentFigures,
  type InquiryFigures,
} from './figures';

/** How many of the next 7 days' events the tile lists; "View all" opens the calendar. */
export const UPCOMING_LIMIT = 5;
export const UPCOMING_DAYS = 7;

const campusRecordSchema = campusSchema.extend({ id: z.string() });
/** Only the fields the counts need, so one odd record elsewhere cannot hide a student. */
const countedStudentSchema = studentSchema.pick({ status: true, campusId: true });
const countedInquirySchema = parentInquirySchema.pick({ status: true });

export interface StaffHomeData {
  enrolment: Promise<EnrolmentFigures>;
  attendance: Promise<AttendanceFigures>;
  inquiries: Promise<InquiryFigures>;
  events: Promise<UpcomingEvent[]>;
  unread: Promise<UnreadSummary>;
  absences: Promise<HomeAbsences>;
  replies: Promise<WaitingReplies[]>;
}

export async function loadEnrolment(): Promise<EnrolmentFigures> {
  const [students, campuses] = await Promise.all([
    loadCollection('students', { schema: countedStudentSchema }),
    loadCollection('campuses', { schema: campusRecordSchema }),
  ]);
  return enrolmentByCampus(students, campuses);
}

export async function loadOpenInquiries(): Promise<InquiryFigures> {
  return openInquiriesByStatus(
    await loadCollection('parentInquiries', { schema: countedInquirySchema }),
  );
}

export function loadStaffHome(user: SessionUser): StaffHomeData {
  return {
    enrolment: loadEnrolment(),
    attendance: loadAttendanceData(user).then(attendanceFigures),
    inquiries: loadOpenInquiries(),
    events: loadUpcomingEvents(user, { days: UPCOMING_DAYS, limit: UPCOMING_LIMIT }),
    unread: loadUnreadMessages(user),
    absences: loadHomeAbsences(user),
    replies: loadRepliesWaiting(user),
  };
}
