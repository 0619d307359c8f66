import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFixtureSite } from '../test/fixtures/server';

// The local fixture site the e2e flows analyse and download from (never the internet).
export default async function globalSetup() {
  rmSync(join(tmpdir(), `grabline-e2e-${process.env.E2E_PORT ?? 3123}`), { recursive: true, force: true });
  const site = await startFixtureSite({ port: Number(process.env.E2E_FIXTURE_PORT ?? 4555) });
  return async () => site.close();
}
