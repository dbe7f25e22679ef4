// @vitest-environment node
// The user guide's build step (scripts/user-guide-plugin.ts): frontmatter is checked with the schema
// and a bad page stops the build with the file's name; a page becomes a real ES module (nothing is
// evaluated from a string at run time); headings and text are taken for the contents and search.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  compileGuide,
  compileGuidePage,
  manifestModule,
  pageModule,
  searchModule,
} from '../../scripts/user-guide-plugin';

const GOOD = `---
title: Calendar
description: See what is on.
category: features
order: 4
lastUpdated: 2026-11-24
audience: [parent, student]
---

Open the **calendar** from the menu.

## Adding an event

1. Press New event.
2. Fill in the form.

### Repeating events

| Field | Meaning |
| --- | --- |
| Repeats | Every week |

Works offline too. Press <kbd>Ctrl</kbd> + <kbd>K</kbd> to search.
`;

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'guide-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function page(id: string, source: string) {
  const file = path.join(dir, `${id}.mdx`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, source);
  return file;
}

describe('compiling a guide page', () => {
  it('reads the frontmatter, the headings with their link ids and the text', async () => {
    const file = await page('features/calendar', GOOD);
    const compiled = await compileGuidePage(dir, file, GOOD);
    expect(compiled.entry).toEqual({
      id: 'features/calendar',
      title: 'Calendar',
      description: 'See what is on.',
      category: 'features',
      order: 4,
      lastUpdated: '2026-11-24',
      audience: ['parent', 'student'],
      path: '/docs/user-guide/features/calendar.md',
      words: expect.any(Number),
    });
    expect(compiled.headings).toEqual([
      { id: 'adding-an-event', text: 'Adding an event', depth: 2 },
      { id: 'repeating-events', text: 'Repeating events', depth: 3 },
    ]);
    expect(compiled.text).toContain('Open the calendar from the menu.');
    expect(compiled.text).toContain('Works offline too. Press Ctrl + K to search.');
    expect(compiled.text).not.toContain('lastUpdated');
    expect(compiled.entry.words).toBeGreaterThan(20);
  });

  it('stops with the file name and the field when the frontmatter is wrong', async () => {
    const bad = GOOD.replace('category: features', 'category: extras');
    const file = await page('features/bad', bad);
    await expect(compileGuidePage(dir, file, bad)).rejects.toThrow(
      /features[/\\]bad\.mdx: bad frontmatter: category/,
    );
  });

  it('stops when a required field is missing or an unknown one is present', async () => {
    const missing = GOOD.replace('title: Calendar\n', '');
    const file = await page('features/missing', missing);
    await expect(compileGuidePage(dir, file, missing)).rejects.toThrow(
      /missing\.mdx: bad frontmatter: title/,
    );
    const extra = GOOD.replace('order: 4', 'order: 4\nauthor: someone');
    await expect(compileGuidePage(dir, file, extra)).rejects.toThrow(
      /missing\.mdx: bad frontmatter/,
    );
    const date = GOOD.replace('lastUpdated: 2026-11-24', 'lastUpdated: "last week"');
    await expect(compileGuidePage(dir, file, date)).rejects.toThrow(/lastUpdated/);
  });

  it('stops with the file name when the MDX does not compile', async () => {
    const broken = `${GOOD}\nA stray <div> never closed.\n`;
    const file = await page('features/broken', broken);
    await expect(compileGuidePage(dir, file, broken)).rejects.toThrow(
      /broken\.mdx: the page does not compile/,
    );
  });
});

describe('the modules the app imports', () => {
  it('are plain ES modules: real imports, no new Function and no eval', async () => {
    await page(
      'index',
      GOOD.replace('title: Calendar', 'title: Home').replace('features', 'general'),
    );
    await page('features/calendar', GOOD);
    const pages = await compileGuide(dir);
    const module = pageModule(pages.get('features/calendar')!);
    expect(module).toMatch(/^import \* as React from 'react';/);
    expect(module).toContain("import * as _jsx_runtime from 'react/jsx-runtime';");
    expect(module).toContain('export default compiled.default;');
    expect(module).toContain('export const headings = [{"id":"adding-an-event"');
    for (const source of [module, manifestModule(pages), searchModule(pages)]) {
      expect(source).not.toMatch(/new Function|\beval\(/);
    }
  });

  it('bundle the preloaded pages with the manifest and load every other page on demand', async () => {
    await page(
      'index',
      GOOD.replace('title: Calendar', 'title: Home').replace('features', 'general'),
    );
    await page('features/calendar', GOOD);
    const manifest = manifestModule(await compileGuide(dir));
    expect(manifest).toContain("import * as preloaded0 from 'virtual:user-guide/page/index';");
    expect(manifest).toContain(
      '"features/calendar": () => import(\'virtual:user-guide/page/features/calendar\')',
    );
    expect(manifest).not.toContain("import('virtual:user-guide/page/index')");
  });
});
