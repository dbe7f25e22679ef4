import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Combobox, matchesQuery, type ComboboxOption } from './Combobox';

afterEach(cleanup);

const OPTIONS: ComboboxOption[] = [
  { id: 'fam-1', label: 'Okafor', description: 'Ada Okafor, Ben Okafor' },
  { id: 'fam-2', label: 'Okafor', description: 'Chidi Okafor' },
  { id: 'fam-3', label: 'Müller', description: 'José Müller' },
];

function renderInForm(props: Partial<React.ComponentProps<typeof Combobox>> = {}) {
  render(
    <form aria-label="Test form">
      <Combobox name="familyId" label="Family" options={OPTIONS} {...props} />
    </form>,
  );
  const form = screen.getByRole<HTMLFormElement>('form', { name: 'Test form' });
  return { form, value: () => new FormData(form).get('familyId') };
}

describe('matchesQuery', () => {
  it('finds every typed word anywhere in the text, in any order, ignoring case and accents', () => {
    expect(matchesQuery('Okafor (Ada Okafor)', 'ada oka')).toBe(true);
    expect(matchesQuery('Okafor (Ada Okafor)', 'OKAFOR ADA')).toBe(true);
    expect(matchesQuery('Müller (José Müller)', 'jose muller')).toBe(true);
    expect(matchesQuery('Okafor (Ada Okafor)', 'ada chidi')).toBe(false);
    expect(matchesQuery('Okafor (Ada Okafor)', '  ')).toBe(true);
  });
});

describe('Combobox', () => {
  it('filters the options by what is typed, searching the second line too', async () => {
    const user = userEvent.setup();
    renderInForm();
    await user.type(screen.getByRole('combobox', { name: 'Family' }), 'chidi');
    const listbox = screen.getByRole('listbox');
    const options = within(listbox).getAllByRole('option');
    expect(options).toHaveLength(1);
    expect(options[0]).toHaveTextContent('Okafor');
    expect(options[0]).toHaveTextContent('Chidi Okafor');
  });

  it('submits the chosen option’s id under its name, chosen with the keyboard', async () => {
    const user = userEvent.setup();
    const { value } = renderInForm();
    expect(value()).toBe('');
    const input = screen.getByRole('combobox', { name: 'Family' });
    await user.type(input, 'ben');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(value()).toBe('fam-1');
    expect(input).toHaveValue('Okafor (Ada Okafor, Ben Okafor)');
  });

  it('starts with the given id chosen, as after a refused submit', () => {
    const { value } = renderInForm({ defaultValue: 'fam-2' });
    expect(value()).toBe('fam-2');
    expect(screen.getByRole('combobox', { name: 'Family' })).toHaveValue('Okafor (Chidi Okafor)');
  });

  it('ignores a starting id that is not among the options', () => {
    const { value } = renderInForm({ defaultValue: 'fam-gone' });
    expect(value()).toBe('');
  });

  it('shows its error beside it and links it and the hint to the input', () => {
    renderInForm({ error: 'Choose a family.', hint: 'Type a name.' });
    const input = screen.getByRole('combobox', { name: 'Family' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Choose a family.'));
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Type a name.'));
  });

  it('says so when nothing matches', async () => {
    const user = userEvent.setup();
    renderInForm({ emptyMessage: 'No family has that name.' });
    await user.type(screen.getByRole('combobox', { name: 'Family' }), 'zzz');
    expect(await screen.findByText('No family has that name.')).toBeInTheDocument();
  });
});
