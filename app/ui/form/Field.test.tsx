import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckboxGroupField, FormError } from './Field';

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
