// The form tells a parent how many people they may choose, and shows the action's refusal of more
// beside the list, tied to it for screen readers. The action is the real plan over a stub route.
import { useActionData } from '@remix-run/react';
import { createRemixStub } from '@remix-run/testing';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '~/domain/roles';
import { formValues } from '~/ui/form/parse-form';
import { planNewConversation, recipientLimit } from './new-conversation';
import { NewConversationForm } from './NewConversationForm';
import type { RecipientOption } from './recipients';

const session = vi.hoisted(() => ({ roles: ['parent'] as Role[] }));
vi.mock('~/auth/session', () => ({
  useSession: () => ({ status: 'signedIn', user: { roles: session.roles } }),
}));

afterEach(cleanup);

const people: RecipientOption[] = Array.from({ length: 7 }, (_, i) => ({
  id: `m-fac-${i}`,
  name: `Facilitator ${i}`,
  role: 'Facilitator',
  detail: 'Facilitator',
  studentIds: [],
}));

function renderForm() {
  const Stub = createRemixStub([
    {
      path: '/',
      Component: function Page() {
        const result = useActionData<ReturnType<typeof planNewConversation>>();
        return (
          <NewConversationForm
            recipients={people}
            children={[]}
            defaultTo={[]}
            defaultChild={null}
            result={result && !result.ok ? result : undefined}
          />
        );
      },
      action: async ({ request }) =>
        // Plain values: the request's FormData is Node's, not the jsdom one parseForm recognises.
        planNewConversation(formValues(await request.formData()), {
          me: 'm-me',
          recipients: people,
          childIds: [],
          maxRecipients: recipientLimit(session.roles),
          now: new Date('2026-11-24T09:00:00.000Z'),
        }),
    },
  ]);
  render(<Stub />);
}

describe('the new-conversation form', () => {
  it('says a parent may choose up to five people and refuses six beside the list', async () => {
    session.roles = ['parent'];
    renderForm();
    const user = userEvent.setup();
    const group = await screen.findByRole('group', { name: 'To' });
    expect(group).toHaveAccessibleDescription('Choose up to 5 people.');

    for (const person of people.slice(0, 6)) {
      await user.click(screen.getByRole('checkbox', { name: new RegExp(person.name) }));
    }
    await user.type(screen.getByLabelText('Subject'), 'Class trip');
    await user.type(screen.getByLabelText('Message'), 'Hello all');
    await user.click(screen.getAllByRole('button', { name: 'Send' })[0] as HTMLElement);

    const error =
      'Choose at most 5 people. A conversation you start can have 6 people, you included.';
    expect(await screen.findByText(error)).toBeInTheDocument();
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription(`Choose up to 5 people. ${error}`);
    // What was typed and ticked stays, so the parent only has to untick one.
    expect(screen.getByLabelText('Subject')).toHaveValue('Class trip');
    expect(screen.getAllByRole('checkbox', { checked: true })).toHaveLength(6);
  });

  it('says nothing about a limit to staff', async () => {
    session.roles = ['administration'];
    renderForm();
    const group = await screen.findByRole('group', { name: 'To' });
    expect(group).not.toHaveAccessibleDescription();
    expect(screen.queryByText(/Choose up to/)).toBeNull();
  });
});
