import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { VirtualTable, visibleRange } from './VirtualTable';

afterEach(cleanup);

describe('the visible range', () => {
  it('covers the rows in view plus the overscan on each side', () => {
    expect(visibleRange(0, 480, 48, 5000, 5)).toEqual({ start: 0, end: 16 });
    expect(visibleRange(4800, 480, 48, 5000, 5)).toEqual({ start: 95, end: 116 });
  });

  it('stops at the last row when scrolled to the end', () => {
    expect(visibleRange(48 * 4990, 480, 48, 5000, 5)).toEqual({ start: 4985, end: 5000 });
  });

  it('stays inside the list when the scroll offset is past it (a filter just shrank it)', () => {
    const range = visibleRange(48 * 4000, 480, 48, 10, 5);
    expect(range.start).toBeGreaterThanOrEqual(0);
    expect(range.end).toBe(10);
    expect(range.start).toBeLessThan(range.end);
  });

  it('is empty for an empty list', () => {
    expect(visibleRange(0, 480, 48, 0, 5)).toEqual({ start: 0, end: 0 });
  });
});

const items = Array.from({ length: 5000 }, (_, i) => ({ id: `row-${i}`, name: `Person ${i}` }));

function renderTable() {
  return render(
    <VirtualTable
      label="People"
      items={items}
      columns={[
        { key: 'name', header: 'Name', ariaSort: 'ascending' },
        { key: 'n', header: 'Number' },
      ]}
      rowKey={(item) => item.id}
      renderCells={(item, index) => [
        <a key="name" href={`#${item.id}`}>
          {item.name}
        </a>,
        String(index),
      ]}
      gridClassName="grid grid-cols-2"
      rowHeight={50}
      overscan={4}
    />,
  );
}

describe('the windowed table', () => {
  it('tells assistive technology the full row count while rendering only a window of rows', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'People' });
    expect(table).toHaveAttribute('aria-rowcount', '5001');
    const rows = within(table).getAllByRole('row');
    expect(rows.length).toBeLessThan(40);
    expect(rows[0]).toHaveAttribute('aria-rowindex', '1');
    expect(rows[1]).toHaveAttribute('aria-rowindex', '2');
    expect(within(table).getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });

  it('has a focusable scroll region named after the table', () => {
    renderTable();
    const region = screen.getByRole('region', { name: 'People (scrollable)' });
    expect(region).toHaveAttribute('tabindex', '0');
  });

  it('renders the last rows, with their real row index, after scrolling to the end', () => {
    renderTable();
    const region = screen.getByRole('region', { name: 'People (scrollable)' });
    region.scrollTop = 50 * 5001;
    fireEvent.scroll(region);
    expect(screen.getByText('Person 4999')).toBeInTheDocument();
    expect(screen.queryByText('Person 0')).not.toBeInTheDocument();
    const lastRow = screen.getByText('Person 4999').closest('[role="row"]');
    expect(lastRow).toHaveAttribute('aria-rowindex', '5001');
  });

  it('keeps the focused row, and the focus, when it scrolls out of the window', () => {
    renderTable();
    const region = screen.getByRole('region', { name: 'People (scrollable)' });
    const first = screen.getByRole('link', { name: 'Person 0' });
    first.focus();
    region.scrollTop = 50 * 3000;
    fireEvent.scroll(region);
    expect(screen.getByText('Person 3000')).toBeInTheDocument();
    expect(first).toBeInTheDocument();
    expect(first).toHaveFocus();
    expect(screen.queryByText('Person 1')).not.toBeInTheDocument();
  });
});
