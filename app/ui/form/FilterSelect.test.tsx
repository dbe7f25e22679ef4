import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SKINS } from '~/settings/skin';
import { FilterSelect } from './FilterSelect';

afterEach(cleanup);

const CAMPUSES = [
  { value: 'north', label: 'North Campus' },
  { value: 'south', label: 'South Campus' },
];

describe('FilterSelect', () => {
  it('is named by its visible label and looks like the other inputs', () => {
    render(<FilterSelect label="Campus" name="campus" options={CAMPUSES} />);
    const select = screen.getByRole('combobox', { name: 'Campus' });
    const label = screen.getByText('Campus');
    expect(label.tagName).toBe('LABEL');
    expect(label).not.toHaveClass('sr-only');
    expect(select).toHaveAttribute('name', 'campus');
    expect(select.className).toContain(SKINS.default.input);
  });

  it('offers "all" first, as an empty value unless told otherwise, then the options', () => {
    render(
      <>
        <FilterSelect label="Campus" name="campus" allLabel="All campuses" options={CAMPUSES} />
        <FilterSelect
          label="Status"
          name="status"
          allLabel="All"
          allValue="all"
          options={[{ value: 'active', label: 'Active' }]}
        />
        <FilterSelect label="Order" name="dir" options={[{ value: 'asc', label: 'Ascending' }]} />
      </>,
    );
    const campus = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Campus' });
    expect([...campus.options].map((o) => [o.value, o.text])).toEqual([
      ['', 'All campuses'],
      ['north', 'North Campus'],
      ['south', 'South Campus'],
    ]);
    expect(campus.value).toBe('');
    const status = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Status' });
    expect([...status.options].map((o) => o.value)).toEqual(['all', 'active']);
    const order = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Order' });
    expect([...order.options].map((o) => o.value)).toEqual(['asc']);
  });

  it('starts at its default value and reports a change', async () => {
    const onChange = vi.fn((event: React.ChangeEvent<HTMLSelectElement>) => event.target.value);
    render(
      <FilterSelect
        label="Campus"
        name="campus"
        allLabel="All campuses"
        options={CAMPUSES}
        defaultValue="south"
        onChange={onChange}
      />,
    );
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Campus' });
    expect(select.value).toBe('south');
    await userEvent.selectOptions(select, 'North Campus');
    expect(select.value).toBe('north');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.results[0]?.value).toBe('north');
  });

  it('submits its value with the form it sits in', () => {
    render(
      <form aria-label="Filters">
        <FilterSelect label="Campus" name="campus" options={CAMPUSES} defaultValue="north" />
      </form>,
    );
    const form = screen.getByRole<HTMLFormElement>('form', { name: 'Filters' });
    expect(new FormData(form).get('campus')).toBe('north');
  });
});
