import 'server-only';
import { access, constants, mkdir, statfs } from 'node:fs/promises';
import { config } from '@/lib/config';
import { engineHealth, type EngineHealthDeps } from '@/lib/media/analyze';
import { getRedis, redisEnabled } from '@/lib/redis/connection';

/** Below this much free space in the temp folder a node stops taking work: a prepared file would not fit. */
export const MIN_FREE_TEMP_BYTES = 256 * 1024 ** 2;
const CHECK_TIMEOUT_MS = 3000;

export interface Readiness {
  ready: boolean;
  /** `redis` and `fileStore` only when REDIS_URL and FILE_STORE_DIR are set: without them nothing depends on one. */
  checks: { database: boolean; ffmpeg: boolean; engine: boolean; tempSpace: boolean; redis?: boolean; fileStore?: boolean };
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const passes = (work: () => Promise<unknown>) => withTimeout(work()).then((value) => value !== false, () => false);

async function hasRoom(dir: string): Promise<boolean> {
  await mkdir(dir, { recursive: true });
  await access(dir, constants.W_OK);
  const fs = await statfs(dir);
  return fs.bavail * fs.bsize >= MIN_FREE_TEMP_BYTES;
}

/**
 * Whether this node can serve work now: the store answers, ffmpeg and the analysis engine run (their versions are
 * probed at most every 10 minutes), the temp folder has room for a prepared file, and — when they are set —
 * Redis answers a PING (shared analyses, counters and jobs live there) and FILE_STORE_DIR, the directory every
 * node shares prepared files through, is writable with room for a file. A load balancer sends
 * traffic only to a ready node; liveness is a separate, always-cheap check.
 */
export async function readiness(deps: EngineHealthDeps): Promise<Readiness> {
  const engine = engineHealth(deps).catch(() => null);
  const [database, ffmpeg, ytdlp, tempSpace, redis, fileStore] = await Promise.all([
    passes(async () => (await deps.db()).get('SELECT 1 AS one')),
    passes(async () => Boolean((await engine)?.ffmpeg)),
    passes(async () => Boolean((await engine)?.ytdlp)),
    passes(() => hasRoom(config().tempDir)),
    redisEnabled() ? passes(async () => (await getRedis().ping()) === 'PONG') : undefined,
    config().env.FILE_STORE_DIR ? passes(() => hasRoom(config().fileStoreDir)) : undefined,
  ]);
  const checks: Readiness['checks'] = {
    database, ffmpeg, engine: ytdlp, tempSpace,
    ...(redis === undefined ? {} : { redis }),
    ...(fileStore === undefined ? {} : { fileStore }),
  };
  return { ready: Object.values(checks).every(Boolean), checks };
}
