// The campus form's absence alerts (issue 32): how the fieldset's three fields parse, how a campus's
// setting reads in one line, and how an editor compares a campus that has never named it.
import { describe, expect, it } from 'vitest';
import { DEFAULT_ABSENCE_ALERTS } from '~/domain/absences';
import { parseForm } from '~/ui/form/parse-form';
import {
  absenceAlertSummary,
  absenceAlertsFormSchema,
  ALERT_DELAY_MESSAGE,
  ALERT_DELAY_TOO_LONG,
  alertFieldName,
  campusFormSchema,
  editableRecord,
  lacksAlertSettings,
  SCHOOL_FIELD_LABELS,
  SCHOOL_FORM_FIELDS,
} from './schemas';

describe('the absence alert fields', () => {
  it('are named under absenceAlerts, so the form kit nests them into one object', () => {
    expect(alertFieldName('delayMinutes')).toBe('absenceAlerts.delayMinutes');
    const parsed = parseForm(campusFormSchema, {
      name: 'North',
      timezone: 'UTC',
      'absenceAlerts.enabled': 'on',
      'absenceAlerts.delayMinutes': '15',
      'absenceAlerts.includeLate': 'on',
    });
    expect(parsed.ok && parsed.data.absenceAlerts).toEqual({
      enabled: true,
      delayMinutes: 15,
      includeLate: true,
    });
  });

  it('read boxes that were not sent as unticked', () => {
    expect(absenceAlertsFormSchema.parse({ delayMinutes: '10' })).toEqual({
      enabled: false,
      delayMinutes: 10,
      includeLate: false,
    });
  });

  it.each([
    ['', ALERT_DELAY_MESSAGE],
    ['  ', ALERT_DELAY_MESSAGE],
    ['1e2', ALERT_DELAY_MESSAGE],
    ['-1', ALERT_DELAY_MESSAGE],
    ['300', ALERT_DELAY_TOO_LONG],
  ])('refuse a delay of “%s” with a message that says what to enter', (delay, message) => {
    const parsed = parseForm(campusFormSchema, {
      name: 'North',
      timezone: 'UTC',
      'absenceAlerts.delayMinutes': delay,
    });
    expect(parsed).toMatchObject({
      ok: false,
      fieldErrors: { 'absenceAlerts.delayMinutes': message },
    });
  });

  it('say the limits in words', () => {
    expect(ALERT_DELAY_MESSAGE).toBe(
      'Enter the delay as a whole number of minutes, from 0 to 240.',
    );
    expect(ALERT_DELAY_TOO_LONG).toBe('The delay can be at most 240 minutes (4 hours).');
  });

  it('are one field of the campus editor, with a label for the conflict panel', () => {
    expect(SCHOOL_FORM_FIELDS.campuses).toContain('absenceAlerts');
    expect(SCHOOL_FIELD_LABELS.absenceAlerts).toBe('Absence alerts to families');
  });
});

describe('a campus’s alert setting in one line', () => {
  it.each([
    [undefined, 'Absence alerts 10 minutes after the roll call, for absent marks'],
    [
      { enabled: true, delayMinutes: 1, includeLate: true },
      'Absence alerts 1 minute after the roll call, for absent and late marks',
    ],
    [
      { enabled: true, delayMinutes: 0, includeLate: false },
      'Absence alerts at once, for absent marks',
    ],
    [{ enabled: false, delayMinutes: 10, includeLate: true }, 'Absence alerts off'],
    ['', 'Absence alerts 10 minutes after the roll call, for absent marks'],
  ])('reads %j as “%s”', (absenceAlerts, summary) => {
    expect(absenceAlertSummary({ absenceAlerts })).toBe(summary);
  });

  it('reads no campus as the defaults', () => {
    expect(absenceAlertSummary(null)).toBe(
      'Absence alerts 10 minutes after the roll call, for absent marks',
    );
  });
});

describe('a campus as its editor compares it', () => {
  it('has the defaults where it names no setting, and its own where it does', () => {
    expect(editableRecord('campuses', { name: 'North' })).toEqual({
      name: 'North',
      absenceAlerts: DEFAULT_ABSENCE_ALERTS,
      // Students report their own absences only where a campus says so.
      studentsReportAbsences: false,
    });
    const own = { enabled: false, delayMinutes: 5, includeLate: true };
    expect(editableRecord('campuses', { name: 'North', absenceAlerts: own }).absenceAlerts).toEqual(
      own,
    );
  });

  it('leaves subjects and classrooms as stored', () => {
    const subject = { name: 'Maths', code: 'MATH' };
    expect(editableRecord('subjects', subject)).toBe(subject);
  });

  it('knows a campus whose setting is missing or incomplete', () => {
    expect(lacksAlertSettings({ name: 'North' })).toBe(true);
    expect(lacksAlertSettings({ absenceAlerts: { enabled: true } })).toBe(true);
    expect(
      lacksAlertSettings({
        absenceAlerts: { enabled: true, delayMinutes: 10, includeLate: false },
      }),
    ).toBe(false);
  });
});
