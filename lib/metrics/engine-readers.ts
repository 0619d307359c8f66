import 'server-only';
import type { PlatformBreaker } from '@/lib/media/ytdlp/breaker';
import { resolveEngine } from '@/lib/media/ytdlp/engine';
import { engineStatus } from '@/lib/media/ytdlp/engine-status';
import type { YtdlpPool } from '@/lib/media/ytdlp/pool';
import { NAMED_PLATFORMS } from '@/lib/platforms';
import type { MetricReaders } from './registry';

/** What /metrics reads of the engine when scraped, from this node's breakers and yt-dlp workers. */
export function engineReaders({ pool, breaker }: { pool: YtdlpPool; breaker: PlatformBreaker }): Pick<MetricReaders, 'breakers' | 'engine'> {
  // The version the health probe found last, for the engine it probed.
  let probed: { key: string; version: string | null } | undefined;
  return {
    /** Each named platform's breaker state; 'generic' is never paused as a whole, so it has none. */
    breakers: () => {
      const tripped = breaker.state();
      return Object.fromEntries(NAMED_PLATFORMS.map((p) => [p, tripped[p]?.state ?? 'closed']));
    },
    /**
     * The yt-dlp engine in use: the version a worker reported to the health probe (cached for minutes, started in the
     * background when due), else what the installer recorded, else 'unknown'. A scrape never waits on a worker.
     */
    engine: async () => {
      const install = resolveEngine();
      void engineStatus(pool).then((status) => (probed = { key: install.key, version: status.version }), () => undefined);
      const version = probed?.key === install.key ? probed.version : null;
      return [{ engine: 'ytdlp', version: version ?? install.version ?? 'unknown', source: install.source }];
    },
  };
}
