// @vitest-environment node
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { http, passthrough } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { server as fakeFirebase } from '../../mocks/node';
import { compressBuild } from '../../scripts/compress-build';
import { createStaticServer, listenHost, readSecurityHeaders } from '../../scripts/serve.mjs';
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

  it('sends no policy for a build that wrote none (one older than the headers)', async () => {
    // root is a client folder; its parent has no security-headers.json.
    expect(readSecurityHeaders(join(root, '..', 'no-such-build'))).toBeNull();
    const response = await fetch(`${base}/`);
    expect(response.headers.get('content-security-policy')).toBeNull();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('compressed files behind npm start', () => {
  let croot: string;
  let cserver: Server;
  let cbase: string;
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

  beforeAll(async () => {
    croot = mkdtempSync(join(tmpdir(), 'serve-compressed-'));
    mkdirSync(join(croot, 'assets'));
    mkdirSync(join(croot, 'builds'));
    writeFileSync(
      join(croot, 'index.html'),
      `<!doctype html><html lang="en"><title>app</title>${'<p>x</p>'.repeat(300)}`,
    );
    writeFileSync(join(croot, 'assets', 'big-abc.js'), script);
    writeFileSync(join(croot, 'sw.js'), `self.x = ${JSON.stringify('y'.repeat(3000))};`);
    writeFileSync(join(croot, 'manifest.webmanifest'), '{"name":"app"}');
    writeFileSync(join(croot, 'builds', 'latest.json'), '{"id":"a"}');
    writeFileSync(join(croot, 'connectivity-check'), 'ok');
    await compressBuild({ clientDir: croot });
    cserver = createStaticServer(croot);
    await new Promise<void>((resolve) => cserver.listen(0, '127.0.0.1', resolve));
    const address: AddressInfo | string | null = cserver.address();
    if (!address || typeof address === 'string') throw new Error('The server has no port');
    cbase = `http://127.0.0.1:${address.port}`;
    fakeFirebase.use(http.all(`${cbase}/*`, () => passthrough()));
  });

  afterAll(() => {
    cserver.close();
    rmSync(croot, { recursive: true, force: true });
  });

  it('writes .br and .gz copies of text files above 1 KiB, and none of small ones', () => {
    expect(existsSync(join(croot, 'assets', 'big-abc.js.br'))).toBe(true);
    expect(existsSync(join(croot, 'assets', 'big-abc.js.gz'))).toBe(true);
    expect(existsSync(join(croot, 'index.html.br'))).toBe(true);
    expect(existsSync(join(croot, 'manifest.webmanifest.br'))).toBe(false);
    expect(gunzipSync(readFileSync(join(croot, 'assets', 'big-abc.js.gz'))).toString()).toBe(
      script,
    );
    expect(
      brotliDecompressSync(readFileSync(join(croot, 'assets', 'big-abc.js.br'))).toString(),
    ).toBe(script);
  });

  it('sends brotli to a browser that accepts it, gzip to one that accepts only gzip', async () => {
    const br = await fetch(`${cbase}/assets/big-abc.js`, {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await br.text()).toBe(script);

    const gz = await fetch(`${cbase}/assets/big-abc.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('vary')).toBe('Accept-Encoding');
    expect(await gz.text()).toBe(script);

    const plain = await fetch(`${cbase}/assets/big-abc.js`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('revalidates index.html (also as the SPA fallback), sw.js, the manifest and builds/*', async () => {
    const accept = { headers: { 'accept-encoding': 'br' } };
    for (const path of [
      '/',
      '/dash/home',
      '/index.html',
      '/sw.js',
      '/manifest.webmanifest',
      '/builds/latest.json',
    ]) {
      const response = await fetch(`${cbase}${path}`, accept);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
    }
    const fallback = await fetch(`${cbase}/dash/home`, accept);
    expect(fallback.headers.get('content-encoding')).toBe('br');
    expect(await fallback.text()).toContain('<title>app</title>');
    const check = await fetch(`${cbase}/connectivity-check`, accept);
    expect(check.headers.get('cache-control')).toBe('no-store');
  });

  it('compresses the server-mode index.html (marked per request) when the client accepts it', async () => {
    const marked = createStaticServer(croot, {
      fakeFirebase: (_req: unknown, _res: unknown, next: () => void) => next(),
    });
    await new Promise<void>((resolve) => marked.listen(0, '127.0.0.1', resolve));
    const address: AddressInfo | string | null = marked.address();
    if (!address || typeof address === 'string') throw new Error('The server has no port');
    const url = `http://127.0.0.1:${address.port}`;
    fakeFirebase.use(http.all(`${url}/*`, () => passthrough()));
    try {
      const br = await fetch(`${url}/dash/home`, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(br.headers.get('vary')).toBe('Accept-Encoding');
      expect(br.headers.get('cache-control')).toBe('no-cache');
      expect(await br.text()).toContain('data-fake-firebase="server"');
      const gz = await fetch(`${url}/dash/home`, { headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers.get('content-encoding')).toBe('gzip');
      expect(await gz.text()).toContain('data-fake-firebase="server"');
    } finally {
      marked.close();
    }
  });
});

describe('where npm start listens (issue 28)', () => {
  it('on 127.0.0.1 unless HOST names another address; an empty HOST is unset', () => {
    expect(listenHost({})).toBe('127.0.0.1');
    expect(listenHost({ HOST: '' })).toBe('127.0.0.1');
    expect(listenHost({ HOST: '0.0.0.0' })).toBe('0.0.0.0');
  });
});
