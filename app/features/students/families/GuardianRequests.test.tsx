// The parent's side of "guardian links belong to the office" on screen: the contact form offers
// only e-mail, phone and the address (no name, relationship or account to change) and says the
// office manages who is linked; the request form switches between adding and removing and shows
// the action's errors beside their fields; the office's review offers Approve and Refuse and says
// what an approval will do to access. The actions are the real builders over a stub route.
import { useActionData } from '@remix-run/react';
import { createRemixStub } from '@remix-run/testing';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PersonZoneContext } from '~/auth/person-zone-context';
import { formValues } from '~/ui/form/parse-form';
import { FamilyContactEditor } from '../forms/FamilyContactEditor';
import {
  GUARDIAN_DECISION_INTENT,
  GUARDIAN_REQUEST_INTENT,
  submitGuardianRequest,
  type GuardianRequestView,
} from './guardian-requests';
import {
  GuardianRequestForm,
  GuardianRequestList,
  GuardianRequestReview,
} from './GuardianRequests';
import type { FamilyRecord } from '../forms/family-form';

afterEach(cleanup);

const family: FamilyRecord = {
  id: 'fam-1',
  familyName: 'Whitfield',
  address: '1 Lake Road',
  notes: '',
  guardians: [
    {
      name: 'Grace Whitfield',
      relationship: 'Mother',
      email: 'grace@example.com',
      phone: '+91 99 1234',
      memberUUID: 'grace',
      isPrimary: true,
    },
    { name: 'Tom Whitfield', relationship: 'Father', email: '', phone: '', isPrimary: false },
  ],
};

describe("the parent's contact form", () => {
  it('offers only e-mail, phone and the address, and says the office manages who is linked', () => {
    const Stub = createRemixStub([
      {
        path: '/',
        Component: () => <FamilyContactEditor family={family} result={undefined} cancelHref="/f" />,
      },
    ]);
    render(<Stub />);
    const inputs = screen
      .getAllByRole('textbox')
      .map((input) => input.getAttribute('name'))
      .sort();
    expect(inputs).toEqual([
      'address',
      'guardians.0.email',
      'guardians.0.phone',
      'guardians.1.email',
      'guardians.1.phone',
    ]);
    expect(
      document.querySelector('[name$="memberUUID"], [name$=".name"], [name$="relationship"]'),
    ).toBeNull();
    expect(screen.getByText('Linked to a parent account')).toBeVisible();
    expect(
      screen.getByText(/The office manages who is listed as a guardian and which parent accounts/),
    ).toBeVisible();
    expect(
      screen.getByRole('link', { name: 'Ask the office to add or remove a guardian' }),
    ).toHaveAttribute('href', '/f');
  });
});

describe('the request form', () => {
  function renderForm(
    save = vi.fn(async (item: Record<string, unknown>) => ({ id: 'r1', ...item })),
  ) {
    const Stub = createRemixStub([
      {
        path: '/',
        Component: function Page() {
          const result = useActionData<Awaited<ReturnType<typeof submitGuardianRequest>>>();
          return (
            <GuardianRequestForm
              family={family}
              result={
                result && !result.ok ? { ...result, intent: GUARDIAN_REQUEST_INTENT } : undefined
              }
            />
          );
        },
        // Plain values: the request's FormData is Node's, not the jsdom one parseForm recognises.
        action: async ({ request }) =>
          submitGuardianRequest(formValues(await request.formData()), {
            family,
            createdBy: 'grace',
            online: true,
            save,
          }),
      },
    ]);
    render(<Stub />);
    return save;
  }

  it("asks for a new guardian's name and a way to reach them, beside the fields", async () => {
    const save = renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    const name = await screen.findByLabelText('Name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText("Enter the guardian's name.")).toBeVisible();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(save).not.toHaveBeenCalled();
  });

  it('offers the listed guardians when removing, and sends the chosen one', async () => {
    const save = renderForm();
    await userEvent.click(screen.getByRole('radio', { name: 'Remove a guardian' }));
    expect(screen.queryByLabelText('Name')).toBeNull();
    const select = screen.getByLabelText('Guardian to remove');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a guardian', 'Grace Whitfield, Mother', 'Tom Whitfield, Father']);
    await userEvent.selectOptions(select, 'Tom Whitfield, Father');
    await userEvent.type(screen.getByLabelText('Note for the office (optional)'), 'We separated.');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]?.[0]).toMatchObject({
      kind: 'remove',
      guardian: { name: 'Tom Whitfield' },
      note: 'We separated.',
      status: 'pending',
    });
  });
});

describe("the office's review", () => {
  const base: GuardianRequestView = {
    id: 'req-1',
    familyId: 'fam-1',
    kind: 'add',
    guardian: { name: 'Sam Partner', relationship: 'Partner', email: 'sam@example.com', phone: '' },
    note: 'Please add my partner.',
    status: 'pending',
    createdBy: 'grace',
    decisionNote: '',
    askedBy: 'Grace Whitfield',
    decidedByName: null,
    linksTo: 'Sam Partner <sam@example.com>',
    waitingToSend: false,
  };

  it('shows each pending request with what approving does, and posts the decision with its note', async () => {
    const decided = vi.fn((values: Record<string, unknown>) => values);
    const Stub = createRemixStub([
      {
        path: '/',
        Component: () => (
          <GuardianRequestReview
            requests={[base, { ...base, id: 'req-0', status: 'approved' }]}
            result={undefined}
          />
        ),
        action: async ({ request }) => decided(formValues(await request.formData())),
      },
    ]);
    render(<Stub />);
    expect(
      screen.getByRole('heading', { name: '1 guardian request waits for a decision' }),
    ).toBeVisible();
    expect(screen.getByText('Add Sam Partner, Partner')).toBeVisible();
    expect(screen.getByText(/links this guardian to the parent account Sam Partner/)).toBeVisible();
    await userEvent.type(screen.getByLabelText('Note to the family (optional)'), 'Welcome!');
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await vi.waitFor(() => expect(decided).toHaveBeenCalledTimes(1));
    expect(decided.mock.calls[0]?.[0]).toEqual({
      intent: GUARDIAN_DECISION_INTENT,
      requestId: 'req-1',
      decisionNote: 'Welcome!',
      decision: 'approve',
    });
  });

  it('dates a request and its decision by the person’s campus clock, not the device’s', () => {
    // 19:00 UTC on Friday is already Saturday in Kolkata; the laptop in Los Angeles is on Friday.
    const deviceZone = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      const Stub = createRemixStub([
        {
          path: '/',
          Component: () => (
            <PersonZoneContext.Provider value="Asia/Kolkata">
              <GuardianRequestList
                title="Your requests"
                requests={[
                  {
                    ...base,
                    status: 'approved',
                    createdAt: '2026-11-27T19:00:00.000Z',
                    decidedAt: '2026-11-27T19:30:00.000Z',
                    decidedByName: 'Priya Raman',
                  },
                ]}
              />
            </PersonZoneContext.Provider>
          ),
        },
      ]);
      render(<Stub />);
      expect(screen.getByText(/Asked by Grace Whitfield on Sat 28 Nov 2026/)).toBeVisible();
      expect(screen.getByText('by Priya Raman on Sat 28 Nov 2026', { exact: false })).toBeVisible();
    } finally {
      if (deviceZone === undefined) delete process.env.TZ;
      else process.env.TZ = deviceZone;
    }
  });
});
