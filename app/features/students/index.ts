export { FamilyFields } from './forms/FamilyEditor';
export { DuplicateStudentsWarning, StudentFields } from './forms/StudentEditor';
export { submitFamilyForm } from './forms/family-form';
export { loadParentMembers } from './forms/family-editor-route';
export { appendStatus, splitNotes } from './forms/status-history';
export {
  SAVE_FAILED,
  submitStudentForm,
  type DuplicateWarning,
  type StudentRecord,
} from './forms/student-form';
export { DEFAULT_QUERY, listQueryToSearch } from './list/query';
export {
  campusRecordSchema,
  classroomRecordSchema,
  familyRecordSchema,
  studentRecordSchema,
} from './profile/load';
