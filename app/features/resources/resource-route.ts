// What /dash/resources and /dash/resources/new load and save. The library's loader also opens the
// resource named by `?resource=<id>` (the Open button and notifications link there): for an image
// or a PDF it reads the file's bytes — the copy kept on this device first, else from Storage — so
// the preview dialog has them when it opens. The bytes are shown only when their first bytes are
// what the declared type says, and as that type (issue 28). Deleting a file resource removes the
// file from Storage first and needs a connection (decision in the brief: refused offline, with a
// message), then the record goes through the queue like any delete.
import { redirect } from '@remix-run/react';
import { requireArea } from '~/auth/guards';
import { BackendError } from '~/backend/errors';
import { deleteFile, getFileBlob } from '~/backend/storage';
import { offlineFiles } from '~/data/offline-files';
import { store } from '~/data/store';
import { syncEngine } from '~/data/sync-status';
import { classroomFilterOptions } from '~/features/school';
import { settingsStore } from '~/settings/store';
import { formFailure, formValues } from '~/ui/form/parse-form';
import { readHead } from '~/ui/read-head';
import { notAllowed } from '~/ui/responses';
import { ADD_MESSAGES, planResource } from './add-resource';
import { parseLibraryQuery, previewKind, previewMismatch, type ResourceRecord } from './library';
import { canDelete, loadResourcesData } from './load';

export const LIBRARY_MESSAGES = {
  notKept:
    'This file is not kept on this device. Open it when you are back online, or choose “Keep offline” next time.',
  notOpened: 'This file could not be opened. Check your connection and try again.',
  deleteOffline:
    'Files can be deleted when you are back online; nothing was deleted. A link can be deleted now.',
  deleteRefused: 'You may delete only resources you added.',
  deleteFailed: 'The resource could not be deleted. Try again.',
} as const;

/** The resource opened from `?resource=`, with its file's bytes when it can be previewed. */
export interface OpenedResource {
  resource: ResourceRecord;
  blob: Blob | null;
  /** Why the file could not be read (the dialog says so and still offers Download). */
  problem: string | null;
}

/** The last file read for a preview, so a revalidation (a sync landing) does not read it again. */
let lastPreview: { path: string; type: string | undefined; blob: Blob } | null = null;

/** A file's bytes: the copy kept on this device, else Storage (online only). */
export async function readFile(storagePath: string): Promise<Blob> {
  const kept = await offlineFiles.offlineBlob(storagePath).catch(() => null);
  if (kept) return kept;
  if (!syncEngine.connectivity.isOnline()) throw new Error(LIBRARY_MESSAGES.notKept);
  return getFileBlob(storagePath);
}

async function openResource(resource: ResourceRecord): Promise<OpenedResource> {
  const path = resource.storagePath;
  if (resource.kind !== 'file' || !path || previewKind(resource.mimeType) === null) {
    return { resource, blob: null, problem: null };
  }
  if (lastPreview?.path === path && lastPreview.type === resource.mimeType) {
    return { resource, blob: lastPreview.blob, problem: null };
  }
  try {
    const stored = await readFile(path);
    const mismatch = previewMismatch(resource.mimeType, await readHead(stored));
    if (mismatch) return { resource, blob: null, problem: mismatch };
    // Typed by the declared (and now checked) type, whatever the bytes came labelled as, so the
    // frame or image shows a PDF or an image and never renders the bytes as a page.
    const blob = new Blob([stored], { type: resource.mimeType });
    lastPreview = { path, type: resource.mimeType, blob };
    return { resource, blob, problem: null };
  } catch (error) {
    const problem =
      error instanceof Error && error.message === LIBRARY_MESSAGES.notKept
        ? LIBRARY_MESSAGES.notKept
        : error instanceof BackendError
          ? error.message
          : LIBRARY_MESSAGES.notOpened;
    return { resource, blob: null, problem };
  }
}

export async function loadLibraryPage(request: Request) {
  const user = await requireArea(request, 'resources');
  const data = await loadResourcesData(user);
  const query = parseLibraryQuery(new URL(request.url).searchParams);
  const named = query.resource ? data.resources.find((r) => r.id === query.resource) : undefined;
  const opened = named ? await openResource(named) : null;
  const classroomOptions = classroomFilterOptions(data.classrooms, data.campuses, {
    offered: data.filterableClassroomIds,
    keep: query.classroom,
  });
  return { ...data, query, opened, classroomOptions };
}

/** A delete that did not happen: the person is told in a toast (the confirm dialog has closed). */
function refuse(message: string) {
  settingsStore.notify(message, 'error');
  return { ok: false as const, message };
}

/** The library's one action: delete a resource (`intent=delete`, `id`). */
export async function libraryAction(request: Request) {
  const user = await requireArea(request, 'resources');
  const form = await request.formData();
  const id = form.get('id');
  if (form.get('intent') !== 'delete' || typeof id !== 'string') {
    throw new Response('Unknown action', { status: 400 });
  }
  const data = await loadResourcesData(user);
  const resource = data.resources.find((r) => r.id === id);
  if (!resource) return refuse(LIBRARY_MESSAGES.deleteFailed);
  if (!canDelete(data, resource)) return refuse(LIBRARY_MESSAGES.deleteRefused);
  const online = syncEngine.connectivity.isOnline();
  if (resource.kind === 'file' && resource.storagePath) {
    if (!online) return refuse(LIBRARY_MESSAGES.deleteOffline);
    try {
      await deleteFile(resource.storagePath);
    } catch (error) {
      // Already gone is what we wanted; anything else keeps the record, so nothing points nowhere.
      if (!(error instanceof BackendError && error.code === 'not-found')) {
        return refuse(
          error instanceof BackendError ? error.message : LIBRARY_MESSAGES.deleteFailed,
        );
      }
    }
    await offlineFiles.forgetOffline(resource.storagePath).catch(() => undefined);
  }
  if (!(await store.delete('resources', id))) return refuse(LIBRARY_MESSAGES.deleteFailed);
  settingsStore.notify(
    online
      ? `“${resource.title}” deleted.`
      : `“${resource.title}” deleted on this device. It will sync when you are back online.`,
    'success',
  );
  return { ok: true as const, message: null };
}

/** The add page: staff and facilitators only (403 for the others). */
export async function loadAddPage(request: Request) {
  const user = await requireArea(request, 'resources');
  const data = await loadResourcesData(user);
  if (!data.canAdd) throw notAllowed();
  const kind: 'link' | 'file' =
    new URL(request.url).searchParams.get('kind') === 'file' ? 'file' : 'link';
  // Named as the library's filter names them: with the campus where two share a name.
  const classrooms = classroomFilterOptions(data.classrooms, data.campuses, {
    offered: new Set(data.shareableClassroomIds),
  });
  return {
    kind,
    me: data.me,
    subjects: data.subjects,
    classrooms: classrooms.map((c) => ({ id: c.id, name: c.label })),
  };
}

export async function addResourceAction(request: Request) {
  const user = await requireArea(request, 'resources');
  const data = await loadResourcesData(user);
  if (!data.canAdd) throw notAllowed();
  const form = await request.formData();
  const plan = planResource(form, {
    me: user.memberUUID,
    classroomIds: data.shareableClassroomIds,
    subjectIds: data.subjects.map((s) => s.id),
  });
  if (!plan.ok) return plan;
  const saved = await store.save('resources', plan.record);
  if (!saved) {
    settingsStore.setError(ADD_MESSAGES.notSaved);
    return formFailure(formValues(form), { _form: ADD_MESSAGES.notSaved });
  }
  if (syncEngine.connectivity.isOnline()) settingsStore.notify('Resource added.', 'success');
  else {
    settingsStore.notify(
      'Resource saved on this device. It will sync when you are back online.',
      'success',
    );
  }
  return redirect('/dash/resources');
}
