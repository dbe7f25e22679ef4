// The import's worker: decodes the uploaded file in its own encoding, reads it with papaparse and
// checks every row (plan.ts), off the page's thread, so 5,000 rows never freeze the screen. It keeps the parsed rows between the
// two requests; the page gets a copy of them too, for the failed-rows file.
/// <reference lib="webworker" />
import { parseCsvBytes } from './parse';
import { planImport } from './plan';
import { workerRequestSchema, type WorkerReply } from './worker-protocol';

declare const self: DedicatedWorkerGlobalScope;

let rows: string[][] = [];

function reply(message: WorkerReply): void {
  self.postMessage(message);
}

self.addEventListener('message', (event: MessageEvent<unknown>) => {
  void handle(event.data).catch((error: unknown) => {
    reply({
      type: 'failed',
      message: `The file could not be read: ${error instanceof Error ? error.message : String(error)}`,
    });
  });
});

async function handle(data: unknown): Promise<void> {
  const request = workerRequestSchema.safeParse(data);
  if (!request.success) {
    reply({ type: 'failed', message: 'The import page sent a request the reader does not know.' });
    return;
  }
  const message = request.data;
  if (message.type === 'parse') {
    const parsed = parseCsvBytes(new Uint8Array(await message.file.arrayBuffer()));
    if (!parsed.ok) {
      rows = [];
      reply({ type: 'failed', message: parsed.message });
      return;
    }
    rows = parsed.csv.rows;
    reply({ type: 'parsed', headers: parsed.csv.headers, rows, encoding: parsed.encoding });
    return;
  }
  const total = rows.length;
  const plan = planImport(message.kind, rows, message.mapping, message.context, (done) =>
    reply({ type: 'progress', done, total }),
  );
  reply({ type: 'planned', plan });
}
