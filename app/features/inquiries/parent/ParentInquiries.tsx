// A parent's inquiries page: "Ask about a place" (the shared inquiry fields, their contact details
// prefilled) and "Your inquiries", their own, newest first, with the current status and the last
// step. Refreshes when the sync brings news about them.
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { usePersonZone } from '~/auth/person-zone-context';
import { useRevalidateOnDataChange } from '~/data/route-data';
import { Badge } from '~/ui/Badge';
import { Button } from '~/ui/Button';
import { Card } from '~/ui/Card';
import { EmptyState } from '~/ui/EmptyState';
import { FormError } from '~/ui/form/Field';
import { PageHeading } from '~/ui/PageHeading';
import { InquiryFields } from '../InquiryForm';
import { formatInquiryDate, type OwnInquiryRow } from './own-inquiries';
import type { AskResult, ParentData } from './parent-route';

const WATCHED = ['parentInquiries'];

function InquiryItem({ row }: { row: OwnInquiryRow }) {
  const timeZone = usePersonZone();
  return (
    <li className="grid gap-1 px-5 py-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{row.childName}</h3>
        <div className="flex flex-wrap gap-2">
          {row.pending ? <Badge tone="warning">Waiting to sync</Badge> : null}
          <Badge tone={row.tone}>{row.statusLabel}</Badge>
        </div>
      </div>
      <p className="text-sm text-muted">
        {row.campusName ?? 'Campus not chosen yet'}
        {row.sentAt ? ` · sent ${formatInquiryDate(row.sentAt, timeZone)}` : ''}
      </p>
      {row.lastStep ? (
        <p className="text-sm">
          Last step: {row.lastStep.label}, {formatInquiryDate(row.lastStep.at, timeZone)}
        </p>
      ) : null}
    </li>
  );
}

export function ParentInquiries({ data }: { data: ParentData }) {
  useRevalidateOnDataChange(WATCHED);
  const actionData = useActionData<AskResult>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const failed = actionData && !actionData.ok ? actionData : null;
  // After a successful save the form starts empty again (a new key remounts it).
  const formKey = actionData?.ok ? actionData.id : 'ask';
  return (
    <div>
      <PageHeading
        title="Parent inquiries"
        lead="Ask about a place for your child and follow what happens with your inquiries."
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card title="Ask about a place">
          <Form key={formKey} method="post" noValidate className="grid gap-5">
            <FormError form={failed} summarize />
            <InquiryFields
              form={failed}
              campuses={data.campuses}
              defaults={data.defaults}
              today={data.today}
            />
            <div>
              <Button type="submit" busy={busy} busyLabel="Sending…">
                Send inquiry
              </Button>
            </div>
          </Form>
        </Card>
        <Card title="Your inquiries" padding="none">
          {data.inquiries.length > 0 ? (
            <ul className="divide-y divide-border">
              {data.inquiries.map((row) => (
                <InquiryItem key={row.id} row={row} />
              ))}
            </ul>
          ) : (
            <div className="p-5">
              <EmptyState title="No inquiries yet">
                When you ask about a place, your inquiry and its progress appear here.
              </EmptyState>
            </div>
          )}
        </Card>
      </div>
    </div>
  );
}
