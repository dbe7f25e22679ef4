// A student's profile (/dash/students/:studentId): personal details, the family with its guardians,
// the classrooms and the status history, with edit, withdraw and delete for people who may write
// students. A record the person may not see is "not found": their cache does not hold it and the
// backend refuses it (see load.ts), so a parent cannot tell another family's child exists.
import {
  useLoaderData,
  type ClientActionFunctionArgs,
  type ClientLoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/react';
import { z } from 'zod';
import { requireArea } from '~/auth/guards';
import { useLiveQueries, type LiveSpec } from '~/data/live';
import { loadCollection, useRevalidateOnDataChange } from '~/data/route-data';
import { campusZone, schoolDay } from '~/domain/clock';
import { collectionAccess } from '~/domain/permissions';
import { attendanceRecordSchema, loadAbsenceReports } from '~/features/attendance/load';
import { attendanceSummaryFor } from '~/features/attendance/summary';
import {
  loadStudentOr404,
  openForEdit,
  writesAll,
} from '~/features/students/forms/student-editor-route';
import { studentBackLink } from '~/features/students/list/list-route';
import {
  campusRecordSchema,
  classroomRecordSchema,
  familyRecordSchema,
  loadRecord,
  pendingIds,
} from '~/features/students/profile/load';
import { studentProfileAction } from '~/features/students/profile/profile-route';
import {
  StudentProfile,
  type StudentProfileData,
} from '~/features/students/profile/StudentProfile';
import { GeneralErrorBoundary } from '~/ui/errors';
import { withErrorTitle, type RouteHandle } from '~/ui/route-handle';

export async function clientLoader({
  request,
  params,
}: ClientLoaderFunctionArgs): Promise<StudentProfileData> {
  const user = await requireArea(request, handle.area);
  const student = await loadStudentOr404(request, params.studentId);
  const canReadFamilies = collectionAccess(user.roles, 'families') !== 'none';
  const canReadAttendance = collectionAccess(user.roles, 'attendance') !== 'none';
  const [family, classrooms, campuses, pending, rollCalls, reports] = await Promise.all([
    canReadFamilies
      ? loadRecord('families', student.familyId, familyRecordSchema)
      : Promise.resolve(null),
    loadCollection('classrooms', { schema: classroomRecordSchema }),
    loadCollection('campuses', { schema: campusRecordSchema }),
    pendingIds('students'),
    canReadAttendance
      ? loadCollection('attendance', { schema: attendanceRecordSchema })
      : Promise.resolve(null),
    canReadAttendance ? loadAbsenceReports(user.roles) : Promise.resolve([]),
  ]);
  // The day at the student's campus (the one clock): their age, the summary's term and 30 days.
  const today = schoolDay(campusZone(student.campusId, campuses));
  return {
    student,
    family,
    canReadFamilies,
    classrooms: classrooms.filter((c) => student.classroomIds.includes(c.id)),
    campusName: campuses.find((c) => c.id === student.campusId)?.name ?? student.campusId,
    pending: pending.has(student.id),
    backLink: studentBackLink(user),
    canWrite: writesAll(user.roles, 'students'),
    today,
    // Built from this student's own entries only: the roll calls also hold classmates' marks.
    attendance: rollCalls
      ? attendanceSummaryFor(
          rollCalls,
          student,
          today,
          reports.filter((r) => r.studentId === student.id),
        )
      : null,
  };
}

export async function clientAction({ request, params }: ClientActionFunctionArgs) {
  const { record: student } = await openForEdit(request, 'students', () =>
    loadStudentOr404(request, params.studentId),
  );
  return studentProfileAction(request, student);
}

const metaDataSchema = z.object({
  student: z.object({ firstName: z.string(), lastName: z.string() }),
});

export const handle = {
  title: 'Student',
  description: 'A student: family, classrooms, status and attendance.',
  area: 'students',
} satisfies RouteHandle;

export const meta: MetaFunction = ({ data, error }) => {
  const parsed = metaDataSchema.safeParse(data);
  return withErrorTitle(error, [
    {
      title: parsed.success
        ? `${parsed.data.student.firstName} ${parsed.data.student.lastName}`
        : 'Student',
    },
    { name: 'description', content: 'A student: details, family, classrooms and status.' },
  ]);
};

/** What this screen shows follows the backend while it is open (issue 29). */
const LIVE: LiveSpec[] = [{ collection: 'students' }];

export default function StudentProfilePage() {
  const data = useLoaderData<typeof clientLoader>();
  useRevalidateOnDataChange(['students', 'families', 'classrooms', 'attendance']);
  useLiveQueries(LIVE);
  return <StudentProfile {...data} />;
}

export { GeneralErrorBoundary as ErrorBoundary };
