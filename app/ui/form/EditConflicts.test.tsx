import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CHOOSE_ONE,
  OPENED_FIELD,
  readOpened,
  readResolutions,
  type EditConflict,
} from './edit-conflicts';
import { EditConflicts, OpenedField } from './EditConflicts';
import { formValues } from './parse-form';

afterEach(cleanup);

const conflicts: EditConflict[] = [
  {
    field: 'notes',
    message: 'Daniel Mensah changed Notes since you opened this form',
    mine: 'Picked up at 3pm',
    theirs: 'Picked up by grandma',
    theirsValue: 'Picked up by grandma',
  },
  {
    field: 'lastName',
    message: 'Someone changed Last name since you opened this form',
    mine: 'Schmidt',
    theirs: 'Schmidt-Admin',
    theirsValue: 'Schmidt-Admin',
    error: CHOOSE_ONE,
  },
];

function inForm(children: React.ReactNode) {
  render(<form aria-label="Edit">{children}</form>);
  const form = screen.getByRole('form', { name: 'Edit' });
  if (!(form instanceof HTMLFormElement)) throw new Error('no form');
  return form;
}

describe('EditConflicts', () => {
  it('names who changed each field and offers keep mine / keep theirs as a radio group', async () => {
    const form = inForm(<EditConflicts conflicts={conflicts} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Nothing was saved: someone else changed this record since you opened this form.',
    );
    const notes = screen.getByRole('group', {
      name: 'Daniel Mensah changed Notes since you opened this form',
    });
    expect(notes).toBeInTheDocument();
    const mine = screen.getByRole('radio', { name: 'Keep mine: Picked up at 3pm' });
    const theirs = screen.getByRole('radio', { name: 'Keep theirs: Picked up by grandma' });
    expect(mine).not.toBeChecked();
    expect(theirs).not.toBeChecked();
    // An unanswered conflict says so, tied to its group.
    const lastName = screen.getByRole('group', {
      name: 'Someone changed Last name since you opened this form',
    });
    expect(lastName).toHaveAttribute('aria-invalid', 'true');
    expect(lastName).toHaveAccessibleDescription(CHOOSE_ONE);

    // Keyboard: Tab reaches the first group, the arrow key moves to "Keep theirs".
    const user = userEvent.setup();
    await user.tab();
    expect(mine).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(theirs).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Keep mine: Schmidt' }));

    // What the form then submits: each choice, and the values the person was shown.
    expect(readResolutions(formValues(new FormData(form)))).toEqual({
      seen: { notes: 'Picked up by grandma', lastName: 'Schmidt-Admin' },
      choices: { notes: 'theirs', lastName: 'mine' },
    });
  });

  it('shows nothing without conflicts', () => {
    inForm(<EditConflicts conflicts={[]} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('OpenedField', () => {
  it('keeps what the form opened with when the page’s data changes while the person types', () => {
    const opened = { updatedAt: '2026-11-27T18:11:00.000Z', values: { notes: 'Old' } };
    const { container, rerender } = render(
      <form>
        <OpenedField opened={opened} />
      </form>,
    );
    rerender(
      <form>
        <OpenedField opened={{ values: { notes: 'Refreshed by a sync' } }} />
      </form>,
    );
    const form = container.querySelector('form');
    if (!form) throw new Error('no form');
    const values = formValues(new FormData(form));
    expect(Object.keys(values)).toEqual([OPENED_FIELD]);
    expect(readOpened(values)).toEqual(opened);
  });
});

describe('OpenedField while the record changes elsewhere (issue 29)', () => {
  const opened = {
    updatedAt: '2026-11-27T09:00:00.000Z',
    values: { lastName: 'Whitfield', notes: 'Allergic to nuts', status: 'enrolled' },
  };
  const current = {
    updatedAt: '2026-11-27T09:05:00.000Z',
    values: { lastName: 'Whitfield-Ng', notes: 'Allergic to peanuts', status: 'enrolled' },
  };
  const labels = { lastName: 'Last name', notes: 'Notes', status: 'Status' };

  function editForm(current: typeof opened | null) {
    return (
      <form aria-label="Edit">
        <OpenedField opened={opened} current={current} labels={labels} />
        <label htmlFor="lastName">Last name</label>
        <input id="lastName" name="lastName" defaultValue="Whitfield" />
        <label htmlFor="notes">Notes</label>
        <textarea id="notes" name="notes" defaultValue="Allergic to nuts" />
      </form>
    );
  }

  it('says nothing until the record changes, then names the changed fields', () => {
    const { rerender } = render(editForm(null));
    expect(screen.queryByText(/since you opened this form/)).toBeNull();
    rerender(editForm(current));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Someone else changed Last name and Notes since you opened this form.',
    );
  });

  it('loads the newer values into the fields the person left alone, and keeps what they typed', async () => {
    const user = userEvent.setup();
    const { rerender } = render(editForm(null));
    await user.clear(screen.getByLabelText('Notes'));
    await user.type(screen.getByLabelText('Notes'), 'Mine');
    rerender(editForm(current));
    await user.click(screen.getByRole('button', { name: 'Load their changes' }));

    expect(screen.getByLabelText('Last name')).toHaveValue('Whitfield-Ng');
    expect(screen.getByLabelText('Notes')).toHaveValue('Mine');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Someone else also changed Notes, which you changed too',
    );
    // The loaded field counts as opened with the newer value, so the save does not write it back;
    // the kept one still compares with what the person opened, so the save asks about it.
    const form = screen.getByRole('form', { name: 'Edit' });
    if (!(form instanceof HTMLFormElement)) throw new Error('no form');
    expect(readOpened(formValues(new FormData(form)))?.values).toEqual({
      ...opened.values,
      lastName: 'Whitfield-Ng',
    });
  });
});
