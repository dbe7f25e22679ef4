// @vitest-environment node
// The security headers (decision 049): the policy for each configuration, the build step that moves
// the boot script out and hashes what stays inline, and the one header set that both hosts send
// (scripts/serve.mjs for npm start, firebase/firebase.json written by write-hosting-headers.mjs).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { http, passthrough } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRuntimeConfig } from '../../app/config/env';
import { server as fakeFirebase } from '../../mocks/node';
import { finalizeSecurityHeaders } from '../../scripts/security-headers-build';
import {
  cacheControlFor,
  contentSecurityPolicy,
  cspHash,
  externalizeModuleScript,
  inlineHashes,
  parseSecurityHeaders,
  RUNTIME_STYLE_ELEMENTS,
  securityHeaders,
} from '../../scripts/security-headers.mjs';
import { createStaticServer, readSecurityHeaders } from '../../scripts/serve.mjs';
import {
  headersForPath,
  hostingHeaders,
  withHostingHeaders,
} from '../../scripts/write-hosting-headers.mjs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const root = fileURLToPath(new URL('../..', import.meta.url));

const THEME = `(function(){document.documentElement.dataset.theme='default'})();`;
const CONTEXT = `window.__remixContext = {"isSpaMode":true};`;
const BOOT = `import "/assets/manifest-1234abcd.js";\nimport("/assets/entry.client-Ab12.js");`;
const ENQUEUE = `window.__remixContext.streamController.close();`;
/** The shape of Remix's SPA index.html: classic scripts around one inline module script. */
const INDEX_HTML =
  `<!DOCTYPE html><html lang="en"><head><script>${THEME}</script>` +
  `<link rel="stylesheet" href="/assets/tailwind-x.css"/></head><body>` +
  `<div data-testid="start-cover" style="background-color:#0b1f4d">Loading</div>` +
  `<script>${CONTEXT}</script><script type="module" async="">${BOOT}</script>` +
  `</body></html><!--$--><script>${ENQUEUE}</script><!--/$-->`;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const FIREBASE_ENV = {
  VITE_FIREBASE_API_KEY: 'AIzaSyExample',
  VITE_FIREBASE_AUTH_DOMAIN: 'school-prod.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'school-prod',
  VITE_FIREBASE_STORAGE_BUCKET: 'school-prod.firebasestorage.app',
  VITE_FIREBASE_MESSAGING_SENDER_ID: '123456789',
  VITE_FIREBASE_APP_ID: '1:123456789:web:abcdef',
};

/** One directive's sources, by name. */
function directive(csp: string, name: string): string[] {
  const found = csp.split(';').find((part) => part.trim().startsWith(`${name} `));
  if (!found) throw new Error(`${name} is not in ${csp}`);
  return found.trim().split(/\s+/).slice(1);
}

describe('hashes and the boot script', () => {
  it('hashes every inline script that runs and each style attribute, exactly as sent', () => {
    const html =
      `<script>${THEME}</script><script type="module">${BOOT}</script>` +
      `<script src="/assets/x.js"></script><script type="application/json">{"a":1}</script>` +
      `<p style="color:red">a</p><p style='color:red'>b</p>`;
    const { scripts, styles } = inlineHashes(html);
    expect(scripts).toEqual([sha256(THEME), sha256(BOOT)]);
    expect(styles).toEqual([sha256('color:red')]);
    expect(cspHash(THEME)).toBe(sha256(THEME));
  });

  it('moves the one inline module script to a file, in the same place, and only once', () => {
    const first = externalizeModuleScript(INDEX_HTML, () => '/assets/boot-abc.js');
    expect(first.source).toBe(BOOT);
    expect(first.html).toContain(
      `<script>${CONTEXT}</script><script type="module" async src="/assets/boot-abc.js"></script>`,
    );
    expect(first.html).not.toContain(BOOT);
    const again = externalizeModuleScript(first.html, () => '/assets/other.js');
    expect(again).toEqual({ html: first.html, source: null, src: null });
    expect(() =>
      externalizeModuleScript(
        `<script type="module">a</script><script type="module">b</script>`,
        () => '/x.js',
      ),
    ).toThrow(/2 inline module scripts/);
  });

  it('allows exactly the style elements react-aria injects, as the installed version writes them', () => {
    const template = (file: string) => {
      const source = readFileSync(join(root, 'node_modules', file), 'utf8');
      const match = /style\.textContent = `([\s\S]*?)`\.trim\(\)/.exec(source);
      if (!match?.[1]) throw new Error(`No injected style text in ${file}`);
      // The one interpolation is usePress's attribute name.
      return match[1].replace(/\$\{[^}]*PRESSABLE_ATTRIBUTE\}/, 'data-react-aria-pressable').trim();
    };
    for (const { source, text } of RUNTIME_STYLE_ELEMENTS) {
      expect(template(source), source).toBe(text);
    }
  });
});

describe('the policy', () => {
  const hashes = { inlineScriptHashes: [sha256(THEME)], inlineStyleHashes: [sha256('color:x')] };

  it('demo: only its own origin, strict scripts, no framing', () => {
    const csp = contentSecurityPolicy({ ...hashes, config: parseRuntimeConfig({}) });
    expect(directive(csp, 'default-src')).toEqual(["'self'"]);
    expect(directive(csp, 'script-src')).toEqual(["'self'", sha256(THEME)]);
    expect(directive(csp, 'connect-src')).toEqual(["'self'"]);
    expect(directive(csp, 'frame-src')).toEqual(['blob:']);
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(csp, 'object-src')).toEqual(["'none'"]);
    expect(directive(csp, 'base-uri')).toEqual(["'self'"]);
    expect(directive(csp, 'form-action')).toEqual(["'self'"]);
    expect(directive(csp, 'worker-src')).toEqual(["'self'"]);
    expect(directive(csp, 'style-src')).toEqual([
      "'self'",
      ...RUNTIME_STYLE_ELEMENTS.map(({ text }) => sha256(text)),
      "'unsafe-hashes'",
      sha256('color:x'),
    ]);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
  });

  it('a Firebase project: exactly the hosts its configuration uses', () => {
    const csp = contentSecurityPolicy({ ...hashes, config: parseRuntimeConfig(FIREBASE_ENV) });
    expect(directive(csp, 'connect-src')).toEqual([
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://firestore.googleapis.com',
      'https://firebasestorage.googleapis.com',
      'https://asia-south1-school-prod.cloudfunctions.net',
    ]);
    expect(directive(csp, 'script-src')).toEqual([
      "'self'",
      sha256(THEME),
      'https://apis.google.com',
    ]);
    expect(directive(csp, 'frame-src')).toEqual(['blob:', 'https://school-prod.firebaseapp.com']);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|recaptcha|googletagmanager|gsi/);
  });

  it('adds Google sign-in, App Check and Analytics only when they are configured', () => {
    const config = parseRuntimeConfig({
      ...FIREBASE_ENV,
      VITE_GOOGLE_CLIENT_ID: 'abc.apps.googleusercontent.com',
      VITE_GOOGLE_SIGNIN_ENABLED: 'true',
      VITE_APP_CHECK_SITE_KEY: 'site-key',
      VITE_FIREBASE_MEASUREMENT_ID: 'G-ABC123',
    });
    const csp = contentSecurityPolicy({ ...hashes, config });
    expect(directive(csp, 'script-src')).toEqual(
      expect.arrayContaining([
        'https://accounts.google.com/gsi/client',
        'https://www.google.com/recaptcha/',
        'https://www.googletagmanager.com',
      ]),
    );
    expect(directive(csp, 'connect-src')).toEqual(
      expect.arrayContaining([
        'https://content-firebaseappcheck.googleapis.com',
        'https://firebaseinstallations.googleapis.com',
      ]),
    );
    expect(directive(csp, 'frame-src')).toContain('https://www.google.com/recaptcha/');
  });

  it('emulators: their hosts instead of the real services', () => {
    const config = parseRuntimeConfig({
      ...FIREBASE_ENV,
      VITE_FIREBASE_EMULATOR_HOST: '127.0.0.1:9099',
      VITE_FIREBASE_FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
      VITE_FIREBASE_FUNCTIONS_EMULATOR_HOST: '127.0.0.1:5001',
    });
    const csp = contentSecurityPolicy({ ...hashes, config });
    expect(directive(csp, 'connect-src')).toEqual([
      "'self'",
      'http://127.0.0.1:9099',
      'http://127.0.0.1:8080',
      'http://127.0.0.1:5001',
    ]);
  });

  it('refuses what is not a hash or not a configuration, saying which', () => {
    const demo = parseRuntimeConfig({});
    expect(() =>
      contentSecurityPolicy({ inlineScriptHashes: ["'unsafe-inline'"], config: demo }),
    ).toThrow(/'unsafe-inline'.*is not a CSP hash source/);
    // What a caller outside TypeScript could pass (the module is plain JavaScript).
    const untyped = (options: unknown) =>
      Reflect.apply(contentSecurityPolicy, undefined, [options]);
    expect(() => untyped({ inlineScriptHashes: [], config: {} })).toThrow(/runtime configuration/);
    expect(() => untyped({ config: demo })).toThrow(/inlineScriptHashes must be an array/);
    expect(() => parseSecurityHeaders('{"X-A":"1"}', 'f.json')).toThrow(
      'f.json has no Content-Security-Policy',
    );
    expect(() => parseSecurityHeaders('{"Content-Security-Policy":"a\\nb"}', 'f.json')).toThrow(
      /one-line/,
    );
  });

  it('sends the referrer, permissions and sniffing headers with the policy', () => {
    const headers = securityHeaders({ ...hashes, firebaseConfig: parseRuntimeConfig({}) });
    expect(Object.keys(headers)).toEqual([
      'Content-Security-Policy',
      'Referrer-Policy',
      'Permissions-Policy',
      'X-Content-Type-Options',
      'X-Frame-Options',
    ]);
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
      expect(headers['Permissions-Policy']).toContain(`${feature}=()`);
    }
  });
});

describe('one header set for npm start and Firebase Hosting', () => {
  let buildDir: string;
  let server: Server;
  let base: string;
  let written: Record<string, string>;

  beforeAll(async () => {
    buildDir = mkdtempSync(join(tmpdir(), 'security-headers-'));
    mkdirSync(join(buildDir, 'client', 'assets'), { recursive: true });
    writeFileSync(join(buildDir, 'client', 'index.html'), INDEX_HTML);
    writeFileSync(join(buildDir, 'client', 'index.html.gz'), 'stale');
    writeFileSync(join(buildDir, 'client', 'assets', 'app-1.js'), 'console.log(1)');
    const result = await finalizeSecurityHeaders({ buildDir, env: FIREBASE_ENV });
    written = result.headers;
    const headers = readSecurityHeaders(buildDir);
    server = createStaticServer(join(buildDir, 'client'), { securityHeaders: headers });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address: AddressInfo | string | null = server.address();
    if (!address || typeof address === 'string') throw new Error('The server has no port');
    base = `http://127.0.0.1:${address.port}`;
    fakeFirebase.use(http.all(`${base}/*`, () => passthrough()));
  });

  afterAll(() => {
    server.close();
    rmSync(buildDir, { recursive: true, force: true });
  });

  it('the build moves the boot out, drops stale compressed pages and hashes what stays', () => {
    const html = readFileSync(join(buildDir, 'client', 'index.html'), 'utf8');
    const src = /<script type="module" async src="(\/assets\/boot-[\w-]+\.js)"><\/script>/.exec(
      html,
    )?.[1];
    expect(src).toBeDefined();
    expect(readFileSync(join(buildDir, 'client', `.${src}`), 'utf8')).toBe(BOOT);
    expect(existsSync(join(buildDir, 'client', 'index.html.gz'))).toBe(false);
    // Not in client/: no host serves it.
    expect(existsSync(join(buildDir, 'security-headers.json'))).toBe(true);
    expect(directive(written['Content-Security-Policy'] ?? '', 'script-src')).toEqual([
      "'self'",
      sha256(THEME),
      sha256(CONTEXT),
      sha256(ENQUEUE),
      'https://apis.google.com',
    ]);
  });

  it('npm start sends exactly the build’s headers on pages, assets and 404s', async () => {
    for (const path of ['/', '/dash/students', '/assets/app-1.js', '/assets/gone.js']) {
      const response = await fetch(`${base}${path}`);
      for (const [name, value] of Object.entries(written)) {
        expect(response.headers.get(name), `${path} ${name}`).toBe(value);
      }
    }
  });

  it('firebase.json gets the same headers and the same caching as npm start', () => {
    const committed = readFileSync(join(root, 'firebase', 'firebase.json'), 'utf8');
    const config = JSON.parse(withHostingHeaders(committed, written));
    const rules = config.hosting.headers;
    expect(rules).toEqual(hostingHeaders(written));
    for (const path of [
      '/',
      '/dash/students',
      '/index.html',
      '/sw.js',
      '/manifest.webmanifest',
      '/builds/latest.json',
      '/assets/app-1.js',
      '/connectivity-check',
    ]) {
      const { 'Cache-Control': cacheControl, ...security } = headersForPath(rules, path);
      expect(security, path).toEqual(written);
      // A path with no rule of its own is a client route: index.html, revalidated.
      expect(cacheControl, path).toBe(cacheControlFor(path) ?? cacheControlFor('/index.html'));
    }
  });
});

describe('the committed firebase/ configuration', () => {
  const firebaseJson = JSON.parse(readFileSync(join(root, 'firebase', 'firebase.json'), 'utf8'));

  it('hosts build/client as a single-page app with the demo build’s headers', () => {
    expect(firebaseJson.hosting.public).toBe('../build/client');
    expect(firebaseJson.hosting.rewrites).toEqual([{ source: '**', destination: '/index.html' }]);
    const security = headersForPath(firebaseJson.hosting.headers, '/dash/home');
    const csp = security['Content-Security-Policy'] ?? '';
    expect(directive(csp, 'connect-src')).toEqual(["'self'"]);
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(csp, 'script-src').filter((s) => s.startsWith("'sha256-"))).toHaveLength(4);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(firebaseJson.hosting.headers).toEqual(
      hostingHeaders(parseSecurityHeaders(JSON.stringify(securityHeadersOf(security)))),
    );
  });

  it('points at the rules, indexes and functions in firebase/, with the emulators’ ports', () => {
    expect(firebaseJson.firestore).toEqual({
      rules: 'firestore.rules',
      indexes: 'firestore.indexes.json',
    });
    expect(firebaseJson.storage).toEqual({ rules: 'storage.rules' });
    expect(firebaseJson.functions).toEqual([
      expect.objectContaining({ source: 'functions', codebase: 'default', runtime: 'nodejs22' }),
    ]);
    const ports = Object.fromEntries(
      ['auth', 'functions', 'firestore', 'storage'].map((name) => [
        name,
        firebaseJson.emulators[name].port,
      ]),
    );
    expect(ports).toEqual({ auth: 9099, functions: 5001, firestore: 8080, storage: 9199 });
    expect(firebaseJson.emulators.ui).toEqual({ enabled: false });
  });

  it('declares the notifications feed index', () => {
    const indexes = JSON.parse(
      readFileSync(join(root, 'firebase', 'firestore.indexes.json'), 'utf8'),
    );
    expect(indexes.indexes).toContainEqual({
      collectionGroup: 'Notifications',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'status', order: 'ASCENDING' },
        { fieldPath: 'memberUUID', order: 'ASCENDING' },
        { fieldPath: 'date', order: 'DESCENDING' },
      ],
    });
  });
});

/** The security headers of a hosting rule set's catch-all, without its caching. */
function securityHeadersOf(headers: Record<string, string>): Record<string, string> {
  const { 'Cache-Control': _cacheControl, ...security } = headers;
  return security;
}
