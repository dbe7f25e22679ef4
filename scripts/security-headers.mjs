// The security headers of the built app (issue 17, part 4; decision 049), from ONE place for both
// hosts: `npm start` (scripts/serve.mjs) and Firebase Hosting (firebase/firebase.json, written by
// scripts/write-hosting-headers.mjs). The build (scripts/security-headers-build.ts) moves index.html's
// module script into /assets/boot-<hash>.js, hashes the inline scripts that remain, calls
// securityHeaders() with those hashes and the build's runtime configuration, and writes the result
// to <build>/security-headers.json, which both hosts read. Plain JavaScript so that plain Node
// (serve.mjs, the firebase.json writer) can import it without a TypeScript loader.
import { createHash } from 'node:crypto';

/** Where every build writes its header set: beside client/, so it is not served to the public. */
export const SECURITY_HEADERS_FILE = 'security-headers.json';

/** The Cloud Functions region the app calls (app/config/constants.ts FUNCTIONS_REGION). */
export const FUNCTIONS_REGION = 'asia-south1';

/**
 * Browser features the app never uses. An empty allow-list `()` switches each off for the page and
 * every frame in it, so an injected script or a framed page cannot ask for them either.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
  'xr-spatial-tracking=()',
  'browsing-topics=()',
].join(', ');

/**
 * The <style> elements a library adds at run time, by their exact text. react-aria injects these
 * (with a nonce when the page has one, which a static single-page app cannot have: the same file
 * goes to everyone), so the policy allows exactly these texts by hash. test/unit/security-headers
 * checks them against the installed react-aria, so an upgrade that changes one fails a test.
 */
export const RUNTIME_STYLE_ELEMENTS = [
  {
    // usePress, on every pressable element: touch-action without Safari's pointercancel bug.
    source: 'react-aria/dist/private/interactions/usePress.mjs',
    text: '@layer {\n  [data-react-aria-pressable] {\n    touch-action: pan-x pan-y pinch-zoom;\n  }\n}',
  },
  {
    // usePreventScroll on iOS, while a modal is open: no scroll chaining to the page behind.
    source: 'react-aria/dist/private/overlays/usePreventScroll.mjs',
    text: '@layer {\n  * {\n    overscroll-behavior: contain;\n  }\n}',
  },
];

/** A CSP hash source for some inline text: `'sha256-<base64>'` of its exact UTF-8 bytes. */
export function cspHash(text) {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The executable inline scripts of a page: classic or module, not data blocks such as JSON. */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** A style attribute, double- or single-quoted as a serializer writes it. */
const STYLE_ATTRIBUTE = /\sstyle\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;

function attribute(attributes, name) {
  const match = new RegExp(
    `(?:^|\\s)${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+)))?`,
    'i',
  ).exec(attributes);
  if (!match) return undefined;
  return match[1] ?? match[2] ?? match[3] ?? '';
}

/** Whether a <script> with these attributes runs (no type, a JavaScript type, or a module). */
function isExecutable(attributes) {
  const type = attribute(attributes, 'type')?.trim().toLowerCase();
  return type === undefined || type === '' || type === 'module' || /javascript/.test(type);
}

/**
 * The CSP hashes a page needs: one per inline script that runs, and one per distinct style
 * attribute. HTML entities are not decoded: React writes script text raw (its inline scripts come
 * from dangerouslySetInnerHTML) and the hash is over the element's text exactly as sent.
 */
/**
 * @param {string} html
 * @returns {{ scripts: string[]; styles: string[] }}
 */
export function inlineHashes(html) {
  const scripts = [];
  for (const [, attributes, body] of html.matchAll(SCRIPT)) {
    if (attribute(attributes, 'src') !== undefined || !isExecutable(attributes)) continue;
    scripts.push(cspHash(body));
  }
  const styles = new Set();
  for (const [, double, single] of html.matchAll(STYLE_ATTRIBUTE)) {
    styles.add(cspHash(double ?? single ?? ''));
  }
  return { scripts: [...new Set(scripts)], styles: [...styles] };
}

/**
 * Moves the one inline module script (Remix's boot: the manifest, the root route and the client
 * entry) out of the page: returns the page with `<script type="module" async src=…>` in the same
 * place, and the script's text, for the caller to write at `src`. The module keeps its place after
 * the classic `window.__remixContext` script, which still runs first (a classic inline script runs
 * while the page is parsed; a module runs only once fetched, and never before the scripts parsed
 * ahead of it). `srcFor(text)` names the file. A page whose boot is already external is returned
 * unchanged with `source: null`, so running the build step twice is harmless.
 */
export function externalizeModuleScript(html, srcFor) {
  const found = [];
  for (const match of html.matchAll(SCRIPT)) {
    const [whole, attributes, body] = match;
    if (attribute(attributes, 'type')?.trim().toLowerCase() !== 'module') continue;
    if (attribute(attributes, 'src') !== undefined) continue;
    found.push({ whole, body, index: match.index });
  }
  if (found.length === 0) return { html, source: null, src: null };
  if (found.length > 1) {
    throw new Error(
      `index.html has ${found.length} inline module scripts; the build expects Remix's one boot script`,
    );
  }
  const [{ whole, body, index }] = found;
  const src = srcFor(body);
  const tag = `<script type="module" async src="${src}"></script>`;
  return { html: html.slice(0, index) + tag + html.slice(index + whole.length), source: body, src };
}

function unique(values) {
  return [...new Set(values.filter(Boolean))];
}

function endpointOrigin(endpoint) {
  return `http://${endpoint.host}:${endpoint.port}`;
}

/**
 * The hosts the Firebase SDKs contact for a configuration, by directive. Demo mode contacts none:
 * the in-page fake answers the SDK inside the page (its requests never reach the network) and
 * server mode is the page's own origin ('self'). Emulator hosts configured at build time are added
 * in either mode, since the SDK then talks to them instead.
 */
export function firebaseSources(config) {
  const sources = { script: [], connect: [], frame: [], style: [] };
  if (config.emulators) {
    // Auth, Firestore (and Storage, app/backend/app.ts) and Functions emulators, plain http.
    const { auth, firestore, functions } = config.emulators;
    sources.connect.push(
      endpointOrigin(auth),
      endpointOrigin(firestore),
      endpointOrigin(functions),
    );
  }
  if (config.mode !== 'firebase') return sources;
  const { authDomain, projectId } = config.firebase;
  if (!config.emulators) {
    sources.connect.push(
      // Firebase Auth: sign-in (identitytoolkit) and ID-token refresh (securetoken).
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      // Firestore, lite (fetch) and full (WebChannel long-polling for live queries).
      'https://firestore.googleapis.com',
      // Cloud Storage for Firebase: resource uploads and downloads (as blobs, shown as blob: URLs).
      'https://firebasestorage.googleapis.com',
      // The callables (app/backend/callables.ts), in the app's one region.
      `https://${FUNCTIONS_REGION}-${projectId}.cloudfunctions.net`,
    );
  }
  // Google sign-in by popup or redirect: the SDK loads gapi from apis.google.com into the page and
  // frames the auth domain's /__/auth/iframe, which talks to the page by postMessage.
  sources.script.push('https://apis.google.com');
  sources.frame.push(`https://${authDomain}`);
  if (config.googleSignInEnabled && config.googleClientId) {
    // Google Identity Services (One Tap, app/auth/google.ts), as Google documents its CSP.
    sources.script.push('https://accounts.google.com/gsi/client');
    sources.frame.push('https://accounts.google.com/gsi/');
    sources.connect.push('https://accounts.google.com/gsi/');
    sources.style.push('https://accounts.google.com/gsi/style');
  }
  if (config.appCheckSiteKey) {
    // App Check with reCAPTCHA v3: Google's script and frame, then the App Check token exchange.
    sources.script.push('https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/');
    sources.frame.push(
      'https://www.google.com/recaptcha/',
      'https://recaptcha.google.com/recaptcha/',
    );
    sources.connect.push('https://content-firebaseappcheck.googleapis.com');
  }
  if (config.measurementId) {
    // Google Analytics for Firebase: gtag.js, its collection endpoints and the Installations API.
    sources.script.push('https://www.googletagmanager.com');
    sources.connect.push(
      'https://firebase.googleapis.com',
      'https://firebaseinstallations.googleapis.com',
      'https://www.google-analytics.com',
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://*.googletagmanager.com',
    );
  }
  for (const key of Object.keys(sources)) sources[key] = unique(sources[key]);
  return sources;
}

/**
 * The Content-Security-Policy for a build: its inline script and style-attribute hashes and its
 * runtime configuration (app/config/env.ts RuntimeConfig: mode, firebase, emulators,
 * googleClientId, googleSignInEnabled, appCheckSiteKey, measurementId).
 */
/**
 * @typedef {{
 *   mode: 'demo' | 'firebase';
 *   firebase: { authDomain: string; projectId: string };
 *   emulators: null | Record<'auth' | 'firestore' | 'functions', { host: string; port: number }>;
 *   googleClientId?: string;
 *   googleSignInEnabled?: boolean;
 *   appCheckSiteKey?: string;
 *   measurementId?: string;
 * }} PolicyConfig
 */

/**
 * @param {{ inlineScriptHashes: string[]; inlineStyleHashes?: string[]; config: PolicyConfig }} options
 * @returns {string}
 */
export function contentSecurityPolicy({ inlineScriptHashes, inlineStyleHashes = [], config }) {
  if (!Array.isArray(inlineScriptHashes)) {
    throw new TypeError('contentSecurityPolicy: inlineScriptHashes must be an array of hashes');
  }
  for (const hash of [...inlineScriptHashes, ...inlineStyleHashes]) {
    if (!/^'sha(256|384|512)-[A-Za-z0-9+/]+=*'$/.test(hash)) {
      throw new TypeError(
        `contentSecurityPolicy: ${JSON.stringify(hash)} is not a CSP hash source`,
      );
    }
  }
  if (!config || (config.mode !== 'demo' && config.mode !== 'firebase')) {
    throw new TypeError(
      'contentSecurityPolicy: config must be a runtime configuration (mode demo or firebase)',
    );
  }
  const hosts = firebaseSources(config);
  const directives = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...inlineScriptHashes, ...hosts.script]],
    // The stylesheet; react-aria's <style> elements by hash; style attributes in index.html (the
    // start cover's colour) by hash too, which takes 'unsafe-hashes' (for style attributes only: it
    // does not apply to script-src). React's style props are CSSOM writes, which CSP allows.
    [
      'style-src',
      [
        "'self'",
        ...RUNTIME_STYLE_ELEMENTS.map(({ text }) => cspHash(text)),
        ...(inlineStyleHashes.length > 0 ? ["'unsafe-hashes'", ...inlineStyleHashes] : []),
        ...hosts.style,
      ],
    ],
    // https: for a member's photo, which the profile accepts as any https:// address (a Google
    // account's photo included); data: for inline SVG, blob: for previews of downloaded images.
    ['img-src', ["'self'", 'data:', 'blob:', 'https:']],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...hosts.connect]],
    // blob: is the resource viewer's PDF frame (an object URL of the downloaded file).
    ['frame-src', ['blob:', ...hosts.frame]],
    // The service worker (/sw.js) and the CSV import's module worker, both same-origin files.
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, values]) => [name, ...unique(values)].join(' ')).join('; ');
}

/**
 * Every security header of a build, in a fixed order: the object both hosts send as it is.
 * `firebaseConfig` is the runtime configuration the build was made with.
 */
/**
 * @param {{ inlineScriptHashes: string[]; inlineStyleHashes?: string[]; firebaseConfig: PolicyConfig }} options
 * @returns {Record<string, string>}
 */
export function securityHeaders({ inlineScriptHashes, inlineStyleHashes = [], firebaseConfig }) {
  return {
    'Content-Security-Policy': contentSecurityPolicy({
      inlineScriptHashes,
      inlineStyleHashes,
      config: firebaseConfig,
    }),
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'X-Content-Type-Options': 'nosniff',
    // For browsers without frame-ancestors (the CSP's own answer to framing): no framing at all.
    'X-Frame-Options': 'DENY',
  };
}

/**
 * Caching by path, the same for both hosts: hashed /assets/* are immutable for a year; what names
 * the current version (index.html and every SPA fallback, sw.js, the web manifest, /builds/*) is
 * revalidated on every load; the connectivity probe is never stored. `null` leaves the host's
 * default (sirv sends an ETag; favicon, icons and the guide's sources revalidate by it).
 */
export const CACHE_RULES = {
  immutable: 'public, max-age=31536000, immutable',
  revalidate: 'no-cache',
  never: 'no-store',
  noStorePaths: ['/connectivity-check'],
  revalidatePaths: ['/index.html', '/sw.js', '/manifest.webmanifest'],
  revalidatePrefixes: ['/builds/'],
  immutablePrefixes: ['/assets/'],
};

export function cacheControlFor(pathname) {
  if (CACHE_RULES.noStorePaths.includes(pathname)) return CACHE_RULES.never;
  if (
    CACHE_RULES.revalidatePaths.includes(pathname) ||
    CACHE_RULES.revalidatePrefixes.some((prefix) => pathname.startsWith(prefix))
  ) {
    return CACHE_RULES.revalidate;
  }
  if (CACHE_RULES.immutablePrefixes.some((prefix) => pathname.startsWith(prefix))) {
    return CACHE_RULES.immutable;
  }
  return null;
}

/**
 * Reads and checks a <build>/security-headers.json: a flat object of header names to string
 * values with a Content-Security-Policy. Throws with the file name when it is anything else.
 */
/**
 * @param {string} text
 * @param {string} [file]
 * @returns {Record<string, string>}
 */
export function parseSecurityHeaders(text, file = SECURITY_HEADERS_FILE) {
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not valid JSON: ${error.message}`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error(`${file} must hold an object of header names to values`);
  }
  for (const [name, headerValue] of Object.entries(value)) {
    if (
      !/^[A-Za-z0-9-]+$/.test(name) ||
      typeof headerValue !== 'string' ||
      /[\r\n]/.test(headerValue)
    ) {
      throw new Error(
        `${file}: ${JSON.stringify(name)} is not a header with a one-line string value`,
      );
    }
  }
  if (typeof value['Content-Security-Policy'] !== 'string') {
    throw new Error(`${file} has no Content-Security-Policy`);
  }
  return value;
}
