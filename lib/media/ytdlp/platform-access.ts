import 'server-only';

import { getPlatformBreaker, type PlatformBreaker } from './breaker';
import { getYtdlpPool } from './get-pool';
import type { YtdlpPool } from './pool';
import type { YtdlpInfo } from './types';

/**
 * An analysis through yt-dlp for one platform: refused at once while that platform is paused (its breaker is
 * open), and its outcome recorded so a bot check, IP block or rate limit pauses the platform's next analyses.
 */
export async function extractForPlatform(
  platform: string,
  url: string,
  options: { signal?: AbortSignal; pool?: YtdlpPool; breaker?: PlatformBreaker } = {},
): Promise<YtdlpInfo> {
  const breaker = options.breaker ?? getPlatformBreaker();
  breaker.check(platform);
  try {
    const info = await (options.pool ?? getYtdlpPool()).extract(url, { signal: options.signal });
    breaker.record(platform, null);
    return info;
  } catch (error) {
    breaker.record(platform, error);
    throw error;
  }
}
