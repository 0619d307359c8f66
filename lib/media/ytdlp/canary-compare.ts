import 'server-only';

import { join } from 'node:path';

import { probeCanaries } from './canaries';
import { createYtdlpPool } from './pool';

export interface EngineComparison {
  /** Each platform's verdict on the engine in use (null: passed, else the error code). */
  before: Record<string, string | null>;
  /** The same on the candidate engine. */
  candidate: Record<string, string | null>;
  /** Platforms that pass on the engine in use and fail on the candidate: the candidate broke them. */
  regressions: string[];
}

const SITE_PACKAGES = join('usr', 'lib', 'python3', 'dist-packages');

/**
 * The operator's canaries on the engine in use (what `current` in `engineDir` runs, else Debian's package) and on a
 * candidate version folder, each through a pool of its own — the same workers and egress proxy the server uses —
 * so an update can refuse a candidate that breaks a platform before any user meets it. Platforms one after another.
 */
export async function compareEngines(opts: { engineDir: string; candidate: string; canaries: Record<string, string[]> }): Promise<EngineComparison> {
  const run = async (pool: ReturnType<typeof createYtdlpPool>) => {
    try {
      return await probeCanaries(pool, opts.canaries);
    } finally {
      await pool.close();
    }
  };
  const before = await run(createYtdlpPool({ size: 1, engineDir: opts.engineDir }));
  const candidate = await run(createYtdlpPool({ size: 1, pythonPath: join(opts.candidate, SITE_PACKAGES) }));
  const regressions = Object.keys(candidate).filter((platform) => before[platform] === null && candidate[platform] !== null);
  return { before, candidate, regressions };
}
