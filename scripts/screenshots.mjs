// `npm run screenshots`: a picture of every screen, to look through by eye. It builds the app
// (SCREENSHOTS_SKIP_BUILD=1 reuses build/), then walks the full route matrix (every dashboard route
// × role × theme × size, test/e2e/route-matrix.ts) plus the public pages signed out, photographing
// each page whole into build/screenshots/, and writes build/screenshots/index.html: one section per
// route, a row per role, a column per theme and size, each picture a link to itself at full size.
// Extra arguments go to Playwright (e.g. `-- -g parent` for one role's screens, `--workers 1`).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const OUT = resolve('build/screenshots');
const THEMES = ['default', 'dark', 'accessible'];
const SIZES = ['desktop', 'phone'];
const ROLES = [
  'visitor',
  'superAdmin',
  'admin',
  'administration',
  'facilitator',
  'parent',
  'student',
];

function run(command, args, env = {}) {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status ?? 1;
}

if (process.env.SCREENSHOTS_SKIP_BUILD !== '1' || !existsSync('build/client/index.html')) {
  if (run('npm', ['run', 'build']) !== 0) process.exit(1);
}
rmSync(OUT, { recursive: true, force: true });
const status = run(
  'npx',
  [
    'playwright',
    'test',
    'test/e2e/route-matrix.spec.ts',
    '--project',
    'chromium',
    ...process.argv.slice(2),
  ],
  { MATRIX_FULL: '1', MATRIX_SCREENSHOTS: OUT },
);

const escape = (text) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

const folders = existsSync(OUT)
  ? readdirSync(OUT, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort()
  : [];
let count = 0;
const sections = folders.map((folder) => {
  const files = new Set(readdirSync(join(OUT, folder)));
  const rows = ROLES.filter((role) =>
    THEMES.some((t) => files.has(`${role}-${t}-desktop.png`)),
  ).map((role) => {
    const cells = THEMES.flatMap((theme) =>
      SIZES.map((size) => {
        const file = `${role}-${theme}-${size}.png`;
        if (!files.has(file)) return '<td>—</td>';
        count += 1;
        const src = `${encodeURIComponent(folder)}/${file}`;
        return `<td><a href="${src}"><img src="${src}" loading="lazy" alt="${escape(`${folder} as ${role}, ${theme} theme, ${size}`)}" class="${size}"></a></td>`;
      }),
    );
    return `<tr><th scope="row">${role}</th>${cells.join('')}</tr>`;
  });
  const header = THEMES.flatMap((theme) =>
    SIZES.map((size) => `<th scope="col">${theme}, ${size}</th>`),
  );
  return `<section id="${escape(folder)}"><h2>/${escape(folder.replace(/_/g, '/'))}</h2>
<table><thead><tr><th scope="col">role</th>${header.join('')}</tr></thead><tbody>
${rows.join('\n')}
</tbody></table></section>`;
});

writeFileSync(
  join(OUT, 'index.html'),
  `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Screens of the learning centre dashboard</title>
<style>
body { font: 14px system-ui, sans-serif; margin: 1rem; }
nav a { margin-right: .75rem; display: inline-block; }
table { border-collapse: collapse; margin-bottom: 2rem; }
th, td { border: 1px solid #ccc; padding: 4px; vertical-align: top; }
img.desktop { width: 240px; } img.phone { width: 90px; }
</style></head><body>
<h1>Screens (${count} pictures, ${folders.length} pages)</h1>
<p>Made by <code>npm run screenshots</code> on ${new Date().toISOString()}. Each picture links to itself at full size.</p>
<nav>${folders.map((f) => `<a href="#${escape(f)}">/${escape(f.replace(/_/g, '/'))}</a>`).join('')}</nav>
${sections.join('\n')}
</body></html>
`,
);
console.log(`\n${count} screenshots of ${folders.length} pages: ${join(OUT, 'index.html')}`);
process.exit(status);
