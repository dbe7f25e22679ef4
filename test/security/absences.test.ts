// Issue 32's probes for reported absences and absence alerts, over HTTP against the fake's server
// mode as an attacker would send them. A report is the family's word to the school: only a
// guardian of the child writes one, about their own child, under their own name, with the child's
// real family, campus and classrooms (who reads it follows from those); the office's answer is the
// office's; nobody deletes one. Alerts are written by the backend alone. Each refusal sits beside
// its control, the allowed write or read.
import { describe, expect, it } from 'vitest';
import { fake } from '../../mocks/index';
import {
  create,
  expectAllowed,
  expectDenied,
  expectRefused,
  getDocument,
  isoDay,
  patch,
  remove,
  signInAs,
  startFakeServerPerFile,
  stored,
  storedList,
} from './http';

startFakeServerPerFile();

const LEO = 'stu-00000';

function leoReport(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const leo = stored(`students/${LEO}`) ?? {};
  return {
    studentId: LEO,
    familyId: 'fam-0000',
    campusId: leo.campusId,
    classroomIds: leo.classroomIds,
    from: isoDay(1),
    to: isoDay(1),
    part: 'day',
    reason: 'ill',
    note: '',
    status: 'reported',
    createdBy: 'demo-parent',
    reporterName: 'Grace Whitfield',
    ...overrides,
  };
}

/** A seeded report of another family, in a classroom the demo facilitator does not teach. */
function othersReport(): { id: string; data: Record<string, unknown> } {
  const facilitatorRooms = new Set(
    storedList('classrooms')
      .filter((c) => Array.isArray(c.data.facilitatorIds) && c.data.facilitatorIds.includes('fac-000'))
      .map((c) => c.id),
  );
  const found = storedList('absenceReports').find(
    (r) =>
      r.data.familyId !== 'fam-0000' &&
      Array.isArray(r.data.classroomIds) &&
      !r.data.classroomIds.some((c) => facilitatorRooms.has(String(c))),
  );
  if (!found) throw new Error('The seed has no other family’s report');
  return found;
}

describe('reported absences', () => {
  it('lets a parent report their own child, and refuses another family’s child', async () => {
    const parent = await signInAs('parent');
    const other = othersReport();
    const student = stored(`students/${String(other.data.studentId)}`) ?? {};
    await expectDenied(
      create(parent, 'absenceReports/not-mine', {
        ...leoReport(),
        studentId: other.data.studentId,
        familyId: student.familyId,
        campusId: student.campusId,
        classroomIds: student.classroomIds,
      }),
    );
    expect(stored('absenceReports/not-mine')).toBeNull();
    await expectAllowed(create(parent, 'absenceReports/leo-ill', leoReport()));
    expect(stored('absenceReports/leo-ill')?.reporterName).toBe('Grace Whitfield');
  });

  it('refuses a report under someone else’s name, or with classrooms that are not the child’s', async () => {
    const parent = await signInAs('parent');
    await expectDenied(
      create(parent, 'absenceReports/forged-name', leoReport({ reporterName: 'Dr. Someone' })),
    );
    await expectDenied(
      create(parent, 'absenceReports/forged-author', leoReport({ createdBy: 'demo-administration' })),
    );
    // Aimed at another class's facilitator (or hidden from Leo's), it would mislead the roll call.
    await expectDenied(
      create(parent, 'absenceReports/wrong-room', leoReport({ classroomIds: ['cls-elsewhere'] })),
    );
    // A parent cannot answer for the office.
    await expectDenied(
      create(
        parent,
        'absenceReports/self-acknowledged',
        leoReport({ status: 'acknowledged', acknowledgedBy: 'demo-parent' }),
      ),
    );
  });

  it('refuses impossible days: the last before the first, a range of more than 31 days, a part day over several', async () => {
    const parent = await signInAs('parent');
    await expectRefused(
      create(parent, 'absenceReports/backwards', leoReport({ from: isoDay(3), to: isoDay(1) })),
    );
    await expectRefused(
      create(parent, 'absenceReports/too-long', leoReport({ from: isoDay(1), to: isoDay(40) })),
    );
    await expectRefused(
      create(
        parent,
        'absenceReports/late-range',
        leoReport({ part: 'late', time: '10:30', from: isoDay(1), to: isoDay(2) }),
      ),
    );
    await expectAllowed(
      create(parent, 'absenceReports/late', leoReport({ part: 'late', time: '10:30' })),
    );
  });

  it('lets a guardian change or withdraw their family’s report, never delete it or take the office’s answer', async () => {
    const parent = await signInAs('parent');
    await expectAllowed(create(parent, 'absenceReports/to-change', leoReport()));
    await expectDenied(
      patch(parent, 'absenceReports/to-change', { status: 'acknowledged' }, ['status']),
    );
    await expectDenied(
      patch(parent, 'absenceReports/to-change', { studentId: 'stu-00001' }, ['studentId']),
    );
    await expectDenied(remove(parent, 'absenceReports/to-change'));
    await expectAllowed(
      patch(parent, 'absenceReports/to-change', { note: 'Flu, with a fever' }, ['note']),
    );
    // A document must be a file of this report's own folder, of a type uploads allow.
    const doc = (storagePath: string, mimeType = 'application/pdf') => ({
      document: { storagePath, name: 'note.pdf', mimeType, size: 1200 },
    });
    await expectRefused(
      patch(parent, 'absenceReports/to-change', doc('absenceDocuments/someone-else/note.pdf'), [
        'document',
      ]),
    );
    await expectRefused(
      patch(
        parent,
        'absenceReports/to-change',
        doc('absenceDocuments/to-change/run.exe', 'application/x-msdownload'),
        ['document'],
      ),
    );
    await expectAllowed(
      patch(parent, 'absenceReports/to-change', doc('absenceDocuments/to-change/note.pdf'), [
        'document',
      ]),
    );
    await expectAllowed(
      patch(parent, 'absenceReports/to-change', { status: 'withdrawn' }, ['status']),
    );
    expect(stored('absenceReports/to-change')?.status).toBe('withdrawn');
  });

  it('lets the office answer, and refuses a facilitator inventing or answering a report', async () => {
    const facilitator = await signInAs('facilitator');
    const office = await signInAs('administration');
    const other = othersReport();
    await expectDenied(
      create(
        facilitator,
        'absenceReports/invented',
        leoReport({ createdBy: 'demo-facilitator', reporterName: 'Daniel Mensah' }),
      ),
    );
    await expectDenied(
      patch(facilitator, `absenceReports/${other.id}`, { status: 'acknowledged' }, ['status']),
    );
    // A facilitator reads the reports of the classes they teach, not the others'.
    await expectDenied(getDocument(facilitator, `absenceReports/${other.id}`));
    const parent = await signInAs('parent');
    await expectAllowed(create(parent, 'absenceReports/for-daniel', leoReport()));
    await expectAllowed(getDocument(facilitator, 'absenceReports/for-daniel'));
    await expectAllowed(
      patch(
        office,
        `absenceReports/${other.id}`,
        {
          status: 'acknowledged',
          acknowledgedBy: 'demo-administration',
          acknowledgedAt: new Date().toISOString(),
        },
        ['status', 'acknowledgedBy', 'acknowledgedAt'],
      ),
    );
  });

  it('lets a student of 16 or over report their own absence where the campus allows it, and no one else’s', async () => {
    const student = await signInAs('student');
    const own = leoReport({ createdBy: 'demo-student', reporterName: 'Leo Whitfield' });
    // Leo is 12 in the seed, and no campus lets students report.
    await expectDenied(create(student, 'absenceReports/by-leo', own));
    const leo = stored(`students/${LEO}`) ?? {};
    const campusPath = `campuses/${String(leo.campusId)}`;
    fake.setDocument(`students/${LEO}`, {
      ...leo,
      dateOfBirth: `${new Date().getUTCFullYear() - 17}-01-15`,
    });
    await expectDenied(create(student, 'absenceReports/by-leo', own));
    fake.setDocument(campusPath, { ...(stored(campusPath) ?? {}), studentsReportAbsences: true });
    await expectDenied(
      create(student, 'absenceReports/by-leo-for-ivy', { ...own, studentId: 'stu-00001' }),
    );
    await expectAllowed(create(student, 'absenceReports/by-leo', own));
    await expectAllowed(getDocument(student, 'absenceReports/by-leo'));
    // Another student's report stays out of reach.
    await expectDenied(getDocument(student, `absenceReports/${othersReport().id}`));
  });

  it('refuses every client the alerts, which the backend alone files and sends', async () => {
    const office = await signInAs('admin');
    await expectDenied(
      create(office, `absenceAlerts/${LEO}_${isoDay(0)}`, {
        studentId: LEO,
        state: 'sent',
      }),
    );
    await expectDenied(getDocument(office, `absenceAlerts/${LEO}_${isoDay(0)}`));
  });
});
