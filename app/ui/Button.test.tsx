import { createRemixStub } from '@remix-run/testing';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SKINS } from '~/settings/skin';
import { Button, ButtonLink } from './Button';
import { ACTION_ICONS } from './icons';
import type { FormEvent } from 'react';

afterEach(cleanup);

describe('Button', () => {
  it('renders a real <button> that does not submit a form unless asked to', () => {
    render(
      <>
        <Button>Save</Button>
        <Button type="submit">Send</Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('type', 'button');
    expect(screen.getByRole('button', { name: 'Send' })).toHaveAttribute('type', 'submit');
  });

  it('takes each variant’s colours from the theme skin', () => {
    render(
      <>
        <Button>Primary</Button>
        <Button variant="secondary">Secondary</Button>
        <Button variant="danger">Danger</Button>
        <Button variant="ghost">Ghost</Button>
      </>,
    );
    const tones = SKINS.default.buttonTone;
    expect(screen.getByRole('button', { name: 'Primary' }).className).toContain(tones.primary);
    expect(screen.getByRole('button', { name: 'Secondary' }).className).toContain(tones.secondary);
    expect(screen.getByRole('button', { name: 'Danger' }).className).toContain(tones.danger);
    expect(screen.getByRole('button', { name: 'Ghost' }).className).toContain(tones.ghost);
  });

  it('takes another theme’s skin when given one, for pages that show every theme at once', () => {
    render(
      <>
        <Button skinOverride={SKINS.accessible}>Accessible</Button>
        <Button>Current</Button>
      </>,
    );
    const accessible = SKINS.accessible.buttonTone.primary;
    expect(SKINS.default.buttonTone.primary).not.toBe(accessible);
    expect(screen.getByRole('button', { name: 'Accessible' }).className).toContain(accessible);
    expect(screen.getByRole('button', { name: 'Current' }).className).not.toContain(accessible);
  });

  it('keeps its icon out of the accessible name', () => {
    render(<Button icon={ACTION_ICONS.add}>Add student</Button>);
    const button = screen.getByRole('button', { name: 'Add student' });
    expect(button.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('ignores presses and says what is happening while busy, and keeps its focus', () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: FormEvent) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button type="submit" busy busyLabel="Saving…" onClick={onClick}>
          Save
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Saving…' });
    button.focus();
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAttribute('aria-busy', 'true');
    // Still focusable: a disabled button would hand its focus to the page body.
    expect(button).not.toBeDisabled();
    expect(button).toHaveFocus();
  });
});

describe('ButtonLink', () => {
  it('renders a link to another page that looks like a button', async () => {
    const Stub = createRemixStub([
      {
        path: '/',
        Component: () => (
          <ButtonLink to="/dash/students/new" variant="secondary" icon={ACTION_ICONS.add}>
            New student
          </ButtonLink>
        ),
      },
    ]);
    render(<Stub />);
    const link = await screen.findByRole('link', { name: 'New student' });
    expect(link).toHaveAttribute('href', '/dash/students/new');
    expect(link.className).toContain(SKINS.default.buttonTone.secondary);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
