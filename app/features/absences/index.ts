// The absences feature's front door (decision 056): what other features use of it.
export { loadHomeAbsences, mayAnswerAbsences, mayReportAbsences } from './absences-route';
export { ABSENCES_PATH, AbsencesTile, TodaysAbsencesTile, type HomeAbsences } from './AbsencesTile';
