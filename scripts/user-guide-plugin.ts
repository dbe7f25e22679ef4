// The user guide's build (issue 16): every docs/user-guide/**/*.mdx is compiled once, in Node, with
// mdx-bundler, and becomes a real ES module the app imports — nothing is evaluated from a string at
// run time (mdx-bundler's own getMDXComponent uses `new Function`, which a CSP without
// 'unsafe-eval' refuses; toolchain.md). It serves:
// - `virtual:user-guide`: the manifest (each page's frontmatter, validated with zod), the spec's
//   preloaded pages imported statically and every other page behind its own dynamic import;
// - `virtual:user-guide/page/<id>`: one page, its MDX component and its headings;
// - `virtual:user-guide/search`: every page's text, for the guide's offline search;
// - the sources themselves as markdown at /docs/user-guide/<id>.md (spec §2): emitted into the
//   client build, and answered by the dev server.
// A page whose frontmatter fails the schema, or that does not compile, stops the build with the
// file's name.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { toString as hastToString } from 'hast-util-to-string';
import { bundleMDX } from 'mdx-bundler';
import rehypeSlug from 'rehype-slug';
import remarkGfm from 'remark-gfm';
import {
  guideFrontmatterSchema,
  guideMarkdownPath,
  PRELOADED_GUIDE_PAGES,
  type GuideEntry,
  type GuideHeading,
  type GuideSearchDoc,
} from '../app/guide/guide-meta';
import type { Element, Root as HastRoot, RootContent as HastContent } from 'hast';
import type { Root as MdastRoot, RootContent as MdastContent } from 'mdast';
import type { Plugin } from 'vite';

const MANIFEST_ID = 'virtual:user-guide';
const SEARCH_ID = 'virtual:user-guide/search';
const PAGE_PREFIX = 'virtual:user-guide/page/';

export interface CompiledGuidePage {
  entry: GuideEntry;
  /** mdx-bundler's output: a function body that returns the module object. */
  code: string;
  headings: GuideHeading[];
  text: string;
  /** The source as written, served as markdown. */
  source: string;
}

/** The page id of a source file: its path under the guide's folder, without `.mdx`. */
export function guideIdOf(dir: string, file: string): string {
  return path
    .relative(dir, file)
    .split(path.sep)
    .join('/')
    .replace(/\.mdx$/, '');
}

export async function listGuideSources(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.mdx'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** The readable text of a markdown tree, blocks on their own lines (no frontmatter, no code). */
function plainText(nodes: readonly MdastContent[]): string {
  const out: string[] = [];
  const walk = (node: MdastContent) => {
    // MDX's own nodes are not in mdast's types: imports and expressions are not text, but an
    // element such as <kbd>Ctrl</kbd> (mdxJsxTextElement) holds text and is walked like any other.
    const type: string = node.type;
    if (type === 'yaml' || type === 'code' || type === 'html') return;
    if (type === 'mdxjsEsm' || type === 'mdxFlowExpression' || type === 'mdxTextExpression') return;
    if (node.type === 'text' || node.type === 'inlineCode') {
      out.push(node.value);
      return;
    }
    if ('children' in node) {
      for (const child of node.children as MdastContent[]) walk(child);
      const inline = ['emphasis', 'strong', 'link', 'delete', 'mdxJsxTextElement'];
      if (!inline.includes(type)) out.push('\n');
    }
  };
  for (const node of nodes) walk(node);
  return out
    .join('')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

function headingsOf(tree: HastRoot): GuideHeading[] {
  const found: GuideHeading[] = [];
  const walk = (node: HastContent | HastRoot) => {
    if (node.type === 'element' && (node.tagName === 'h2' || node.tagName === 'h3')) {
      const id = (node as Element).properties.id;
      if (typeof id === 'string') {
        found.push({ id, text: hastToString(node), depth: node.tagName === 'h2' ? 2 : 3 });
      }
      return;
    }
    if ('children' in node) for (const child of node.children) walk(child as HastContent);
  };
  walk(tree);
  return found;
}

function describeIssues(issues: readonly { path: (string | number)[]; message: string }[]) {
  return issues
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'frontmatter'}: ${issue.message}`)
    .join('; ');
}

/** Compiles one page; throws with the file's name when its frontmatter or its MDX is wrong. */
export async function compileGuidePage(
  dir: string,
  file: string,
  source: string,
): Promise<CompiledGuidePage> {
  const id = guideIdOf(dir, file);
  const name = path.relative(process.cwd(), file);
  let text = '';
  let headings: GuideHeading[] = [];
  let result: Awaited<ReturnType<typeof bundleMDX>>;
  try {
    result = await bundleMDX({
      source,
      cwd: path.dirname(file),
      mdxOptions(options) {
        options.remarkPlugins = [
          ...(options.remarkPlugins ?? []),
          remarkGfm,
          () => (tree: MdastRoot) => {
            text = plainText(tree.children);
          },
        ];
        options.rehypePlugins = [
          ...(options.rehypePlugins ?? []),
          rehypeSlug,
          () => (tree: HastRoot) => {
            headings = headingsOf(tree);
          },
        ];
        return options;
      },
      esbuildOptions(options) {
        options.minify = true;
        options.target = 'es2022';
        options.logLevel = 'silent'; // the error is thrown below with the file's name
        return options;
      },
    });
  } catch (error) {
    throw new Error(
      `${name}: the page does not compile: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const parsed = guideFrontmatterSchema.safeParse(result.frontmatter);
  if (!parsed.success) {
    throw new Error(`${name}: bad frontmatter: ${describeIssues(parsed.error.issues)}`);
  }
  const { title, description, category, order, lastUpdated, audience } = parsed.data;
  const words = `${text}`.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return {
    entry: {
      id,
      title,
      description,
      category,
      order,
      lastUpdated,
      audience: audience ?? null,
      path: guideMarkdownPath(id),
      words,
    },
    code: result.code,
    headings,
    text,
    source,
  };
}

export async function compileGuide(dir: string): Promise<Map<string, CompiledGuidePage>> {
  const files = await listGuideSources(dir);
  const pages = await Promise.all(
    files.map(async (file) => compileGuidePage(dir, file, await readFile(file, 'utf8'))),
  );
  return new Map(pages.map((page) => [page.entry.id, page]));
}

/** The ES module of one page: the compiled body run once, at import, with real imports. */
export function pageModule(page: CompiledGuidePage): string {
  return [
    "import * as React from 'react';",
    "import * as ReactDOM from 'react-dom';",
    "import * as _jsx_runtime from 'react/jsx-runtime';",
    'const compiled = (function (React, ReactDOM, _jsx_runtime) {',
    page.code,
    '})(React, ReactDOM, _jsx_runtime);',
    'export default compiled.default;',
    `export const headings = ${JSON.stringify(page.headings)};`,
  ].join('\n');
}

function sortedEntries(pages: Map<string, CompiledGuidePage>): GuideEntry[] {
  return [...pages.values()].map((page) => page.entry).sort((a, b) => a.id.localeCompare(b.id));
}

export function manifestModule(pages: Map<string, CompiledGuidePage>): string {
  const preloaded = PRELOADED_GUIDE_PAGES.filter((id) => pages.has(id));
  const lines = preloaded.map(
    (id, index) => `import * as preloaded${index} from '${PAGE_PREFIX}${id}';`,
  );
  lines.push(`export const GUIDE_PAGES = ${JSON.stringify(sortedEntries(pages))};`);
  lines.push(
    `const PRELOADED = {${preloaded.map((id, index) => `${JSON.stringify(id)}: preloaded${index}`).join(', ')}};`,
  );
  const lazy = [...pages.keys()].filter((id) => !preloaded.some((p) => p === id)).sort();
  lines.push(
    `const LOADERS = {${lazy
      .map((id) => `${JSON.stringify(id)}: () => import('${PAGE_PREFIX}${id}')`)
      .join(', ')}};`,
  );
  lines.push(
    'export function isPreloaded(id) { return Object.prototype.hasOwnProperty.call(PRELOADED, id); }',
    'export function loadGuidePage(id) {',
    '  if (Object.prototype.hasOwnProperty.call(PRELOADED, id)) return Promise.resolve(PRELOADED[id]);',
    '  if (Object.prototype.hasOwnProperty.call(LOADERS, id)) return LOADERS[id]();',
    '  return Promise.resolve(null);',
    '}',
  );
  return lines.join('\n');
}

export function searchModule(pages: Map<string, CompiledGuidePage>): string {
  const docs: GuideSearchDoc[] = [...pages.values()].map((page) => ({
    id: page.entry.id,
    title: page.entry.title,
    description: page.entry.description,
    category: page.entry.category,
    headings: page.headings.map((heading) => heading.text).join('\n'),
    text: page.text,
  }));
  return `export const GUIDE_SEARCH_DOCS = ${JSON.stringify(docs)};`;
}

export function userGuide({ dir }: { dir: string }): Plugin {
  let pages: Promise<Map<string, CompiledGuidePage>> | null = null;
  let isSsrBuild = false;
  const compiled = () => (pages ??= compileGuide(dir));

  return {
    name: 'user-guide',
    configResolved(config) {
      isSsrBuild = Boolean(config.build.ssr);
    },
    buildStart() {
      pages = null; // a rebuild (watch mode) reads the sources again
    },
    resolveId(id) {
      if (id === MANIFEST_ID || id === SEARCH_ID || id.startsWith(PAGE_PREFIX)) return `\0${id}`;
      return null;
    },
    async load(id) {
      if (!id.startsWith('\0virtual:user-guide')) return null;
      const all = await compiled();
      for (const file of await listGuideSources(dir)) this.addWatchFile(file);
      const virtualId = id.slice(1);
      if (virtualId === MANIFEST_ID) return manifestModule(all);
      if (virtualId === SEARCH_ID) return searchModule(all);
      const page = all.get(virtualId.slice(PAGE_PREFIX.length));
      if (!page) throw new Error(`No user-guide page ${virtualId.slice(PAGE_PREFIX.length)}`);
      return pageModule(page);
    },
    handleHotUpdate({ file, server }) {
      if (!file.startsWith(dir) || !file.endsWith('.mdx')) return;
      pages = null;
      for (const module of server.moduleGraph.getModulesByFile(file) ?? []) {
        server.moduleGraph.invalidateModule(module);
      }
      for (const id of [MANIFEST_ID, SEARCH_ID]) {
        const module = server.moduleGraph.getModuleById(`\0${id}`);
        if (module) server.moduleGraph.invalidateModule(module);
      }
    },
    async generateBundle() {
      if (isSsrBuild) return;
      for (const page of (await compiled()).values()) {
        this.emitFile({
          type: 'asset',
          fileName: page.entry.path.slice(1),
          source: page.source,
        });
      }
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
        if (!pathname.startsWith('/docs/user-guide/') || !pathname.endsWith('.md')) return next();
        compiled()
          .then((all) => {
            const page = [...all.values()].find((entry) => entry.entry.path === pathname);
            if (!page) {
              res.statusCode = 404;
              res.end('Not found');
              return;
            }
            res.setHeader('Content-Type', 'text/markdown; charset=utf-8');
            res.end(page.source);
          })
          .catch(next);
      });
    },
  };
}
