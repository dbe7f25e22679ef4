// A bare config for `vite-node scripts/generate-rules.ts`: the app's vite.config.ts starts the Remix
// and service-worker plugins, which a script that only imports app/domain does not need (and which
// keep the process alive).
import { defineConfig } from 'vite';

export default defineConfig({ plugins: [], logLevel: 'warn' });
