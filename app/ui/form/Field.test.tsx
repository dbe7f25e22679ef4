import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckboxGroupField, FormError, TextAreaField, TextField } from './Field';
import { maxLengthOf, notes } from './fields';

afterEach(cleanup);

const OPTIONS = [
  { value: 'math', label: 'Mathematics' },
  { value: 'art', label: 'Art' },
  { value: 'admin', label: 'Admin (superAdmin only)', disabled: true },
];

describe('CheckboxGroupField', () => {
  it('ticks the record’s values, names every box alike and keeps a disabled box unchangeable', () => {
    render(
      <CheckboxGroupField
        name="subjectIds"
        legend="Subjects"
        options={OPTIONS}
        defaultValue={['art']}
      />,
    );
    expect(screen.getByRole('group', { name: 'Subjects' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Art' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Mathematics' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Admin (superAdmin only)' })).toBeDisabled();
    for (const box of screen.getAllByRole('checkbox')) {
      expect(box).toHaveAttribute('name', 'subjectIds');
    }
  });

  it('after a refused submit shows what was ticked, not the record, and links the error to the group', () => {
    render(
      <CheckboxGroupField
        name="subjectIds"
        legend="Subjects"
        options={OPTIONS}
        defaultValue={['art']}
        form={{ values: { subjectIds: 'math' }, fieldErrors: { subjectIds: 'Choose a subject.' } }}
      />,
    );
    expect(screen.getByRole('checkbox', { name: 'Mathematics' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Art' })).not.toBeChecked();
    const group = screen.getByRole('group', { name: 'Subjects' });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription('Choose a subject.');
  });

  it('says so when there is nothing to choose from', () => {
    render(<CheckboxGroupField name="x" legend="Subjects" options={[]} empty="No subjects yet." />);
    expect(screen.getByText('No subjects yet.')).toBeInTheDocument();
  });
});

describe('FormError', () => {
  it('shows the form-wide message, and with summarize also how many fields need attention', () => {
    render(
      <FormError
        summarize
        form={{ fieldErrors: { _form: 'Failed to save item', name: 'Enter the name.' } }}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Failed to save itemOne field needs attention: see the messages below.',
    );
  });

  it('shows nothing when the form came back without errors, or with field errors but no summary', () => {
    const { container } = render(
      <>
        <FormError form={{ fieldErrors: {} }} />
        <FormError form={{ fieldErrors: { name: 'Enter the name.' } }} />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});

describe('a text field with a limit', () => {
  it('shows a live counter, lets the person type past the limit and keeps every character', async () => {
    const user = userEvent.setup();
    render(<TextField name="title" label="Title" maxLength={10} defaultValue="Trip" />);
    const input = screen.getByRole('textbox', { name: 'Title' });
    // No maxlength attribute: the browser would cut the text without a word.
    expect(input).not.toHaveAttribute('maxlength');
    expect(screen.getByText('4 / 10')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription('4 of 10 characters');

    await user.type(input, ' to the zoo');
    expect(input).toHaveValue('Trip to the zoo');
    expect(screen.getByText('15 / 10')).toBeInTheDocument();
    expect(screen.getByTestId('character-count')).toHaveClass('text-danger');
  });

  it('speaks only near the limit: the polite region is there from the start but empty until then', () => {
    render(<TextAreaField name="notes" label="Notes" maxLength={200} />);
    const box = screen.getByRole('textbox', { name: 'Notes' });
    const live = screen.getByTestId('character-count-live');
    expect(live).toHaveAttribute('aria-live', 'polite');

    fireEvent.change(box, { target: { value: 'x'.repeat(100) } });
    expect(screen.getByText('100 / 200')).toBeInTheDocument();
    expect(live).toBeEmptyDOMElement();

    fireEvent.change(box, { target: { value: 'x'.repeat(182) } });
    expect(screen.getByText('182 / 200')).toBeInTheDocument();
    expect(live).toHaveTextContent('18 characters left.');

    fireEvent.change(box, { target: { value: 'x'.repeat(215) } });
    expect(live).toHaveTextContent('15 characters over the limit of 200.');
  });

  it('counts what came back from a refused submit, and shows the schema’s message beside it', () => {
    const typed = 'x'.repeat(2150);
    const message = notes.safeParse(typed).error?.issues[0]?.message;
    expect(message).toBe('Notes can be at most 2,000 characters; this is 2,150.');
    render(
      <TextAreaField
        name="notes"
        label="Notes"
        defaultValue="old"
        maxLength={maxLengthOf(notes)}
        form={{ values: { notes: typed }, fieldErrors: { notes: message ?? '' } }}
      />,
    );
    const box = screen.getByRole('textbox', { name: 'Notes' });
    expect(box).toHaveValue(typed);
    expect(screen.getByText('2,150 / 2,000')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription(`2,150 of 2,000 characters ${message ?? ''}`);
  });

  it('has no counter without a limit, and still calls the field’s own onChange', () => {
    const seen: string[] = [];
    render(
      <TextField
        name="place"
        label="Place"
        onChange={(event) => seen.push(event.currentTarget.value)}
      />,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Place' }), { target: { value: 'Hall' } });
    expect(seen).toEqual(['Hall']);
    expect(screen.queryByTestId('character-count')).toBeNull();
  });
});
