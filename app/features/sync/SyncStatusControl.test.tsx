import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PersonZoneContext } from '~/auth/person-zone-context';
import type { PendingChange } from '~/data/db';
import type { SyncReport, SyncStatus } from '~/data/sync-engine';
import { formatSyncTime, SyncStatusControl } from './SyncStatusControl';

function fakeEngine(initial: SyncStatus) {
  let status = initial;
  const listeners = new Set<() => void>();
  return {
    getStatus: () => status,
    subscribeStatus: (l: () => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    syncNow: vi.fn(async (): Promise<SyncReport> => ({ refreshed: [], upToDate: true })),
    retryChange: vi.fn(async () => true),
    discardChange: vi.fn(async () => true),
    set(next: Partial<SyncStatus>) {
      act(() => {
        status = { ...status, ...next };
        for (const l of listeners) l();
      });
    },
  };
}

const failed: PendingChange = {
  id: 'c1',
  collectionName: 'students',
  itemId: 'temp_1',
  operation: 'create',
  data: {},
  timestamp: 1,
  retryCount: 0,
  revision: 0,
  error: 'Failed to save item (permission-denied)',
};

const base: SyncStatus = {
  state: 'idle',
  isOnline: true,
  isSyncing: false,
  pendingChanges: 0,
  lastSyncTime: null,
  syncError: null,
  failedChanges: [],
  pending: [],
};

afterEach(cleanup);

describe('SyncStatusControl', () => {
  it('names the connection, syncing state and pending count in the button and announces changes politely', () => {
    const engine = fakeEngine({ ...base, isOnline: false, pendingChanges: 3 });
    render(<SyncStatusControl engine={engine} />);
    expect(
      screen.getByRole('button', { name: 'Sync status: Offline, 3 pending changes' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Offline, 3 pending changes');
    engine.set({ isOnline: true, isSyncing: true });
    expect(screen.getByRole('status')).toHaveTextContent('Online, syncing, 3 pending changes');
  });

  it('opens a panel with the failed change, lets the person retry or discard it, and returns focus on Escape', async () => {
    const user = userEvent.setup();
    const engine = fakeEngine({
      ...base,
      pendingChanges: 1,
      failedChanges: [failed],
      pending: [failed],
      syncError: 'Failed to save item',
      lastSyncTime: 0,
    });
    render(<SyncStatusControl engine={engine} />);
    const toggle = screen.getByRole('button', { name: /Sync status/ });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // The panel is a dialog named by its heading, and focus moves into it.
    const panel = screen.getByRole('dialog', { name: 'Sync status' });
    expect(panel.contains(document.activeElement)).toBe(true);
    expect(screen.getByText('Failed to save item (permission-denied)')).toBeInTheDocument();
    expect(screen.getByText('Sync error: Failed to save item')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry students temp_1' }));
    expect(engine.retryChange).toHaveBeenCalledWith('c1');
    await user.click(screen.getByRole('button', { name: 'Discard students temp_1' }));
    expect(engine.discardChange).toHaveBeenCalledWith('c1');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Sync status' })).not.toBeInTheDocument();
    // react-aria restores focus in the next animation frame.
    await waitFor(() => expect(toggle).toHaveFocus());
  });

  it('closes with its Close button and gives focus back to the status button', async () => {
    const user = userEvent.setup();
    render(<SyncStatusControl engine={fakeEngine(base)} />);
    const toggle = screen.getByRole('button', { name: /Sync status/ });
    await user.click(toggle);
    expect(screen.getByText('Every change has reached the server.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(toggle).toHaveFocus());
  });

  it('offers Sync now only while online and idle', async () => {
    const user = userEvent.setup();
    const engine = fakeEngine({ ...base, isOnline: false });
    render(<SyncStatusControl engine={engine} />);
    await user.click(screen.getByRole('button', { name: /Sync status/ }));
    expect(screen.getByRole('button', { name: 'Sync now' })).toBeDisabled();
    engine.set({ isOnline: true });
    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(engine.syncNow).toHaveBeenCalledTimes(1);
  });

  it('Sync now says what it is doing, then "Up to date" only when the send and the fetch both finished', async () => {
    const user = userEvent.setup();
    const engine = fakeEngine(base);
    let finish: (report: SyncReport) => void = () => {};
    engine.syncNow.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    render(<SyncStatusControl engine={engine} />);
    await user.click(screen.getByRole('button', { name: /Sync status/ }));
    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    const panel = screen.getByRole('dialog', { name: 'Sync status' });

    engine.set({ state: 'sending', isSyncing: true });
    expect(panel).toHaveTextContent('Sending changes…');
    expect(panel).toHaveTextContent('StateSending changes');
    engine.set({ state: 'refreshing' });
    expect(panel).toHaveTextContent('Fetching changes…');
    expect(screen.queryByText('Up to date')).not.toBeInTheDocument();
    engine.set({ state: 'idle', isSyncing: false });
    act(() => finish({ refreshed: [], upToDate: true }));
    expect(await screen.findByText('Up to date')).toBeInTheDocument();
    expect(panel).toHaveTextContent('StateIdle');

    // A run that could not fetch everything (or send everything) is not "Up to date".
    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(screen.queryByText('Up to date')).not.toBeInTheDocument();
    act(() => finish({ refreshed: [], upToDate: false }));
    expect(
      await screen.findByText('Not up to date yet: the next sync tries again.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Up to date')).not.toBeInTheDocument();
  });
});

describe('the last sync time', () => {
  it('is written as the app writes an instant, 24-hour, in the zone given', () => {
    const at = Date.parse('2026-11-27T19:00:00Z');
    expect(formatSyncTime(at, 'Asia/Kolkata')).toMatch(/^Sat 28 Nov 2026, 00:30\b/);
    expect(formatSyncTime(at, 'America/Los_Angeles')).toMatch(/^Fri 27 Nov 2026, 11:00\b/);
    expect(formatSyncTime(null, 'Asia/Kolkata')).toBe('Never');
  });

  it('is shown in the person’s campus zone, named on a device elsewhere', async () => {
    const user = userEvent.setup();
    const deviceZone = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      const engine = fakeEngine({ ...base, lastSyncTime: Date.parse('2026-11-27T19:00:00Z') });
      render(
        <PersonZoneContext.Provider value="Asia/Kolkata">
          <SyncStatusControl engine={engine} />
        </PersonZoneContext.Provider>,
      );
      await user.click(screen.getByRole('button', { name: /Sync status/ }));
      expect(screen.getByRole('dialog', { name: 'Sync status' })).toHaveTextContent(
        'Last syncSat 28 Nov 2026, 00:30 GMT+5:30',
      );
    } finally {
      if (deviceZone === undefined) delete process.env.TZ;
      else process.env.TZ = deviceZone;
    }
  });
});
