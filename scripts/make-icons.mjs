// Regenerates the app's install icons in public/icons/ from the SVGs written below: the favicon's
// mark (a mortarboard over an open cap) in white and amber on the app's navy. No image tool is
// installed here, so Debian's Chromium renders each SVG and takes a PNG screenshot of it.
//
//   node scripts/make-icons.mjs
//
// - icon-192.png, icon-512.png (purpose "any"): a rounded navy square, transparent corners.
// - icon-maskable-512.png (purpose "maskable"): full-bleed navy; the mark stays inside the
//   centre circle of 80 % of the width that every platform's mask keeps.
// - apple-touch-icon.png (180 px): full-bleed, because iOS rounds the corners itself and fills
//   transparency with black.
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const NAVY = '#0b1f4d';
const AMBER = '#fbbf24';
const outDir = fileURLToPath(new URL('../public/icons/', import.meta.url));

/**
 * The mark on a 64-unit grid (as public/favicon.svg draws it), centred on (32, 31): the cap's
 * top spans x 14–50 and y 14–48, so its farthest corner is about 25 units from the centre.
 */
const MARK = `<path d="M14 24 32 14l18 10-18 10z" fill="${AMBER}"/><path d="M20 30v10c0 4 6 8 12 8s12-4 12-8V30l-12 7z" fill="#fff"/>`;

/** The mark scaled by `scale` around the centre of a 64-unit square. */
function mark(scale) {
  const offset = 32 - 32 * scale;
  return `<g transform="translate(${offset} ${offset + 1 * scale}) scale(${scale})">${MARK}</g>`;
}

const SOURCES = {
  // Rounded square like the favicon; the mark at 1.05 fills it without crowding the corners.
  any: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="${NAVY}"/>${mark(1.05)}</svg>`,
  // Full bleed; at 0.9 the farthest corner is about 22.5 units from the centre, inside the
  // safe circle's radius of 25.6 (40 % of 64).
  maskable: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${NAVY}"/>${mark(0.9)}</svg>`,
  // iOS draws its own rounded corners and margin: full bleed, mark a little smaller.
  apple: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${NAVY}"/>${mark(0.95)}</svg>`,
};

const OUTPUTS = [
  { file: 'icon-192.png', source: 'any', size: 192 },
  { file: 'icon-512.png', source: 'any', size: 512 },
  { file: 'icon-maskable-512.png', source: 'maskable', size: 512 },
  { file: 'apple-touch-icon.png', source: 'apple', size: 180 },
];

await mkdir(outDir, { recursive: true });
await writeFile(`${outDir}icon.svg`, `${SOURCES.any}\n`);
await writeFile(`${outDir}icon-maskable.svg`, `${SOURCES.maskable}\n`);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { file, source, size } of OUTPUTS) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${SOURCES[source]}`,
    );
    const png = await page.screenshot({ omitBackground: true, type: 'png' });
    await writeFile(`${outDir}${file}`, png);
    console.log(`public/icons/${file} (${size}×${size}, ${png.length} bytes)`);
  }
} finally {
  await browser.close();
}
