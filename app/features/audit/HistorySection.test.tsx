// The History section over the fake backend: an admin sees a record's entries newest first with
// the writer's name; "No changes recorded yet" only when there are none; offline it says it needs
// a connection; a refused read says so; other roles do not get the section at all.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PersonZoneContext } from '~/auth/person-zone-context';
import { signOutUser } from '~/backend/auth';
import { signInAs } from '~/backend/test-helpers';
import { clearCache, initCache } from '~/data/store';
import type * as SyncStatusModule from '~/data/sync-status';
import { deviceTimeZone } from '~/domain/clock';
import type { Role } from '~/domain/roles';
import { fake } from '../../../mocks/index';
import { formatAuditTime, HISTORY_MESSAGES } from './history';
import { HistorySection } from './HistorySection';

const session = vi.hoisted(() => ({ roles: ['admin'] as Role[], online: true }));
vi.mock('~/auth/session', () => ({
  useSession: () => ({ status: 'signedIn', user: { roles: session.roles } }),
}));
vi.mock('~/data/sync-status', async (importOriginal) => {
  const original = await importOriginal<typeof SyncStatusModule>();
  return {
    ...original,
    useSyncStatus: () => ({ ...original.syncEngine.getStatus(), isOnline: session.online }),
  };
});

beforeEach(async () => {
  session.roles = ['admin'];
  session.online = true;
  await signOutUser();
  await fake.reset();
});
afterEach(async () => {
  cleanup();
  await clearCache();
});
afterAll(() => new Promise((r) => setTimeout(r, 100)));

function addEntry(id: string, at: string, changes: unknown[], by = 'demo-admin') {
  fake.setDocument(`auditLog/${id}`, {
    at: new Date(at),
    by,
    collection: 'students',
    docId: 'stu-00001',
    action: 'update',
    changes,
  });
}

async function signIn(role: Role) {
  const uid = await signInAs(role);
  await initCache({ uid });
}

describe('the History section', () => {
  it('lists a record’s changes newest first, with the writer’s name and readable fields', async () => {
    addEntry('a1', '2026-11-26T09:00:00.000Z', [{ field: 'notes' }], 'demo-administration');
    addEntry('a2', '2026-11-27T18:11:00.000Z', [
      { field: 'lastName', before: 'Schmidt', after: 'Schmidt-Admin' },
    ]);
    // Another record's entry is not this record's history.
    fake.setDocument('auditLog/other', {
      at: new Date('2026-11-27T19:00:00.000Z'),
      by: 'demo-admin',
      collection: 'students',
      docId: 'stu-00002',
      action: 'delete',
      changes: [],
    });
    await signIn('admin');
    render(<HistorySection collection="students" docId="stu-00001" />);

    const section = screen.getByRole('region', { name: 'History' });
    expect(within(section).getByRole('status')).toHaveTextContent(HISTORY_MESSAGES.loading);
    const items = await within(section).findAllByRole('listitem', {}, { timeout: 10_000 });
    expect(items.map((li) => li.textContent)).toEqual([
      `Amara Okafor changed Last name from Schmidt to Schmidt-Admin on ${formatAuditTime('2026-11-27T18:11:00.000Z', deviceTimeZone())}`,
      `Priya Raman changed Notes on ${formatAuditTime('2026-11-26T09:00:00.000Z', deviceTimeZone())}`,
    ]);
    expect(section).not.toHaveTextContent(HISTORY_MESSAGES.empty);
  });

  it('writes each time in the person’s campus zone, named on a device elsewhere', async () => {
    // 18:11 UTC on Friday is 23:41 in Kolkata, and 10:11 on the Los Angeles laptop.
    addEntry('a1', '2026-11-27T18:11:00.000Z', [{ field: 'notes' }]);
    const deviceZone = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      await signIn('admin');
      render(
        <PersonZoneContext.Provider value="Asia/Kolkata">
          <HistorySection collection="students" docId="stu-00001" />
        </PersonZoneContext.Provider>,
      );
      const section = screen.getByRole('region', { name: 'History' });
      const [item] = await within(section).findAllByRole('listitem', {}, { timeout: 10_000 });
      expect(item).toHaveTextContent(/on Fri 27 Nov 2026, 23:41 GMT\+5:30$/);
    } finally {
      if (deviceZone === undefined) delete process.env.TZ;
      else process.env.TZ = deviceZone;
    }
  });

  it('says no changes are recorded only once the answer is that there are none', async () => {
    await signIn('superAdmin');
    render(<HistorySection collection="students" docId="stu-00001" />);
    const section = screen.getByRole('region', { name: 'History' });
    expect(section).not.toHaveTextContent(HISTORY_MESSAGES.empty);
    expect(
      await within(section).findByText(HISTORY_MESSAGES.empty, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('says offline that the history needs a connection, not that there is none', async () => {
    addEntry('a1', '2026-11-27T18:11:00.000Z', [{ field: 'notes' }]);
    session.online = false;
    await signIn('admin');
    render(<HistorySection collection="students" docId="stu-00001" />);
    const section = screen.getByRole('region', { name: 'History' });
    expect(within(section).getByRole('status')).toHaveTextContent(HISTORY_MESSAGES.offline);
    expect(section).not.toHaveTextContent(HISTORY_MESSAGES.empty);
  });

  it('says when the history could not be read, and tries again on request', async () => {
    addEntry('a1', '2026-11-27T18:11:00.000Z', [{ field: 'notes' }]);
    // The backend refuses a facilitator, whatever the page believed.
    await signIn('facilitator');
    render(<HistorySection collection="students" docId="stu-00001" />);
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent(HISTORY_MESSAGES.failed);
    expect(screen.queryByText(HISTORY_MESSAGES.empty)).toBeNull();

    await signIn('admin');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', {}, { timeout: 10_000 })).toHaveTextContent(
      'Amara Okafor changed Notes',
    );
  });

  it.each(['facilitator', 'parent', 'administration', 'student'] as Role[])(
    'is not there for a %s',
    (role) => {
      session.roles = [role];
      render(<HistorySection collection="students" docId="stu-00001" />);
      expect(screen.queryByRole('region', { name: 'History' })).toBeNull();
    },
  );
});
