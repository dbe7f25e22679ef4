// The browser tests use Debian's Chromium, never a browser build of their own. If it is missing and
// we are root on Debian, install the `chromium` package; otherwise say exactly what to install.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

if (existsSync(path)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const isDebian = existsSync('/etc/debian_version');

if (process.env.CHROMIUM_PATH) {
  console.error(`CHROMIUM_PATH is set to ${path}, but there is no file there.`);
  process.exit(1);
}
if (!isRoot || !isDebian) {
  console.error(
    'The browser tests need Chromium at /usr/bin/chromium.\n' +
      'Install it with: sudo apt-get install chromium   (Debian/Ubuntu)\n' +
      'or point CHROMIUM_PATH at an existing Chromium or Chrome binary.',
  );
  process.exit(1);
}

console.log('Chromium is missing: installing Debian’s chromium package (apt-get)…');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-dejavu-core'], {
  stdio: 'inherit',
  env,
});
if (!existsSync(path)) {
  console.error('apt-get finished but /usr/bin/chromium is still missing.');
  process.exit(1);
}
