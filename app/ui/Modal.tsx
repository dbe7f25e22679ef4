// The design system's modal, on the native <dialog> element: showModal() gives a real focus trap,
// Escape to close and an inert background without any script of ours. The footer takes the button
// configurations the examples page shows: confirm/cancel, destructive, a single action, and busy.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useSettings } from '~/settings/store';
import { Button } from './Button';

export interface ModalAction {
  label: string;
  onClick: () => void;
  /** primary (default), secondary, or danger for destructive actions. */
  variant?: 'primary' | 'secondary' | 'danger';
  /** While busy the button is disabled and says so; the label stays for screen readers. */
  busy?: boolean;
  busyLabel?: string;
  disabled?: boolean;
}

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children?: ReactNode;
  actions: ModalAction[];
}

export function Modal({ open, title, onClose, children, actions }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const skin = useSettings((s) => s.skin);
  const titleId = useId();
  const anyBusy = actions.some((action) => action.busy);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-busy={anyBusy || undefined}
      onCancel={(event) => {
        // Escape must not abandon a running operation.
        event.preventDefault();
        if (!anyBusy) onClose();
      }}
      className={`m-auto w-[min(32rem,calc(100vw-2rem))] p-0 backdrop:bg-black/60 ${skin.card} ${skin.rounded}`}
    >
      <div className="p-6">
        <h2 id={titleId} className="text-xl font-semibold">
          {title}
        </h2>
        {children ? <div className="mt-3 text-fg">{children}</div> : null}
      </div>
      <div className="flex flex-col-reverse gap-2 border-t border-border px-6 py-4 sm:flex-row sm:justify-end">
        {actions.map((action) => {
          const variant = action.variant ?? 'primary';
          return (
            <Button
              key={action.label}
              variant={variant}
              onClick={action.onClick}
              busy={action.busy}
              busyLabel={action.busyLabel ?? `${action.label}…`}
              disabled={action.disabled || (anyBusy && variant === 'secondary')}
            >
              {action.label}
            </Button>
          );
        })}
      </div>
    </dialog>
  );
}
