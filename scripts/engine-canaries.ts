// The operator's platform canaries (PLATFORM_CANARIES) on the engine in use and on a candidate version folder, for
// scripts/engine-update.mjs, which runs this file with jiti:
//   jiti scripts/engine-canaries.ts <engine dir> <candidate version folder>
// Prints one JSON line: {"configured": false} or {"configured": true, before, candidate, regressions}. The settings
// are the server's own: the environment and the project's .env files, read as Next reads them.
import nextEnv from '@next/env';

import { config } from '@/lib/config';
import { compareEngines } from '@/lib/media/ytdlp/canary-compare';

async function main(): Promise<number> {
  const [engineDir, candidate] = process.argv.slice(2);
  if (!engineDir || !candidate) {
    process.stderr.write('usage: jiti scripts/engine-canaries.ts <engine dir> <candidate version folder>\n');
    return 64;
  }
  nextEnv.loadEnvConfig(process.cwd());
  const canaries = config().env.PLATFORM_CANARIES;
  if (Object.keys(canaries).length === 0) {
    process.stdout.write(`${JSON.stringify({ configured: false })}\n`);
    return 0;
  }
  const result = await compareEngines({ engineDir, candidate, canaries });
  process.stdout.write(`${JSON.stringify({ configured: true, ...result })}\n`);
  return 0;
}

main().then((code) => process.exit(code), (error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
