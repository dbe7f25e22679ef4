// The family's notice when the office asks for a document about a reported absence (issue 32):
// each linked guardian once per request; nothing for other changes of the report.
import { describe, expect, it } from 'vitest';
import type { DocData } from '~/domain/permissions';
import { changeTriggers } from './triggers';
import type { ServerContext } from './outcome';

const docs = new Map<string, DocData>([
  ['students/leo', { firstName: 'Leo', lastName: 'Whitfield', familyId: 'fam' }],
  [
    'families/fam',
    { guardians: [{ name: 'Grace', memberUUID: 'grace' }, { name: 'Nan' }] },
  ],
  ['Members/grace', { memberUUID: 'grace', roles: ['parent'], status: 'active' }],
]);
const ctx: ServerContext = {
  get: (path) => docs.get(path) ?? null,
  list: (collection) =>
    [...docs]
      .filter(([path]) => path.startsWith(`${collection}/`))
      .map(([path, data]) => ({ id: path.split('/')[1] ?? '', data })),
  today: '2026-11-27',
};
const report: DocData = {
  studentId: 'leo',
  familyId: 'fam',
  from: '2026-11-27',
  to: '2026-11-27',
  status: 'reported',
};

function run(before: DocData, after: DocData) {
  return changeTriggers(
    [{ path: 'absenceReports/r1', before, after }],
    ctx,
    '2026-11-27T06:00:00.000Z',
    { absenceReportNotices: true },
    { appOrigin: 'https://school.example' },
  ).writes.filter((w) => w.path.startsWith('Notifications/'));
}

describe('a request for a document', () => {
  it('tells each linked guardian of the family', () => {
    const writes = run(report, {
      ...report,
      status: 'documentRequested',
      documentRequestedBy: 'office',
      documentRequestedAt: '2026-11-27T05:59:00.000Z',
    });
    expect(writes.map((w) => ('data' in w ? [w.data.memberUUID, w.data.description] : null))).toEqual([
      [
        'grace',
        "The office asks for a document about Leo's absence on Fri 27 Nov, such as a doctor's note.",
      ],
    ]);
  });

  it('tells no one of an acknowledgement or a note the family changed', () => {
    expect(run(report, { ...report, status: 'acknowledged' })).toEqual([]);
    const asked = { ...report, status: 'documentRequested', documentRequestedAt: '2026-11-27T05:59:00.000Z' };
    expect(run(asked, { ...asked, note: 'Flu' })).toEqual([]);
  });
});
