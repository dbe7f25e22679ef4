import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FamilyPicker } from './FamilyPicker';

afterEach(cleanup);

const FAMILIES = [
  { id: 'fam-0000', familyName: 'Whitfield', guardianNames: 'Grace Whitfield' },
  { id: 'fam-0001', familyName: 'Okafor', guardianNames: 'Anita Okafor, Marcus Okafor' },
  { id: 'fam-0002', familyName: 'Okafor', guardianNames: 'Julia Okafor' },
  { id: 'fam-0003', familyName: 'Larsen', guardianNames: '' },
];

function renderPicker(props: Partial<React.ComponentProps<typeof FamilyPicker>> = {}) {
  render(
    <form aria-label="Student">
      <FamilyPicker families={FAMILIES} {...props} />
    </form>,
  );
  const form = screen.getByRole<HTMLFormElement>('form', { name: 'Student' });
  return () => new FormData(form).get('familyId');
}

describe('FamilyPicker', () => {
  it('finds a family by part of a guardian’s first name and submits its id as familyId', async () => {
    const user = userEvent.setup();
    const familyId = renderPicker();
    await user.type(screen.getByRole('combobox', { name: 'Family' }), 'grac');
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options).toHaveLength(1);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(familyId()).toBe('fam-0000');
  });

  it('tells look-alike families apart by their guardians', async () => {
    const user = userEvent.setup();
    renderPicker();
    await user.type(screen.getByRole('combobox', { name: 'Family' }), 'okafor');
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'OkaforAnita Okafor, Marcus Okafor',
      'OkaforJulia Okafor',
    ]);
  });

  it('keeps the family chosen before a refused submit and shows the familyId error', () => {
    const familyId = renderPicker({ defaultValue: 'fam-0002', error: 'Choose a family.' });
    expect(familyId()).toBe('fam-0002');
    const input = screen.getByRole('combobox', { name: 'Family' });
    expect(input).toHaveValue('Okafor (Julia Okafor)');
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Choose a family.'));
  });
});
