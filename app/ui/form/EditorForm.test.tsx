import { Form } from '@remix-run/react';
import { createRemixStub } from '@remix-run/testing';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EditorForm } from './EditorForm';
import { TextField } from './Field';

afterEach(cleanup);

/** An action that waits until the test lets it finish, counting its calls and what they sent. */
function heldAction() {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const sent: Array<Record<string, FormDataEntryValue>> = [];
  const action = vi.fn(async ({ request }: { request: Request }) => {
    sent.push(Object.fromEntries(await request.formData()));
    await held;
    return null;
  });
  return { action, sent, release: () => release() };
}

type HeldAction = ReturnType<typeof heldAction>['action'];

function renderEditor(
  props: Partial<React.ComponentProps<typeof EditorForm>> = {},
  action = heldAction().action,
  other?: React.ReactNode,
  otherAction: HeldAction = heldAction().action,
) {
  const Stub = createRemixStub([
    {
      path: '/dash/things/new',
      action,
      Component: () => (
        <>
          <EditorForm
            submitLabel="Create thing"
            cancelTo="/dash/things"
            actionsLabel="Thing form actions"
            {...props}
          >
            <TextField name="name" label="Name" defaultValue="Sunflowers" />
          </EditorForm>
          {other}
        </>
      ),
    },
    { path: '/dash/things/other', action: otherAction },
  ]);
  render(<Stub initialEntries={['/dash/things/new']} />);
}

const bar = () => screen.getByRole('toolbar', { name: 'Thing form actions' });
const form = () => screen.getByRole('textbox', { name: 'Name' }).closest('form')!;

describe('EditorForm', () => {
  it('draws Save and Cancel inline and in the mobile action bar, Cancel going to its target', async () => {
    renderEditor();
    await screen.findByRole('textbox', { name: 'Name' });
    const inline = within(form());
    expect(inline.getByRole('button', { name: 'Create thing' })).toHaveAttribute('type', 'submit');
    expect(inline.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/dash/things');
    // The bar sits outside the form: its submit names the form by id.
    expect(form()).not.toContainElement(bar());
    const barSubmit = within(bar()).getByRole('button', { name: 'Create thing' });
    expect(barSubmit).toHaveAttribute('form', form().id);
    expect(within(bar()).getByRole('link', { name: 'Cancel' })).toHaveAttribute(
      'href',
      '/dash/things',
    );
    expect(form()).toHaveAttribute('method', 'post');
  });

  it('has no Cancel without a target', async () => {
    renderEditor({ cancelTo: undefined });
    await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.queryByRole('link', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('shows the busy label on both submits while this form is submitting, and one press is one submit', async () => {
    const user = userEvent.setup();
    const held = heldAction();
    renderEditor({ busyLabel: 'Creating…' }, held.action);
    await screen.findByRole('textbox', { name: 'Name' });
    await user.click(within(form()).getByRole('button', { name: 'Create thing' }));
    const busyButtons = await screen.findAllByRole('button', { name: 'Creating…' });
    expect(busyButtons).toHaveLength(2);
    for (const button of busyButtons) expect(button).toHaveAttribute('aria-busy', 'true');
    // Pressing again, inline or in the bar, while the first submit is under way sends nothing.
    await user.click(busyButtons[0]!);
    await user.click(within(bar()).getByRole('button', { name: 'Creating…' }));
    expect(held.action).toHaveBeenCalledTimes(1);
    expect(held.sent).toEqual([{ name: 'Sunflowers' }]);
    held.release();
    expect(await screen.findAllByRole('button', { name: 'Create thing' })).toHaveLength(2);
    expect(held.action).toHaveBeenCalledTimes(1);
  });

  it('submits from the mobile action bar too', async () => {
    const user = userEvent.setup();
    const held = heldAction();
    renderEditor({}, held.action);
    await screen.findByRole('textbox', { name: 'Name' });
    await user.click(within(bar()).getByRole('button', { name: 'Create thing' }));
    await waitFor(() => expect(held.action).toHaveBeenCalledTimes(1));
    expect(held.sent).toEqual([{ name: 'Sunflowers' }]);
    held.release();
  });

  it('stays idle while another form on the page submits', async () => {
    const user = userEvent.setup();
    const other = heldAction();
    renderEditor(
      {},
      heldAction().action,
      <Form method="post" action="/dash/things/other">
        <button type="submit">Archive</button>
      </Form>,
      other.action,
    );
    await screen.findByRole('textbox', { name: 'Name' });
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    // The other form's submit is under way (its action waits) while this editor is checked.
    await waitFor(() => expect(other.action).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('button', { name: 'Saving…' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Create thing' })).toHaveLength(2);
  });

  it('is busy while the editor says so (an upload), whatever the navigation', async () => {
    renderEditor({ busy: true });
    expect(await screen.findAllByRole('button', { name: 'Saving…' })).toHaveLength(2);
  });

  it('shows the form error, and with summarize how many fields need attention', async () => {
    renderEditor({
      summarize: true,
      form: { fieldErrors: { _form: 'The campus was deleted meanwhile.', name: 'Enter a name.' } },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The campus was deleted meanwhile.');
    expect(alert).toHaveTextContent('One field needs attention: see the messages below.');
    // In the card frame the error is the form's first content.
    expect(form().firstElementChild).toBe(alert);
  });

  it('puts the error above the form in the sheet frame, and passes form props through', async () => {
    renderEditor({
      frame: 'sheet',
      id: 'thing-form',
      noValidate: true,
      'aria-label': 'Thing',
      form: { fieldErrors: { _form: 'Could not save.' } },
    });
    const alert = await screen.findByRole('alert');
    expect(form()).not.toContainElement(alert);
    expect(form()).toHaveAttribute('id', 'thing-form');
    expect(form()).toHaveAttribute('novalidate');
    expect(form()).toHaveAttribute('aria-label', 'Thing');
    expect(within(bar()).getByRole('button', { name: 'Create thing' })).toHaveAttribute(
      'form',
      'thing-form',
    );
  });
});
