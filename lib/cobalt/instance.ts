import 'server-only';
import { config } from '@/lib/config';
import { PLATFORM_DEFINITIONS } from '@/lib/media/platforms';
import type { CobaltInstance } from './schemas';

/** The cobalt API version this endpoint speaks: clients choose the request shape (v10's `POST /`) by its major. */
export const COBALT_API_VERSION = '10.0.0';

const started = String(Math.round(performance.timeOrigin));

/**
 * GET /api/cobalt/: cobalt's instance info. `url` is where its clients send their requests (this endpoint, without
 * the trailing slash Next would answer with a 308 first),
 * `services` the platforms this server has switched on (any other site's links work too, as cobalt's do not).
 */
export function cobaltInstance(origin: string): CobaltInstance {
  const disabled = config().env.PLATFORMS_DISABLED;
  return {
    cobalt: {
      version: COBALT_API_VERSION,
      url: `${origin}/api/cobalt`,
      startTime: started,
      durationLimit: config().env.MAX_DURATION_S,
      services: PLATFORM_DEFINITIONS.map((definition) => definition.platform).filter((platform) => !disabled.includes(platform)),
    },
    git: { commit: 'unknown', branch: 'unknown', remote: 'grabline' },
  };
}
