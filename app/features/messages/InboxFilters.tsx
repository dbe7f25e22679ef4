// The inbox's filters: a GET form, so the view state is the URL (?child=, ?unread=1, ?q=,
// ?archived=1). The child, unread and archived controls apply at once; the search runs on Enter or
// the Search button.
import { Form } from '@remix-run/react';
import { useId } from 'react';
import { useSettings } from '~/settings/store';
import { Button } from '~/ui/Button';
import { FilterSelect } from '~/ui/form/FilterSelect';
import { useUrlForm } from '~/ui/use-url-form';
import { INBOX_PARAMS, inboxQueryToSearch, parseInboxQuery, type InboxQuery } from './inbox';

export function InboxFilters({
  query,
  childOptions,
}: {
  query: InboxQuery;
  childOptions: ReadonlyArray<{ id: string; name: string }>;
}) {
  const skin = useSettings((s) => s.skin);
  const ids = { search: useId(), unread: useId(), archived: useId() };

  const { formRef, apply: submitNow } = useUrlForm('/dash/messages', (fields) =>
    inboxQueryToSearch(parseInboxQuery(fields)),
  );

  return (
    <Form
      ref={formRef}
      method="get"
      replace
      role="search"
      aria-label="Find conversations"
      className={`mb-4 grid gap-3 p-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end sm:p-4 ${skin.card} ${skin.rounded}`}
      onSubmit={(event) => {
        event.preventDefault();
        submitNow();
      }}
      onChange={(event) => {
        if (event.target instanceof HTMLSelectElement) submitNow();
        if (event.target instanceof HTMLInputElement && event.target.type === 'checkbox') {
          submitNow();
        }
      }}
    >
      <div className="grid gap-1">
        <label htmlFor={ids.search} className="font-medium">
          Search by subject or person
        </label>
        <div className="flex gap-2">
          <input
            key={`q-${query.q}`}
            id={ids.search}
            name={INBOX_PARAMS.search}
            type="search"
            defaultValue={query.q}
            autoComplete="off"
            className={`min-h-11 ${skin.input} ${skin.rounded}`}
          />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </div>
      </div>
      {childOptions.length > 0 ? (
        <FilterSelect
          key={`child-${query.child}`}
          label="Child"
          name={INBOX_PARAMS.child}
          defaultValue={query.child}
          allLabel="All children"
          options={childOptions.map((child) => ({ value: child.id, label: child.name }))}
        />
      ) : null}
      <div className="flex min-h-11 items-center gap-2">
        <input
          key={`unread-${query.unreadOnly ? 1 : 0}`}
          id={ids.unread}
          name={INBOX_PARAMS.unread}
          type="checkbox"
          value="1"
          defaultChecked={query.unreadOnly}
          className="size-5"
        />
        <label htmlFor={ids.unread} className="font-medium">
          Unread only
        </label>
      </div>
      <div className="flex min-h-11 items-center gap-2">
        <input
          key={`archived-${query.archived ? 1 : 0}`}
          id={ids.archived}
          name={INBOX_PARAMS.archived}
          type="checkbox"
          value="1"
          defaultChecked={query.archived}
          className="size-5"
        />
        <label htmlFor={ids.archived} className="font-medium">
          Archived
        </label>
      </div>
    </Form>
  );
}
