// The fake's server mode for the auth contract run (scripts/auth-contract.mjs starts this file with
// vite-node): in memory, on a free port, announced as one JSON line on stdout; SIGTERM stops it.
import { startFakeFirebaseServer } from '../../mocks/server';

const server = await startFakeFirebaseServer({ host: '127.0.0.1', port: 0, stateFile: null });
console.log(JSON.stringify({ fakeFirebaseUrl: server.url, port: server.port }));

function stop(): void {
  server.close().finally(() => process.exit(0));
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
