import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Badge } from './Badge';

afterEach(cleanup);

describe('Badge', () => {
  it('says its status in words, with the tone’s icon as decoration', () => {
    render(<Badge tone="warning">Offline</Badge>);
    const badge = screen.getByText('Offline');
    expect(badge).toHaveAttribute('data-tone', 'warning');
    expect(badge.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('gives every tone a different icon, so a status is not told by colour alone', () => {
    const { container } = render(
      <>
        <Badge tone="neutral">Draft</Badge>
        <Badge tone="info">New</Badge>
        <Badge tone="success">Enrolled</Badge>
        <Badge tone="warning">Waitlisted</Badge>
        <Badge tone="danger">Withdrawn</Badge>
      </>,
    );
    const icons = Array.from(container.querySelectorAll('svg'), (svg) => svg.getAttribute('class'));
    expect(icons).toHaveLength(5);
    expect(new Set(icons).size).toBe(5);
  });

  it('can leave the icon out; the words remain', () => {
    render(
      <Badge tone="success" icon={null}>
        Paid
      </Badge>,
    );
    expect(screen.getByText('Paid').querySelector('svg')).toBeNull();
  });
});
