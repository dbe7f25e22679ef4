// A note past its limit is never cut: the dialog counts it, keeps every character, and stays open
// with the reason until it fits, instead of passing it to a save that would refuse it elsewhere.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NoteDialog } from './NoteDialog';

// jsdom has no modal dialogs.
const { showModal, close } = HTMLDialogElement.prototype;
beforeEach(() => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
afterEach(() => {
  cleanup();
  HTMLDialogElement.prototype.showModal = showModal;
  HTMLDialogElement.prototype.close = close;
});

describe('the note dialog', () => {
  it('keeps a note past 500 characters open with the reason, and saves it once it fits', () => {
    const onSave = vi.fn();
    render(<NoteDialog studentName="Leo Whitfield" note="" onSave={onSave} onClose={() => {}} />);
    const box = screen.getByRole('textbox', { name: 'Note' });
    expect(box).not.toHaveAttribute('maxlength');

    fireEvent.change(box, { target: { value: 'x'.repeat(520) } });
    expect(screen.getByText('520 / 500')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Keep note' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(box).toHaveValue('x'.repeat(520));
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Note can be at most 500 characters; this is 520.')).toBeVisible();

    fireEvent.change(box, { target: { value: ' Arrived with a parent ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Keep note' }));
    expect(onSave).toHaveBeenCalledWith('Arrived with a parent');
  });
});
