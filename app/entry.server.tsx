// Runs only at build time: SPA mode renders the root once into build/client/index.html (there is no
// server). Our own file, so that the build needs no server runtime (`@remix-run/node`) and no bot
// detection (`isbot`): Remix's default entry requires both, and installs isbot by itself if it is
// missing. The page is rendered whole (onAllReady), as the default entry renders it for a bot, so
// the single-fetch data and the end of its stream are written into the HTML.
import { PassThrough } from 'node:stream';
import { RemixServer } from '@remix-run/react';
import { renderToPipeableStream } from 'react-dom/server';
import type { ComponentProps } from 'react';

export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  context: ComponentProps<typeof RemixServer>['context'],
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(<RemixServer context={context} url={request.url} />, {
      onAllReady() {
        const body = new PassThrough();
        const chunks: Buffer[] = [];
        body.on('data', (chunk: Buffer) => chunks.push(chunk));
        body.on('end', () => {
          headers.set('Content-Type', 'text/html');
          resolve(new Response(Buffer.concat(chunks).toString('utf8'), { status, headers }));
        });
        pipe(body);
      },
      onShellError: reject,
    });
  });
}
