// `npm start`: installs what is missing, builds what changed, and runs the whole console on the
// embedded database with demo data. The API prints the demo sign-ins.
import { join } from 'node:path';
import { buildAll } from './build.mjs';
import { pnpm, root } from './pnpm.mjs';
import { startStack, supervise } from './stack.mjs';

if (pnpm(['install', '--frozen-lockfile', '--reporter=append-only']) !== 0) process.exit(1);
await buildAll();

const basePort = Number(process.env.VOT_PORT ?? 3000);
const stack = await startStack({
  dataDir: process.env.DATA_DIR ?? join(root, 'data'),
  basePort,
  apiPort: Number(process.env.PORT ?? 4000),
  host: process.env.VOT_HOST ?? '127.0.0.1',
  demo: process.env.VOT_DEMO !== '0',
});

console.log(`\nVOT Console is running: ${stack.url}\n(the sign-ins are printed above; Ctrl+C stops everything)\n`);

supervise(stack);
