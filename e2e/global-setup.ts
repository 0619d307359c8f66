import { rmSync } from 'node:fs';
import { startFixtureSite } from '../test/fixtures/server';
import { E2E_RUN_DIR } from '../playwright.config';

// The local fixture site the e2e flows analyse and download from (never the internet); at the end, this run's data
// and temp folders go (the web server is stopped right after).
export default async function globalSetup() {
  const site = await startFixtureSite({ port: Number(process.env.E2E_FIXTURE_PORT ?? 4555) });
  return async () => {
    await site.close();
    if (!process.env.E2E_REUSE) rmSync(E2E_RUN_DIR, { recursive: true, force: true });
  };
}
