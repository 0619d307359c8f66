import 'server-only';
import { getPlatformBreaker } from '@/lib/media/ytdlp/breaker';
import { resolveEngine } from '@/lib/media/ytdlp/engine';
import { engineStatus } from '@/lib/media/ytdlp/engine-status';
import { getYtdlpPool } from '@/lib/media/ytdlp/get-pool';
import { NAMED_PLATFORMS } from '@/lib/platforms';
import type { MetricReaders } from './registry';

/** Each named platform's breaker state; 'generic' is never paused as a whole, so it has none. */
export const breakerStates: MetricReaders['breakers'] = () => {
  const tripped = getPlatformBreaker().state();
  return Object.fromEntries(NAMED_PLATFORMS.map((p) => [p, tripped[p]?.state ?? 'closed']));
};

// The version the health probe found last, for the engine it probed.
let probed: { key: string; version: string | null } | undefined;

/**
 * The yt-dlp engine in use: the version a worker reported to the health probe (cached for minutes, started in the
 * background when due), else what the installer recorded, else 'unknown'. A scrape never waits on a worker.
 */
export const engineInfo: MetricReaders['engine'] = async () => {
  const install = resolveEngine();
  void engineStatus(getYtdlpPool()).then((status) => (probed = { key: install.key, version: status.version }), () => undefined);
  const version = probed?.key === install.key ? probed.version : null;
  return [{ engine: 'ytdlp', version: version ?? install.version ?? 'unknown', source: install.source }];
};
