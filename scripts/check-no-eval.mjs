// The built JavaScript evaluates no strings (issue 16): no `new Function(` and no bare `eval(`
// anywhere in <buildDir>/client, the service worker included. The user guide is compiled to real
// modules at build time precisely so that the Content-Security-Policy needs no 'unsafe-eval'
// (toolchain.md); this check keeps it so for every chunk, guide or not. Calls of a method
// named eval and methods named eval (`x.eval(`, `eval(a, b) {`: Firebase's regular-expression engine has one)
// are not the global eval and pass.
// `node scripts/check-no-eval.mjs [buildDir]`; exits 1 and names the files when something is found.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const FORBIDDEN = [
  { name: 'new Function', pattern: /\bnew\s+Function\s*\(/g },
  { name: 'eval(', pattern: /(?<![.\w$])eval\s*\(/g },
];

/** Whether the parenthesis at `open` closes before a `{`: a method named eval, `eval(a, b) {…}`. */
function isMethodDefinition(source, open) {
  let depth = 0;
  for (let i = open; i < source.length; i += 1) {
    if (source[i] === '(') depth += 1;
    else if (source[i] === ')' && (depth -= 1) === 0) {
      return /^\s*\{/.test(source.slice(i + 1, i + 20));
    }
  }
  return false;
}

/** Every occurrence in one file's text, with a little context. */
export function findEvaluation(source) {
  const found = [];
  for (const { name, pattern } of FORBIDDEN) {
    for (const match of source.matchAll(pattern)) {
      const open = source.indexOf('(', match.index);
      if (name === 'eval(' && isMethodDefinition(source, open)) continue;
      found.push({ name, context: source.slice(Math.max(0, match.index - 40), match.index + 40) });
    }
  }
  return found;
}

function jsFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(m?js)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const buildDir = process.argv[2] ?? process.env.BUILD_DIR ?? 'build';
  const clientDir = join(buildDir, 'client');
  const files = jsFiles(clientDir);
  const guidePages = readdirSync(join(clientDir, 'docs', 'user-guide'), { recursive: true }).filter(
    (name) => String(name).endsWith('.md'),
  ).length;
  let failures = 0;
  for (const file of files) {
    for (const hit of findEvaluation(readFileSync(file, 'utf8'))) {
      failures += 1;
      console.error(
        `${relative(clientDir, file)}: ${hit.name} … ${hit.context.replace(/\s+/g, ' ')}`,
      );
    }
  }
  if (guidePages === 0) {
    console.error(`No user-guide pages in ${clientDir}/docs/user-guide: the guide was not built.`);
    process.exit(1);
  }
  if (failures > 0) {
    console.error(
      `${failures} string evaluation(s) in the built JavaScript: the CSP would need 'unsafe-eval'.`,
    );
    process.exit(1);
  }
  console.log(
    `No new Function and no eval( in ${files.length} JavaScript files (${guidePages} guide pages built).`,
  );
}
