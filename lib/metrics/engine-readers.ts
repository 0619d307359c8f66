import 'server-only';
import { PLATFORMS } from '@/lib/media/schemas';
import { getPlatformBreaker } from '@/lib/media/ytdlp/breaker';
import { resolveEngine } from '@/lib/media/ytdlp/engine';
import { engineStatus } from '@/lib/media/ytdlp/engine-status';
import { getYtdlpPool } from '@/lib/media/ytdlp/get-pool';
import type { MetricReaders } from './registry';

/** How long a scrape waits for the engine's probed version before naming the installed one. */
const PROBE_WAIT_MS = 50;

/** Each named platform's breaker state; 'generic' is never paused as a whole, so it has none. */
export const breakerStates: MetricReaders['breakers'] = () => {
  const tripped = getPlatformBreaker().state();
  return Object.fromEntries(PLATFORMS.filter((p) => p !== 'generic').map((p) => [p, tripped[p]?.state ?? 'closed']));
};

/**
 * The yt-dlp engine in use. The version a worker reports (the health probe, cached for minutes) when it is at hand
 * within a moment, else what the installer recorded, else 'unknown' — a scrape never waits on a worker starting.
 */
export const engineInfo: MetricReaders['engine'] = async () => {
  const install = resolveEngine();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const probed = await Promise.race([
    engineStatus(getYtdlpPool()).then((status) => status.version, () => null),
    new Promise<null>((resolve) => (timer = setTimeout(resolve, PROBE_WAIT_MS, null))),
  ]);
  clearTimeout(timer);
  return [{ engine: 'ytdlp', version: probed ?? install.version ?? 'unknown', source: install.source }];
};
