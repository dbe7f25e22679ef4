// The page's side of the import worker: one worker per import page, started on first use (so
// nothing of it loads before someone opens the page), and two promise-returning requests.
import { workerReplySchema, type WorkerReply, type WorkerRequest } from './worker-protocol';
import type { CsvEncoding } from './encoding';
import type { ColumnMapping } from './mapping';
import type { ImportContext, ImportPlan } from './plan';
import type { ImportKind } from './targets';

export interface CsvWorker {
  parse(file: Blob): Promise<{ headers: string[]; rows: string[][]; encoding: CsvEncoding }>;
  plan(
    kind: ImportKind,
    mapping: ColumnMapping,
    context: ImportContext,
    onProgress: (done: number, total: number) => void,
  ): Promise<ImportPlan>;
  terminate(): void;
}

export const WORKER_FAILED =
  'The file reader stopped unexpectedly. Reload the page and choose the file again.';

export function startCsvWorker(): CsvWorker {
  const worker = new Worker(new URL('./csv.worker.ts', import.meta.url), { type: 'module' });
  // One request at a time: the page waits for each answer before it asks again.
  let pending: ((reply: WorkerReply) => void) | null = null;
  worker.addEventListener('message', (event: MessageEvent<unknown>) => {
    const reply = workerReplySchema.safeParse(event.data);
    pending?.(reply.success ? reply.data : { type: 'failed', message: WORKER_FAILED });
  });
  worker.addEventListener('error', () => pending?.({ type: 'failed', message: WORKER_FAILED }));

  function ask<T>(request: WorkerRequest, take: (reply: WorkerReply) => T | undefined): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      pending = (reply) => {
        if (reply.type === 'failed') {
          pending = null;
          reject(new Error(reply.message));
          return;
        }
        const value = take(reply);
        if (value !== undefined) {
          pending = null;
          resolve(value);
        }
      };
      worker.postMessage(request);
    });
  }

  return {
    parse: (file) =>
      ask({ type: 'parse', file }, (reply) =>
        reply.type === 'parsed'
          ? { headers: reply.headers, rows: reply.rows, encoding: reply.encoding }
          : undefined,
      ),
    plan: (kind, mapping, context, onProgress) =>
      ask({ type: 'plan', kind, mapping, context }, (reply) => {
        if (reply.type === 'progress') onProgress(reply.done, reply.total);
        return reply.type === 'planned' ? reply.plan : undefined;
      }),
    terminate: () => worker.terminate(),
  };
}
