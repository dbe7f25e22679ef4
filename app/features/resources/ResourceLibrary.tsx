// The resources library (/dash/resources): filters in the URL, the list, the preview dialog of the
// resource named by `?resource=`, and each file's Download / Keep offline. Reading a file for a
// download or for keeping offline runs in the click handler (it is the person's action, not the
// page's data); the preview's bytes come from the loader.
import { Form, Link, useFetcher, useLocation, useNavigate, useRevalidator } from '@remix-run/react';
import { useEffect, useId, useState } from 'react';
import { usePersonZone } from '~/auth/person-zone-context';
import { BackendError } from '~/backend/errors';
import { offlineFiles } from '~/data/offline-files';
import { formatInstantDay } from '~/domain/format';
import { settingsStore, useSettings } from '~/settings/store';
import { Badge } from '~/ui/Badge';
import { Button, ButtonLink } from '~/ui/Button';
import { EmptyState } from '~/ui/EmptyState';
import { FilterSelect } from '~/ui/form/FilterSelect';
import { ACTION_ICONS, AREA_ICONS, Icon, RESOURCE_ICONS } from '~/ui/icons';
import { MobileActionBar } from '~/ui/MobileActionBar';
import { Modal } from '~/ui/Modal';
import { PageHeading } from '~/ui/PageHeading';
import { useUrlForm } from '~/ui/use-url-form';
import { AUDIENCE_OPTIONS, isWebLink } from './add-resource';
import {
  fileNameOf,
  fileTypeLabel,
  filterResources,
  formatSize,
  isFiltered,
  libraryQueryToSearch,
  parseLibraryQuery,
  PREVIEW_NOT_SHOWN,
  previewKind,
  resourceTime,
  type LibraryQuery,
  type ResourceRecord,
} from './library';
import { canDelete, type NamedItem } from './load';
import { readFile, type OpenedResource } from './resource-route';

export interface LibraryData {
  resources: ResourceRecord[];
  subjects: NamedItem[];
  classrooms: NamedItem[];
  /** The classroom filter's options: the person's own classrooms (staff: all), campus where names repeat. */
  classroomOptions: ReadonlyArray<{ id: string; label: string }>;
  pendingIds: Set<string>;
  offlinePaths: Set<string>;
  canAdd: boolean;
  me: string;
  staff: boolean;
  query: LibraryQuery;
  opened: OpenedResource | null;
}

function messageOf(error: unknown): string {
  if (error instanceof BackendError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Try again.';
}

/** Hands a blob to the browser as a download named `name`. */
function downloadBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoking at once can cancel the download in some browsers; a minute is plenty to start it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** An object URL for the blob while it is shown; revoked when the blob changes or the view goes. */
function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [blob]);
  return url;
}

export function ResourceLibrary({ data }: { data: LibraryData }) {
  const { query } = data;
  const shown = filterResources(data.resources, query, data.pendingIds);
  const names = {
    subjects: new Map(data.subjects.map((s) => [s.id, s.name])),
    classrooms: new Map(data.classrooms.map((c) => [c.id, c.name])),
  };
  const [deleting, setDeleting] = useState<ResourceRecord | null>(null);
  const fetcher = useFetcher();

  return (
    <>
      <PageHeading
        title="Resources"
        icon={AREA_ICONS.resources}
        lead="Links and files for your classes, by subject and classroom."
        actions={
          data.canAdd ? (
            <ButtonLink to="/dash/resources/new" icon={ACTION_ICONS.add} className="max-sm:hidden">
              Add resource
            </ButtonLink>
          ) : null
        }
      />
      <LibraryFilters data={data} />
      <p className="mb-3 text-sm text-muted" aria-live="polite">
        {shown.length === data.resources.length
          ? `${shown.length} ${shown.length === 1 ? 'resource' : 'resources'}`
          : `${shown.length} of ${data.resources.length} resources`}
      </p>
      {shown.length === 0 ? (
        isFiltered(query) ? (
          <EmptyState
            title="No resources match these filters"
            icon={ACTION_ICONS.search}
            action={
              <Link to="/dash/resources" className="font-medium underline">
                Clear filters
              </Link>
            }
          >
            Try other words, or another subject, classroom or kind.
          </EmptyState>
        ) : (
          <EmptyState title="No resources yet" icon={AREA_ICONS.resources}>
            {data.canAdd
              ? 'Add a link or upload a file to share it with your classes.'
              : 'Resources shared with you will appear here.'}
          </EmptyState>
        )
      ) : (
        <ul className="grid gap-3">
          {shown.map((resource) => (
            <ResourceItem
              key={resource.id}
              resource={resource}
              query={query}
              subject={resource.subjectId ? names.subjects.get(resource.subjectId) : undefined}
              classrooms={resource.classroomIds.map((id) => names.classrooms.get(id) ?? id)}
              pending={data.pendingIds.has(resource.id)}
              kept={Boolean(resource.storagePath && data.offlinePaths.has(resource.storagePath))}
              deletable={canDelete(data, resource)}
              onDelete={() => setDeleting(resource)}
            />
          ))}
        </ul>
      )}
      <PreviewDialog opened={data.opened} query={query} />
      <Modal
        open={deleting !== null}
        title={deleting ? `Delete “${deleting.title}”?` : 'Delete resource?'}
        onClose={() => setDeleting(null)}
        actions={[
          { label: 'Cancel', variant: 'secondary', onClick: () => setDeleting(null) },
          {
            label: 'Delete',
            variant: 'danger',
            onClick: () => {
              if (deleting)
                fetcher.submit({ intent: 'delete', id: deleting.id }, { method: 'post' });
              setDeleting(null);
            },
          },
        ]}
      >
        <p>
          {deleting?.kind === 'file'
            ? 'The resource and its file are deleted for everyone it was shared with.'
            : 'The resource is deleted for everyone it was shared with.'}
        </p>
      </Modal>
      {data.canAdd ? (
        <MobileActionBar label="Resource actions">
          <ButtonLink to="/dash/resources/new" icon={ACTION_ICONS.add}>
            Add resource
          </ButtonLink>
        </MobileActionBar>
      ) : null}
    </>
  );
}

function LibraryFilters({ data }: { data: LibraryData }) {
  const { query } = data;
  const skin = useSettings((s) => s.skin);
  const ids = {
    q: useId(),
  };
  const { formRef, apply } = useUrlForm('/dash/resources', (fields) =>
    libraryQueryToSearch(parseLibraryQuery(fields)),
  );
  return (
    <Form
      ref={formRef}
      method="get"
      replace
      role="search"
      aria-label="Find resources"
      className={`mb-4 grid gap-3 p-3 sm:grid-cols-2 sm:p-4 lg:grid-cols-[2fr_1fr_1fr_1fr_1fr] lg:items-end ${skin.card} ${skin.rounded}`}
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
      onChange={(event) => {
        if (event.target instanceof HTMLSelectElement) apply();
      }}
    >
      <div className="grid gap-1 sm:col-span-2 lg:col-span-1">
        <label htmlFor={ids.q} className="text-sm font-medium">
          Search by title
        </label>
        <div className="flex gap-2">
          <input
            key={`q-${query.q}`}
            id={ids.q}
            name="q"
            type="search"
            defaultValue={query.q}
            autoComplete="off"
            className={`min-h-11 min-w-0 flex-1 ${skin.input} ${skin.rounded}`}
          />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </div>
      </div>
      <FilterSelect
        key={`kind-${query.kind}`}
        label="Kind"
        name="kind"
        defaultValue={query.kind}
        allLabel="All kinds"
        options={[
          { value: 'link', label: 'Links' },
          { value: 'file', label: 'Files' },
        ]}
      />
      <FilterSelect
        key={`subject-${query.subject}`}
        label="Subject"
        name="subject"
        defaultValue={query.subject}
        allLabel="All subjects"
        options={data.subjects.map((s) => ({ value: s.id, label: s.name }))}
      />
      <FilterSelect
        key={`classroom-${query.classroom}`}
        label="Classroom"
        name="classroom"
        defaultValue={query.classroom}
        allLabel="All classrooms"
        options={data.classroomOptions.map((c) => ({ value: c.id, label: c.label }))}
      />
      <FilterSelect
        key={`sort-${query.sort}`}
        label="Sort"
        name="sort"
        defaultValue={query.sort}
        options={[
          { value: 'newest', label: 'Newest first' },
          { value: 'title', label: 'Title (A–Z)' },
        ]}
      />
    </Form>
  );
}

function ResourceItem({
  resource,
  query,
  subject,
  classrooms,
  pending,
  kept,
  deletable,
  onDelete,
}: {
  resource: ResourceRecord;
  query: LibraryQuery;
  subject: string | undefined;
  classrooms: string[];
  pending: boolean;
  kept: boolean;
  deletable: boolean;
  onDelete: () => void;
}) {
  const skin = useSettings((s) => s.skin);
  const { revalidate } = useRevalidator();
  const titleId = useId();
  const [busy, setBusy] = useState<'download' | 'keep' | null>(null);
  const timeZone = usePersonZone();
  const path = resource.storagePath;
  const isFile = resource.kind === 'file' && Boolean(path);
  const time = resourceTime(resource);
  const audience = AUDIENCE_OPTIONS.filter((o) => resource.audience.includes(o.value))
    .map((o) => o.label)
    .join(', ');

  const download = async () => {
    if (!path) return;
    setBusy('download');
    try {
      downloadBlob(await readFile(path), fileNameOf(path));
    } catch (error) {
      settingsStore.notify(messageOf(error), 'error');
    } finally {
      setBusy(null);
    }
  };
  const toggleOffline = async () => {
    if (!path) return;
    setBusy('keep');
    try {
      if (kept) {
        await offlineFiles.forgetOffline(path);
        settingsStore.notify(`“${resource.title}” is no longer kept on this device.`, 'info');
      } else {
        await offlineFiles.keepOffline(path, await readFile(path));
        settingsStore.notify(`“${resource.title}” is available offline on this device.`, 'success');
      }
      revalidate();
    } catch (error) {
      settingsStore.notify(messageOf(error), 'error');
    } finally {
      setBusy(null);
    }
  };

  return (
    <li>
      <article aria-labelledby={titleId} className={`grid gap-2 p-4 ${skin.card} ${skin.rounded}`}>
        <div className="flex min-w-0 items-start gap-3">
          <span className="mt-0.5 rounded-full bg-hover p-2 text-muted">
            <Icon icon={RESOURCE_ICONS[resource.kind]} />
          </span>
          <div className="grid min-w-0 flex-1 gap-1">
            <h2 id={titleId} className="text-lg font-semibold wrap-anywhere">
              {resource.kind === 'link' && resource.url && isWebLink(resource.url) ? (
                <a
                  href={resource.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={skin.link}
                >
                  {resource.title}
                  <span className="sr-only"> (link, opens in a new tab)</span>
                </a>
              ) : (
                resource.title
              )}
            </h2>
            <p className="text-sm text-muted">
              {[
                isFile
                  ? `${fileTypeLabel(resource.mimeType)}${resource.size ? ` · ${formatSize(resource.size)}` : ''}`
                  : 'Link',
                subject,
                classrooms.length > 0 ? classrooms.join(', ') : null,
                time ? formatInstantDay(time, timeZone) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
            {audience ? <p className="text-sm text-muted">For: {audience}</p> : null}
            {resource.description ? (
              // Cut to three lines to keep the cards even; the title holds the rest.
              <p className="line-clamp-3 wrap-anywhere" title={resource.description}>
                {resource.description}
              </p>
            ) : null}
            {pending || kept ? (
              <div className="flex flex-wrap gap-2">
                {pending ? <Badge tone="warning">Waiting to sync</Badge> : null}
                {kept ? <Badge tone="success">Available offline</Badge> : null}
              </div>
            ) : null}
          </div>
        </div>
        {isFile || deletable ? (
          <div className="flex flex-wrap gap-2 sm:pl-12">
            {isFile ? (
              <>
                <ButtonLink
                  to={libraryQueryToSearch({ ...query, resource: resource.id })}
                  preventScrollReset
                  variant="secondary"
                  size="sm"
                >
                  Open
                </ButtonLink>
                <Button
                  variant="secondary"
                  size="sm"
                  busy={busy === 'download'}
                  onClick={() => void download()}
                >
                  Download
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  busy={busy === 'keep'}
                  onClick={() => void toggleOffline()}
                >
                  {kept ? 'Remove offline copy' : 'Keep offline'}
                </Button>
              </>
            ) : null}
            {deletable ? (
              <Button variant="ghost" size="sm" icon={ACTION_ICONS.discard} onClick={onDelete}>
                Delete
              </Button>
            ) : null}
          </div>
        ) : null}
      </article>
    </li>
  );
}

function PreviewDialog({ opened, query }: { opened: OpenedResource | null; query: LibraryQuery }) {
  const navigate = useNavigate();
  const location = useLocation();
  const url = useObjectUrl(opened?.blob ?? null);
  const resource = opened?.resource;
  const path = resource?.storagePath;
  const kind = previewKind(resource?.mimeType);
  const close = () =>
    navigate(
      { pathname: location.pathname, search: libraryQueryToSearch({ ...query, resource: '' }) },
      { replace: true, preventScrollReset: true },
    );
  const download = async () => {
    if (!path) return;
    try {
      downloadBlob(opened?.blob ?? (await readFile(path)), fileNameOf(path));
    } catch (error) {
      settingsStore.notify(messageOf(error), 'error');
    }
  };
  return (
    <Modal
      open={opened !== null}
      title={resource?.title ?? ''}
      onClose={close}
      actions={[
        ...(resource?.kind === 'file' && path
          ? [{ label: 'Download', variant: 'secondary' as const, onClick: () => void download() }]
          : []),
        { label: 'Close', onClick: close },
      ]}
    >
      {resource ? (
        <div className="grid gap-3">
          {resource.description ? <p className="wrap-anywhere">{resource.description}</p> : null}
          {resource.kind === 'link' && resource.url && isWebLink(resource.url) ? (
            <p>
              <a
                href={resource.url}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium break-all underline"
              >
                Open the link<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </p>
          ) : null}
          {resource.kind === 'file' ? (
            <p className="text-sm text-muted">
              {fileTypeLabel(resource.mimeType)}
              {resource.size ? ` · ${formatSize(resource.size)}` : ''}
            </p>
          ) : null}
          {opened?.problem ? (
            <p role="alert" className="font-medium text-danger">
              {opened.problem}
            </p>
          ) : null}
          {url && kind === 'image' ? (
            <img src={url} alt={resource.title} className="mx-auto max-h-[60vh] max-w-full" />
          ) : null}
          {url && kind === 'pdf' ? (
            <>
              {/* Sandboxed with no allowances: an opaque origin, no scripts, no forms, no popups,
                  so whatever the file holds cannot act as the app. resource-route.ts has also
                  checked its first bytes and typed the blob as a PDF. */}
              <iframe
                src={url}
                sandbox=""
                title={`${resource.title} (PDF preview)`}
                className="h-[60vh] w-full border border-border"
              />
              <p className="text-sm text-muted">
                If the preview does not show, use Download to open the PDF.
              </p>
            </>
          ) : null}
          {resource.kind === 'file' && kind === null ? <p>{PREVIEW_NOT_SHOWN}</p> : null}
        </div>
      ) : null}
    </Modal>
  );
}
