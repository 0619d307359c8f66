// The test suite's fixture site (test/fixtures/server.ts: generated media, throttling and latency switches) on an
// address containers reach: `node deploy/fixture-site.mjs HOST` prints its origin, then serves until stopped.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createJiti } from 'jiti';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const jiti = createJiti(import.meta.url, { alias: { '@/': `${root}/` } });
const { startFixtureSite } = await jiti.import(path.join(root, 'test/fixtures/server.ts'));
const site = await startFixtureSite({ host: process.argv[2] ?? '127.0.0.1' });
console.log(site.origin);
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => site.close().then(() => process.exit(0)));
