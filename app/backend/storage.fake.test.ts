// @vitest-environment node
// Files against the fake's Storage service, through app/backend/storage.ts and the real
// `firebase/storage` SDK: resumable and one-shot uploads with progress, cancel, the storage rules
// (uploader, staff, the resource's audience), size and type limits enforced by the service itself,
// download of the bytes (getFileBlob) and delete. Node's
// environment, not jsdom's: jsdom's Blob is not a body Node's fetch (the SDK's transport) can send.
import { getBytes, getMetadata, ref, uploadBytes } from 'firebase/storage';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '~/domain/resources';
import { demoAccount } from '../../mocks/demo-accounts';
import { fake } from '../../mocks/index';
import { clearUploadSessions } from '../../mocks/storage';
import { allowConsoleErrors } from '../../test/console';
import { getStorageInstance } from './app';
import { BackendError } from './errors';
import {
  deleteFile,
  getFileBlob,
  isCancelled,
  STORAGE_MESSAGES,
  uploadFile,
  type UploadProgress,
} from './storage';
import { rejectionOf, signInAs } from './test-helpers';

function bytesOf(size: number, seed = 1): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i++) out[i] = (i * 31 + seed) % 251;
  return out;
}

function pdf(size: number, seed = 1): Blob {
  return new Blob([bytesOf(size, seed)], { type: 'application/pdf' });
}

/** Equal bytes (toEqual compares megabytes element by element, for seconds). */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a).equals(Buffer.from(b));
}

async function readBack(path: string): Promise<Uint8Array> {
  const blob = await getFileBlob(path);
  return new Uint8Array(await blob.arrayBuffer());
}

async function readRefusal(path: string): Promise<string> {
  const storage = await getStorageInstance();
  return getBytes(ref(storage, path)).then(
    () => 'read',
    (error: unknown) => (error instanceof Error && 'code' in error ? String(error.code) : 'other'),
  );
}

beforeEach(async () => {
  await fake.reset();
  fake.clearRequestLog();
});
afterEach(() => {
  fake.faults.clear();
  clearUploadSessions();
});

describe('uploadFile', () => {
  it('uploads a 2 MB PDF in resumable chunks, reporting progress up to the whole file', async () => {
    await signInAs('facilitator');
    const file = pdf(2 * 1024 * 1024);
    const progress: UploadProgress[] = [];
    const handle = uploadFile('resources/res-new-1/notes.pdf', file, {
      contentType: 'application/pdf',
      onProgress: (p) => progress.push(p),
    });
    const result = await handle.done;
    expect(result).toEqual({
      storagePath: 'resources/res-new-1/notes.pdf',
      size: file.size,
      mimeType: 'application/pdf',
    });
    // 256 KiB, then doubling chunks: several requests, each reported.
    const uploads = fake.requests(/upload_id=/);
    expect(uploads.length).toBeGreaterThan(2);
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.at(-1)).toEqual({ bytesTransferred: file.size, totalBytes: file.size });
    const transferred = progress.map((p) => p.bytesTransferred);
    expect([...transferred].sort((a, b) => a - b)).toEqual(transferred);
    expect(sameBytes(await readBack(result.storagePath), bytesOf(file.size))).toBe(true);
  });

  it('sends a small file in one multipart request and keeps the uploader from the token', async () => {
    const uid = await signInAs('facilitator');
    const result = await uploadFile('resources/res-new-2/a.txt', new Blob(['hello']), {
      contentType: 'text/plain',
    }).done;
    expect(result.size).toBe(5);
    expect(fake.requests(/upload_id=/)).toHaveLength(0);
    const storage = await getStorageInstance();
    const metadata = await getMetadata(ref(storage, result.storagePath));
    expect(metadata.customMetadata?.uploadedBy).toBe(uid);
    expect(metadata.contentType).toBe('text/plain');
    // MD5 of "hello", as the service reports it.
    expect(metadata.md5Hash).toBe('XUFAKrxLKna5cZ2REBfFkg==');
  });

  it('does not trust an uploadedBy the client writes into its metadata', async () => {
    const uid = await signInAs('administration');
    const storage = await getStorageInstance();
    const path = 'resources/res-new-3/a.txt';
    await uploadBytes(ref(storage, path), new Blob(['x']), {
      contentType: 'text/plain',
      customMetadata: { uploadedBy: 'someone-else' },
    });
    expect((await getMetadata(ref(storage, path))).customMetadata?.uploadedBy).toBe(uid);
  });

  it('stops when cancelled, rejecting with code cancelled, and stores nothing', async () => {
    await signInAs('facilitator');
    fake.faults.setLatency(30, 'firebasestorage');
    let handle: ReturnType<typeof uploadFile> | null = null;
    handle = uploadFile('resources/res-new-4/big.pdf', pdf(3 * 1024 * 1024), {
      contentType: 'application/pdf',
      onProgress: (p) => {
        if (p.bytesTransferred > 0) handle?.cancel();
      },
    });
    const error = await rejectionOf(handle.done);
    expect(isCancelled(error)).toBe(true);
    expect(error.message).toBe(STORAGE_MESSAGES.cancelled);
    await signInAs('admin');
    expect(await readRefusal('resources/res-new-4/big.pdf')).toBe('storage/object-not-found');
  });

  it('refuses too large, empty and disallowed files before sending anything', async () => {
    await signInAs('facilitator');
    fake.clearRequestLog();
    const cases: Array<[Blob, string, string]> = [
      [
        new Blob([new Uint8Array(MAX_UPLOAD_BYTES + 1)]),
        'application/pdf',
        UPLOAD_MESSAGES.tooLarge,
      ],
      [new Blob([]), 'application/pdf', UPLOAD_MESSAGES.empty],
      [new Blob(['<svg/>']), 'image/svg+xml', UPLOAD_MESSAGES.wrongType],
      [new Blob(['MZ']), 'application/x-msdownload', UPLOAD_MESSAGES.wrongType],
    ];
    for (const [blob, contentType, message] of cases) {
      const error = await rejectionOf(
        uploadFile('resources/res-new-5/f', blob, { contentType }).done,
      );
      expect(error.message).toBe(message);
      expect(error.permanent).toBe(true);
    }
    expect(fake.requests('firebasestorage')).toHaveLength(0);
  });

  it('is refused by the service itself for a type the rules do not allow', async () => {
    allowConsoleErrors();
    await signInAs('facilitator');
    const storage = await getStorageInstance();
    const outcome = await uploadBytes(
      ref(storage, 'resources/res-new-6/x.svg'),
      new Blob(['<svg/>']),
      { contentType: 'image/svg+xml' },
    ).then(
      () => 'stored',
      (error: unknown) => (error instanceof Error && 'code' in error ? String(error.code) : ''),
    );
    expect(outcome).toBe('storage/unauthorized');
  });

  it('is refused by the service for a type that only starts like an allowed one, or has parameters', async () => {
    allowConsoleErrors();
    await signInAs('admin');
    const storage = await getStorageInstance();
    const html = new Blob(['<!doctype html><script>alert(document.domain)</script>']);
    for (const contentType of ['image/png,text/html', 'image/png; charset=x', 'text/html']) {
      const path = 'resources/res-new-12/a.png';
      const outcome = await uploadBytes(ref(storage, path), html, { contentType }).then(
        () => 'stored',
        (error: unknown) => (error instanceof Error && 'code' in error ? String(error.code) : ''),
      );
      expect(outcome, contentType).toBe('storage/unauthorized');
      expect(await readRefusal(path)).toBe('storage/object-not-found');
    }
  });

  it('refuses a .exe declared as a PDF, before sending and at the service', async () => {
    allowConsoleErrors();
    await signInAs('facilitator');
    fake.clearRequestLog();
    const path = 'resources/res-new-13/setup.exe';
    const error = await rejectionOf(
      uploadFile(path, pdf(10), { contentType: 'application/pdf' }).done,
    );
    expect(error.message).toBe(
      '“setup.exe” says it is a PDF, but its name does not end in .pdf. Choose the right file, or rename it.',
    );
    expect(error.permanent).toBe(true);
    expect(fake.requests('firebasestorage')).toHaveLength(0);
    const storage = await getStorageInstance();
    const outcome = await uploadBytes(ref(storage, path), pdf(10), {
      contentType: 'application/pdf',
    }).then(
      () => 'stored',
      (e: unknown) => (e instanceof Error && 'code' in e ? String(e.code) : ''),
    );
    expect(outcome).toBe('storage/unauthorized');
    // The same bytes under a name of their type are stored.
    await uploadBytes(ref(storage, 'resources/res-new-13/setup.pdf'), pdf(10), {
      contentType: 'application/pdf',
    });
    expect(await readBack('resources/res-new-13/setup.pdf')).toHaveLength(10);
  });

  it('refuses parents and students with "You may not upload files here."', async () => {
    for (const role of ['parent', 'student'] as const) {
      await signInAs(role);
      const error = await rejectionOf(
        uploadFile('resources/res-new-7/a.pdf', pdf(10), { contentType: 'application/pdf' }).done,
      );
      expect(error).toBeInstanceOf(BackendError);
      expect(error.code).toBe('permission-denied');
      expect(error.message).toBe(STORAGE_MESSAGES.uploadRefused);
    }
  });

  it('keeps a facilitator from replacing a file of a resource another person created', async () => {
    await signInAs('facilitator');
    // res-010 is seeded by someone other than the demo facilitator.
    expect(fake.getDocument('resources/res-010')?.createdBy).not.toBe(
      demoAccount('facilitator').uid,
    );
    const error = await rejectionOf(
      uploadFile('resources/res-010/a.pdf', pdf(10), { contentType: 'application/pdf' }).done,
    );
    expect(error.code).toBe('permission-denied');
  });

  it('says the device is offline instead of trying, when it is', async () => {
    await signInAs('facilitator');
    vi.stubGlobal('navigator', { onLine: false });
    try {
      const error = await rejectionOf(
        uploadFile('resources/res-new-8/a.pdf', pdf(10), { contentType: 'application/pdf' }).done,
      );
      expect(error.message).toBe(UPLOAD_MESSAGES.offline);
      expect(error.permanent).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('reading and deleting files', () => {
  it('lets the resource audience read a file and refuses everyone else', async () => {
    await signInAs('facilitator');
    const path = 'resources/res-000/worksheet.pdf';
    await uploadFile(path, pdf(1000, 7), { contentType: 'application/pdf' }).done;
    // Leo (the demo student) is in res-000's classroom; the demo parent is Leo's guardian.
    await signInAs('student');
    expect(sameBytes(await readBack(path), bytesOf(1000, 7))).toBe(true);
    await signInAs('parent');
    const resource = fake.getDocument('resources/res-000');
    const audience = Array.isArray(resource?.audience) ? resource.audience : [];
    expect(await readRefusal(path)).toBe(
      audience.includes('parent') ? 'read' : 'storage/unauthorized',
    );
  });

  it('refuses a file whose resource is not saved yet to anyone but its uploader and staff', async () => {
    await signInAs('facilitator');
    const path = 'resources/res-unsaved/a.pdf';
    await uploadFile(path, pdf(10), { contentType: 'application/pdf' }).done;
    expect(await readBack(path)).toHaveLength(10);
    await signInAs('student');
    expect(await readRefusal(path)).toBe('storage/unauthorized');
    await signInAs('admin');
    expect(await readBack(path)).toHaveLength(10);
  });

  it('gives the bytes as a Blob typed with the file’s content type', async () => {
    await signInAs('facilitator');
    const path = 'resources/res-new-11/photo.png';
    await uploadFile(path, new Blob([bytesOf(300_000)]), { contentType: 'image/png' }).done;
    const blob = await getFileBlob(path);
    expect(blob.type).toBe('image/png');
    expect(blob.size).toBe(300_000);
    await signInAs('student');
    const refused = await rejectionOf(getFileBlob(path));
    expect(refused.code).toBe('permission-denied');
    expect(refused.message).toBe(STORAGE_MESSAGES.readRefused);
  });

  it('answers object-not-found for a missing file the caller may read', async () => {
    await signInAs('admin');
    expect(await readRefusal('resources/res-000/missing.pdf')).toBe('storage/object-not-found');
  });

  it('deletes a file for its uploader, and says so when it is already gone', async () => {
    await signInAs('facilitator');
    const path = 'resources/res-new-9/a.pdf';
    await uploadFile(path, pdf(10), { contentType: 'application/pdf' }).done;
    await signInAs('student');
    expect((await rejectionOf(deleteFile(path))).message).toBe(STORAGE_MESSAGES.deleteRefused);
    await signInAs('facilitator');
    await deleteFile(path);
    await signInAs('admin');
    expect(await readRefusal(path)).toBe('storage/object-not-found');
    const gone = await rejectionOf(deleteFile(path));
    expect(gone.code).toBe('not-found');
  });

  it('forgets every file on reset', async () => {
    await signInAs('admin');
    const path = 'resources/res-new-10/a.pdf';
    await uploadFile(path, pdf(10), { contentType: 'application/pdf' }).done;
    await fake.reset();
    await signInAs('admin');
    expect(await readRefusal(path)).toBe('storage/object-not-found');
  });
});
