// A new and an edit route of the same record are one page (decision 058): both route files take
// their loader, action, page, meta and error page from one feature module, and differ only in their
// handle. The area the shared loader checks is the area both handles declare.
import { describe, expect, it } from 'vitest';
import { FACILITATOR_EDITOR_AREA } from '~/features/facilitators/editor-route';
import { SCHOOL_EDITOR_AREA } from '~/features/school/setup-route';
import * as editEvent from '~/routes/_dash.dash.calendar_.$eventId_.edit';
import * as newEvent from '~/routes/_dash.dash.calendar_.new';
import * as editFacilitator from '~/routes/_dash.dash.facilitators_.$facilitatorId_.edit';
import * as newFacilitator from '~/routes/_dash.dash.facilitators_.new';
import * as editFamily from '~/routes/_dash.dash.families_.$familyId_.edit';
import * as newFamily from '~/routes/_dash.dash.families_.new';
import * as editSchoolRecord from '~/routes/_dash.dash.school_.$kind.$id';
import * as newSchoolRecord from '~/routes/_dash.dash.school_.$kind.new';
import * as editStudent from '~/routes/_dash.dash.students_.$studentId_.edit';
import * as newStudent from '~/routes/_dash.dash.students_.new';

const PAIRS = [
  { record: 'event', add: newEvent, edit: editEvent, area: 'calendar' },
  {
    record: 'facilitator',
    add: newFacilitator,
    edit: editFacilitator,
    area: FACILITATOR_EDITOR_AREA,
  },
  {
    record: 'school record',
    add: newSchoolRecord,
    edit: editSchoolRecord,
    area: SCHOOL_EDITOR_AREA,
  },
  { record: 'student', add: newStudent, edit: editStudent, area: 'students' },
  { record: 'family', add: newFamily, edit: editFamily, area: 'families' },
] as const;

const SHARED = ['clientLoader', 'clientAction', 'default', 'meta', 'ErrorBoundary'] as const;

describe('new and edit routes share one module', () => {
  it.each(PAIRS)(
    'the $record pair exports the same loader, action, page, meta and error page',
    (pair) => {
      for (const name of SHARED) {
        expect(pair.add[name], name).toBeTypeOf('function');
        expect(pair.add[name], name).toBe(pair.edit[name]);
      }
    },
  );

  it.each(PAIRS)(
    'the $record pair keeps its own titles, and both name the area the loader checks',
    (pair) => {
      expect(pair.add.handle.area).toBe(pair.area);
      expect(pair.edit.handle.area).toBe(pair.area);
      expect(pair.add.handle.description).not.toBe(pair.edit.handle.description);
    },
  );

  it('the titles are those of the pages before they were merged', () => {
    expect(newFacilitator.handle.title).toBe('New facilitator · Facilitators');
    expect(editFacilitator.handle.title).toBe('Edit facilitator · Facilitators');
    expect([newEvent.handle.title, editEvent.handle.title]).toEqual(['New event', 'Edit event']);
    expect([newStudent.handle.title, editStudent.handle.title]).toEqual([
      'New student',
      'Edit student',
    ]);
    expect([newFamily.handle.title, editFamily.handle.title]).toEqual([
      'New family',
      'Edit family',
    ]);
    expect([newSchoolRecord.handle.title, editSchoolRecord.handle.title]).toEqual([
      'School Setup',
      'School Setup',
    ]);
  });
});
