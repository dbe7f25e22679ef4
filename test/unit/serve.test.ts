// @vitest-environment node
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { http, passthrough } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { server as fakeFirebase } from '../../mocks/node';
import { createStaticServer } from '../../scripts/serve.mjs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

let root: string;
let server: Server;
let base: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'serve-test-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(root, 'assets', 'app-123.js'), 'console.log(1)');
  writeFileSync(join(root, 'connectivity-check'), 'ok');
  server = createStaticServer(root);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address: AddressInfo | string | null = server.address();
  if (!address || typeof address === 'string') throw new Error('The server has no port');
  base = `http://127.0.0.1:${address.port}`;
  // The fake Firebase's msw server sees every request in tests; these go to the real server.
  fakeFirebase.use(http.all(`${base}/*`, () => passthrough()));
});

afterAll(() => {
  server.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the static server behind npm start', () => {
  it('answers a client route with index.html (the SPA fallback)', async () => {
    const response = await fetch(`${base}/dash/students?status=enrolled`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(await response.text()).toContain('<title>app</title>');
  });

  it('serves hashed assets with long-lived caching', async () => {
    const response = await fetch(`${base}/assets/app-123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing file with 404 instead of HTML', async () => {
    const response = await fetch(`${base}/assets/gone-456.js`);
    expect(response.status).toBe(404);
  });

  it('never lets the connectivity check be cached, for GET and HEAD', async () => {
    const head = await fetch(`${base}/connectivity-check`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('cache-control')).toBe('no-store');
    const get = await fetch(`${base}/connectivity-check`);
    expect(await get.text()).toBe('ok');
  });

  it('revalidates index.html on every load', async () => {
    const response = await fetch(`${base}/index.html`);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });
});
