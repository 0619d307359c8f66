// npm run worker — a job worker process (needs REDIS_URL; see docs/architecture.md). It runs the TypeScript
// sources as they are, through jiti (a runtime dependency), with the `@/` alias of tsconfig.json. `server-only`
// is what Next resolves it to on the server (its empty module, the `react-server` export): this is a server.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createJiti } from 'jiti';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const alias = { '@/': `${root}/`, 'server-only': path.join(root, 'node_modules/server-only/empty.js') };
const jiti = createJiti(import.meta.url, { alias });
const { startWorker } = await jiti.import(path.join(root, 'lib/worker/start.ts'));
await startWorker().catch((error) => {
  console.error(`[worker] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
