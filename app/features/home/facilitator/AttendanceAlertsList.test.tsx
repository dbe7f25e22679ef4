import { createRemixStub } from '@remix-run/testing';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ALERTS_MORE_HREF, ALERTS_SHOWN, AttendanceAlertsList } from './AttendanceAlertsList';
import type { StudentAlert } from './facilitator-figures';

afterEach(cleanup);

function alerts(n: number): StudentAlert[] {
  return Array.from({ length: n }, (_, i) => ({
    studentId: `s${i + 1}`,
    name: `Student ${String(i + 1).padStart(2, '0')}`,
    reason: '80 % over 30 days',
    href: `/dash/students/s${i + 1}`,
  }));
}

function show(list: StudentAlert[]) {
  const Stub = createRemixStub([
    { path: '/', Component: () => <AttendanceAlertsList alerts={list} /> },
  ]);
  render(<Stub />);
}

describe('the facilitator home’s attendance alerts list', () => {
  it('names at most eight students, each linking to their page, then says how many more there are', () => {
    show(alerts(19));
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(ALERTS_SHOWN);
    expect(ALERTS_SHOWN).toBe(8);
    expect(within(items[0]!).getByRole('link', { name: 'Student 01' })).toHaveAttribute(
      'href',
      '/dash/students/s1',
    );
    expect(screen.queryByRole('link', { name: 'Student 09' })).toBeNull();
    expect(screen.getByRole('link', { name: 'and 11 more students with alerts' })).toHaveAttribute(
      'href',
      ALERTS_MORE_HREF,
    );
  });

  it('names all of them and offers no "more" link when there are eight or fewer', () => {
    show(alerts(8));
    expect(screen.getAllByRole('listitem')).toHaveLength(8);
    expect(screen.queryByRole('link', { name: /more/ })).toBeNull();
  });

  it('says so honestly when no student needs attention', () => {
    show([]);
    expect(screen.getByText('No student of your classes needs attention.')).toBeInTheDocument();
  });
});
