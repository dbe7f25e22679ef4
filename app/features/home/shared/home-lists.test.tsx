// The homes' message and resource lists write each time by the person's campus clock (issue 30):
// "today" is the campus's day, and the zone is named on a device that reads another wall clock.
import { createRemixStub } from '@remix-run/testing';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PersonZoneContext } from '~/auth/person-zone-context';
import { NewResourcesList } from './NewResourcesList';
import { UnreadMessagesList } from './UnreadMessagesList';
import type { ReactNode } from 'react';

// Saturday 09:12 in Kolkata; still Friday 19:42 on the laptop in Los Angeles.
const NOW = new Date('2026-11-28T03:42:00Z');
// Saturday 00:30 in Kolkata (today there); Friday 11:00 in Los Angeles.
const AT = '2026-11-27T19:00:00.000Z';
let deviceZone: string | undefined;

beforeEach(() => {
  deviceZone = process.env.TZ;
  process.env.TZ = 'America/Los_Angeles';
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  if (deviceZone === undefined) delete process.env.TZ;
  else process.env.TZ = deviceZone;
});

function renderInKolkata(children: ReactNode) {
  const Stub = createRemixStub([
    {
      path: '/',
      Component: () => (
        <PersonZoneContext.Provider value="Asia/Kolkata">{children}</PersonZoneContext.Provider>
      ),
    },
  ]);
  render(<Stub />);
}

describe('the homes’ lists', () => {
  it('time an unread conversation by the campus’s clock, its zone named', async () => {
    renderInKolkata(
      <UnreadMessagesList
        unread={{
          count: 1,
          conversations: [
            { id: 'c1', subject: 'Sports day', from: 'Priya Raman', at: AT, href: '/c1' },
          ],
        }}
      />,
    );
    expect(await screen.findByText('Priya Raman · 00:30 GMT+5:30')).toBeInTheDocument();
  });

  it('time a new resource by the campus’s clock, its zone named', async () => {
    renderInKolkata(
      <NewResourcesList
        resources={[{ id: 'r1', title: 'Reading list', kind: 'Link', at: AT, href: '/r1' }]}
      />,
    );
    expect(await screen.findByText('Link · 00:30 GMT+5:30')).toBeInTheDocument();
  });
});
