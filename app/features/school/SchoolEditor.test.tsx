// The campus editor's absence alerts (issue 32): a labelled group of three fields that opens on the
// campus's setting (the defaults for a new campus), shows what was typed and why beside the delay
// after a refused save; and the setup page's campus row says the setting in words.
import { createRemixStub } from '@remix-run/testing';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Campus } from '~/domain/records';
import { ALERT_DELAY_TOO_LONG } from './schemas';
import { SchoolEditor } from './SchoolEditor';
import { SchoolSetup } from './SchoolSetup';
import type { SchoolSaveResult } from './writes';
import type { ReactNode } from 'react';

afterEach(cleanup);

const north: Campus = {
  id: 'campus-north',
  name: 'North Campus',
  address: '1 Long Road',
  phone: '',
  timezone: 'Asia/Kolkata',
  absenceAlerts: { enabled: false, delayMinutes: 5, includeLate: true },
};

function renderWithin(node: ReactNode) {
  const Stub = createRemixStub([{ path: '/', Component: () => node }]);
  render(<Stub />);
}

function renderCampusEditor(record: Campus | null, result?: SchoolSaveResult) {
  renderWithin(
    <SchoolEditor
      kind="campuses"
      record={record}
      campuses={[]}
      subjects={[]}
      facilitators={[]}
      result={result}
    />,
  );
}

describe('the campus editor’s absence alerts', () => {
  it('opens a new campus on the defaults: on, 10 minutes, absent only', async () => {
    renderCampusEditor(null);
    const group = await screen.findByRole('group', { name: 'Absence alerts to families' });
    expect(group).toHaveAccessibleDescription(/marks a child absent/);
    expect(within(group).getByRole('checkbox', { name: 'Send absence alerts' })).toBeChecked();
    const delay = within(group).getByRole('spinbutton', {
      name: 'Delay after the roll call is saved (minutes)',
    });
    expect(delay).toHaveValue(10);
    expect(delay).toHaveAttribute('name', 'absenceAlerts.delayMinutes');
    expect(delay).toHaveAccessibleDescription(
      'A correction within the delay sends nothing. 0 sends at once.',
    );
    expect(
      within(group).getByRole('checkbox', { name: 'Alert for late arrivals too' }),
    ).not.toBeChecked();
  });

  it('opens a campus on its own setting', async () => {
    renderCampusEditor(north);
    const group = await screen.findByRole('group', { name: 'Absence alerts to families' });
    expect(within(group).getByRole('checkbox', { name: 'Send absence alerts' })).not.toBeChecked();
    expect(within(group).getByRole('spinbutton')).toHaveValue(5);
    expect(
      within(group).getByRole('checkbox', { name: 'Alert for late arrivals too' }),
    ).toBeChecked();
  });

  it('shows what was typed after a refused save, with the message beside the delay', async () => {
    renderCampusEditor(null, {
      ok: false,
      status: 400,
      fieldErrors: { 'absenceAlerts.delayMinutes': ALERT_DELAY_TOO_LONG },
      values: { name: 'North', timezone: 'UTC', 'absenceAlerts.delayMinutes': '300' },
    });
    const delay = await screen.findByRole('spinbutton', {
      name: 'Delay after the roll call is saved (minutes)',
    });
    expect(delay).toHaveValue(300);
    expect(delay).toBeInvalid();
    expect(delay).toHaveAccessibleDescription(
      new RegExp(ALERT_DELAY_TOO_LONG.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    );
    // The boxes the person had unticked stay unticked.
    expect(screen.getByRole('checkbox', { name: 'Send absence alerts' })).not.toBeChecked();
  });
});

describe('the setup page’s campus row', () => {
  it('says each campus’s alert setting in words', async () => {
    const south: Campus = { ...north, id: 'campus-south', name: 'South Campus' };
    delete south.absenceAlerts;
    renderWithin(
      <SchoolSetup campuses={[north, south]} classrooms={[]} subjects={[]} facilitatorNames={{}} />,
    );
    const rows = await screen.findAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Absence alerts off');
    expect(rows[1]).toHaveTextContent(
      'Absence alerts 10 minutes after the roll call, for absent marks',
    );
  });
});
