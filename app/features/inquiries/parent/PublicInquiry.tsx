// The /inquire page: the inquiry form for families with no account, and after a successful submit a
// thank-you panel in its place that says where the office will reply.
import { Form, Link, useNavigation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import type { InquiryOffice } from '~/backend/callables';
import { Button } from '~/ui/Button';
import { Card } from '~/ui/Card';
import { FormError } from '~/ui/form/Field';
import { PageHeading } from '~/ui/PageHeading';
import { InquiryFields } from '../InquiryForm';
import type { PublicInquiryData, PublicInquiryResult } from './public-route';

/**
 * Who to call if no answer comes: the campus's office and its number from the school's record (a
 * tap calls it on a phone), or, when the school gave none, where the number can be found.
 */
function CallTheOffice({ office }: { office: InquiryOffice | null }) {
  if (!office) {
    return (
      <>
        If you do not hear from us, please call the school&apos;s office; its number is on the
        school&apos;s website.
      </>
    );
  }
  return (
    <>
      If you do not hear from us, please call the office
      {office.campus ? ` of ${office.campus}` : ''} on{' '}
      <a href={`tel:${office.phone.replace(/[^\d+]/g, '')}`} className="font-medium underline">
        {office.phone}
      </a>
      .
    </>
  );
}

function ThankYou({ email, office }: { email: string; office: InquiryOffice | null }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the person used is gone: move focus to what replaced it, so a screen reader reads it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card>
      <div role="status" className="grid gap-3">
        <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold">
          Thank you — your inquiry has been sent
        </h2>
        <p>
          Thank you — we will contact you at <strong className="wrap-anywhere">{email}</strong>{' '}
          about a place for your child. <CallTheOffice office={office} />
        </p>
        <p>
          <Link to="/inquire" className="font-medium underline">
            Ask about another child
          </Link>
        </p>
      </div>
    </Card>
  );
}

export function PublicInquiry({
  data,
  result,
}: {
  data: PublicInquiryData;
  result: PublicInquiryResult | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const failed = result && !result.ok ? result : null;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeading
        title="Ask about a place"
        lead="Tell us about your child and how to reach you. You do not need an account."
      />
      {result?.ok ? (
        <ThankYou email={result.email} office={result.office} />
      ) : (
        <Card>
          <Form method="post" noValidate className="grid gap-5">
            <FormError form={failed} summarize />
            <InquiryFields
              form={failed}
              campuses={data.campuses}
              defaults={data.defaults}
              today={data.today}
            />
            <p className="text-sm text-muted">We use these details only to answer your inquiry.</p>
            <div>
              <Button type="submit" busy={busy} busyLabel="Sending…">
                Send inquiry
              </Button>
            </div>
          </Form>
        </Card>
      )}
      {data.signedIn ? null : (
        <p className="mt-6 text-sm">
          Already a family at the centre?{' '}
          <Link to="/login" className="font-medium underline">
            Sign in
          </Link>
        </p>
      )}
    </div>
  );
}
