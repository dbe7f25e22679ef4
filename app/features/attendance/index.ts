export { AttendanceSummary } from './AttendanceSummary';
export {
  buildAlerts,
  DEFAULT_THRESHOLD_PERCENT,
  studentHref,
  studentName,
  wholePercent,
} from './alerts';
export { dayOf } from './days';
export { todaysClasses, type TodayClass } from './todays-classes';
export { NotMarkedPanel } from './home-staff';
export { staffToday, todaysAttendanceText, type StaffToday } from './staff-today';
export {
  attendanceRecordSchema,
  campusRecordSchema,
  classroomRecordSchema,
  facilitatorRecordSchema,
  loadAttendanceData,
  studentRecordSchema,
  type AttendanceData,
} from './load';
export { REPORT_DAYS } from './reports';
export { formatDay, type StudentAttendanceSummary } from './summary';
