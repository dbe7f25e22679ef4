import { createRemixStub } from '@remix-run/testing';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { BarChart, barPercent } from './BarChart';

afterEach(cleanup);

const ROWS = [
  { key: 'n', label: 'Northside Campus', value: 120, href: '/dash/students?campus=n' },
  { key: 's', label: 'Southside Campus', value: 60, href: '/dash/students?campus=s' },
  { key: 'e', label: 'East Campus', value: 0 },
];

function renderChart() {
  const Stub = createRemixStub([
    {
      path: '/',
      Component: () => (
        <BarChart
          caption="Enrolled students by campus"
          labelHeader="Campus"
          valueHeader="Enrolled"
          rows={ROWS}
          total={{ label: 'Total', value: 180, href: '/dash/students' }}
        />
      ),
    },
  ]);
  render(<Stub />);
}

describe('BarChart', () => {
  it('scales each bar to the largest value, and draws no bar for nothing', () => {
    expect(barPercent(120, 120)).toBe(100);
    expect(barPercent(60, 120)).toBe(50);
    expect(barPercent(0, 120)).toBe(0);
    expect(barPercent(1, 100000)).toBe(1);
    expect(barPercent(3, 0)).toBe(0);
  });

  it('writes every figure out beside its name, with the bars hidden from assistive technology', async () => {
    renderChart();
    const list = await screen.findByRole('list', { name: 'Enrolled students by campus' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Northside Campus120',
      'Southside Campus60',
      'East Campus0',
    ]);
    expect(within(list).getByRole('link', { name: 'Northside Campus' })).toHaveAttribute(
      'href',
      '/dash/students?campus=n',
    );
    for (const bar of list.querySelectorAll('[data-bar]')) {
      expect(bar).toHaveAttribute('aria-hidden', 'true');
    }
  });

  it('swaps the chart for a table with a caption, headers and the total, and back', async () => {
    const user = userEvent.setup();
    renderChart();
    await user.click(await screen.findByRole('button', { name: 'Show as a table' }));
    const table = screen.getByRole('table', { name: 'Enrolled students by campus' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Campus', 'Enrolled']);
    const rows = within(table)
      .getAllByRole('row')
      .map((tr) => tr.textContent);
    expect(rows).toEqual([
      'CampusEnrolled',
      'Northside Campus120',
      'Southside Campus60',
      'East Campus0',
      'Total180',
    ]);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show as a chart' }));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
