// The shell every record editor shares: a Remix <Form method="post">, the form-level error, the
// fields (children), and the submit row drawn twice — inline on wide screens, and in the mobile
// action bar on phones, whose buttons sit outside the form and name it by id. Busy comes from the
// navigation of THIS form (its action), so another form's submit on the page does not spin its
// Save; and a busy <Button> ignores a second press, so one press is one submit.
import { Form, useFormAction, useNavigation, type FormProps } from '@remix-run/react';
import { useId, type ReactNode } from 'react';
import { useSettings } from '~/settings/store';
import { Button, ButtonLink } from '~/ui/Button';
import { Card } from '~/ui/Card';
import { MobileActionBar } from '~/ui/MobileActionBar';
import { FormError, type FormState } from './Field';

export interface EditorFormProps extends Omit<FormProps, 'children' | 'method' | 'id' | 'ref'> {
  /** The form's id; the mobile bar's submit names it. A generated one by default. */
  id?: string;
  /** The submit's text ("Save facilitator"), and its text while saving. */
  submitLabel: ReactNode;
  busyLabel?: ReactNode;
  /** Where Cancel goes; without it there is no Cancel (a form with nothing to go back to). */
  cancelTo?: string;
  /** The accessible name of the phone's action bar ("Facilitator form actions"). */
  actionsLabel: string;
  /** What a refused submit sent back: its form-level message is shown at the top. */
  form?: FormState | null;
  /** Also say how many fields need attention (the long editors). */
  summarize?: boolean;
  /** Busy for a reason of the editor's own as well (an upload under way). */
  busy?: boolean;
  /** More buttons after Save and Cancel, in both rows. */
  extraActions?: ReactNode;
  /**
   * `card`: the form inside a Card, its error first inside it (the setup editors); `sheet`: the form
   * is the card, with roomier spacing, and its error sits above it (the long student-record forms);
   * `stack`: the form is a column of cards its children draw, its error above it (the conversion).
   * `className` goes on the card (`card`) or on the form (`sheet`, `stack`).
   */
  frame?: 'card' | 'sheet' | 'stack';
  className?: string;
  children: ReactNode;
}

/**
 * Whether the page's navigation is a submit to `action` (the current route's when undefined, as a
 * <Form> without one): while the action runs, and while the page it leads to loads, so Save stays
 * busy until the person has left the form.
 */
export function useSubmittingTo(action: string | undefined): boolean {
  const navigation = useNavigation();
  const formAction = useFormAction(action);
  return navigation.state !== 'idle' && navigation.formAction === formAction;
}

export function EditorForm({
  id,
  submitLabel,
  busyLabel = 'Saving…',
  cancelTo,
  actionsLabel,
  form,
  summarize = false,
  busy: busyOwn = false,
  extraActions,
  frame = 'card',
  className = '',
  action,
  children,
  ...formProps
}: EditorFormProps) {
  const skin = useSettings((s) => s.skin);
  const generatedId = useId();
  const formId = id ?? generatedId;
  const busy = useSubmittingTo(action) || busyOwn;
  const error = <FormError form={form} summarize={summarize} />;
  const cancel = cancelTo ? (
    <ButtonLink to={cancelTo} variant="secondary">
      Cancel
    </ButtonLink>
  ) : null;
  const submit = (inBar: boolean) => (
    <Button type="submit" form={inBar ? formId : undefined} busy={busy} busyLabel={busyLabel}>
      {submitLabel}
    </Button>
  );
  const body = (
    <Form
      {...formProps}
      action={action}
      method="post"
      id={formId}
      className={
        frame === 'card'
          ? 'grid gap-4'
          : frame === 'sheet'
            ? `grid gap-6 p-4 sm:p-6 ${skin.card} ${skin.rounded} ${className}`
            : `grid gap-6 ${className}`
      }
    >
      {frame === 'card' ? error : null}
      {children}
      {/* On phones the buttons sit in the mobile action bar instead. */}
      <div className="hidden flex-wrap gap-2 sm:flex">
        {submit(false)}
        {cancel}
        {extraActions}
      </div>
    </Form>
  );
  return (
    <>
      {frame === 'card' ? (
        <Card className={className}>{body}</Card>
      ) : (
        <>
          <div className="mb-4 empty:hidden">{error}</div>
          {body}
        </>
      )}
      {/* Room at the end of the page, so the fixed bar covers none of the form. */}
      <div className="h-20 sm:hidden" aria-hidden="true" />
      <MobileActionBar label={actionsLabel}>
        {cancel}
        {submit(true)}
        {extraActions}
      </MobileActionBar>
    </>
  );
}
