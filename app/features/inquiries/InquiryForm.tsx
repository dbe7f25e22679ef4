// The fields of an inquiry about a place, shared by the public /inquire page and a parent's "Ask about
// a place" form: the child (name, date of birth, campus), the message with a character counter, and
// how to reach the family. Both pages parse the same names with submitInquirySchema.
import { INQUIRY_MESSAGE_MAX } from '~/domain/inquiries';
import {
  SelectField,
  TextAreaField,
  TextField,
  type FormState,
  type Option,
} from '~/ui/form/Field';
import type { ReactNode } from 'react';

export interface InquiryContactDefaults {
  parentName?: string;
  email?: string;
  phone?: string;
}

export interface InquiryFieldsProps {
  /** The last submit's field errors and typed values. */
  form?: FormState | null;
  /** Campuses the person may read; none for a visitor with no account (they cannot read them). */
  campuses: readonly Option[];
  /** Prefilled contact details (a signed-in parent's profile). */
  defaults?: InquiryContactDefaults;
  /** YYYY-MM-DD: the latest date of birth the date picker offers. */
  today: string;
}

const NOT_SURE = 'Not sure yet';

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-base font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** The message box; the form kit shows its live "n / 2,000" counter from maxLength. */
function MessageField({ form }: { form?: FormState | null }) {
  return (
    <TextAreaField
      name="message"
      label="Your message (optional)"
      form={form}
      rows={5}
      maxLength={INQUIRY_MESSAGE_MAX}
      className="sm:col-span-2"
      hint="What would you like to know?"
    />
  );
}

export function InquiryFields({ form, campuses, defaults = {}, today }: InquiryFieldsProps) {
  return (
    <div className="grid gap-6">
      <Group legend="Your child">
        <TextField
          name="childName"
          label="Child's full name"
          form={form}
          autoComplete="off"
          required
        />
        <TextField
          name="childDateOfBirth"
          label="Date of birth"
          type="date"
          max={today}
          form={form}
          required
        />
        {campuses.length > 0 ? (
          <SelectField
            name="campusId"
            label="Campus"
            form={form}
            options={campuses}
            placeholder={NOT_SURE}
            hint="Choose “Not sure yet” if you would like the office to advise you."
            className="sm:col-span-2"
          />
        ) : (
          <p className="text-sm text-muted sm:col-span-2">
            Not sure which campus suits you? The office will help you choose; mention a preference
            in your message if you have one.
          </p>
        )}
        <MessageField form={form} />
      </Group>
      <Group legend="How we can reach you">
        <TextField
          name="parentName"
          label="Your name"
          form={form}
          autoComplete="name"
          defaultValue={defaults.parentName}
          required
        />
        <TextField
          name="phone"
          label="Phone (optional)"
          type="tel"
          form={form}
          autoComplete="tel"
          defaultValue={defaults.phone}
        />
        <TextField
          name="email"
          label="E-mail"
          type="email"
          form={form}
          autoComplete="email"
          defaultValue={defaults.email}
          className="sm:col-span-2"
          required
        />
      </Group>
    </div>
  );
}
