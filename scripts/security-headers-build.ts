// The build step behind the Content-Security-Policy (decision 049). It runs first in vite.config's
// buildEnd, once Remix has written index.html (SPA mode writes it last, after the server build, so a
// client-build hook would be too early) and before the service worker's precache list and the
// .br/.gz copies, so both see the final index.html and the boot file:
// 1. Remix's inline module script (imports of the hashed manifest, root and entry: it changes with
//    every build) moves to /assets/boot-<content hash>.js, loaded by `<script type="module" async>`
//    in the same place;
// 2. the inline scripts that remain (the theme script, __remixContext, the stream's enqueue and
//    close) and index.html's style attributes are hashed;
// 3. the headers for those hashes and this build's runtime configuration are written to
//    <build>/security-headers.json, beside client/ and not in it, so no host serves the file.
import { createHash } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseRuntimeConfig, type RuntimeConfig } from '../app/config/env';
import {
  externalizeModuleScript,
  inlineHashes,
  SECURITY_HEADERS_FILE,
  securityHeaders,
} from './security-headers.mjs';

/** The same 8-character content hash style as Vite's asset names. */
function contentName(source: string): string {
  const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
  return `/assets/boot-${hash}.js`;
}

/**
 * The configuration the build's app will run with. An invalid one builds only the error page,
 * which runs no Firebase at all: it gets the demo policy (no Firebase host allowed).
 */
function buildConfig(env: Record<string, string | undefined>): RuntimeConfig {
  try {
    return parseRuntimeConfig(env);
  } catch {
    return parseRuntimeConfig({});
  }
}

export interface SecurityHeadersResult {
  headers: Record<string, string>;
  bootFile: string | null;
}

export async function finalizeSecurityHeaders({
  buildDir,
  env,
}: {
  buildDir: string;
  env: Record<string, string | undefined>;
}): Promise<SecurityHeadersResult> {
  const clientDir = join(buildDir, 'client');
  const indexFile = join(clientDir, 'index.html');
  const original = await readFile(indexFile, 'utf8');
  const { html, source, src } = externalizeModuleScript(original, contentName);
  if (source !== null && src !== null) {
    await writeFile(join(clientDir, src), source);
    await writeFile(indexFile, html);
    // Compressed copies of the old page would be served instead of the new one; the build
    // compresses again after this step (scripts/compress-build.ts).
    await Promise.all([
      rm(`${indexFile}.br`, { force: true }),
      rm(`${indexFile}.gz`, { force: true }),
    ]);
  } else if (!/<script\b[^>]*\btype="module"[^>]*\bsrc="\/assets\/boot-/i.test(html)) {
    throw new Error(`${indexFile} has neither Remix's inline module script nor a boot script`);
  }
  const hashes = inlineHashes(html);
  const headers = securityHeaders({
    inlineScriptHashes: hashes.scripts,
    inlineStyleHashes: hashes.styles,
    firebaseConfig: buildConfig(env),
  });
  await writeFile(join(buildDir, SECURITY_HEADERS_FILE), `${JSON.stringify(headers, null, 2)}\n`);
  return { headers, bootFile: src };
}
