import 'server-only';
import { config } from '@/lib/config';
import { AppError } from '@/lib/errors';
import type { Recognition } from '@/lib/media/types';
import { PLATFORM_DEFINITIONS } from './index';

/**
 * An operator may turn platforms off (PLATFORMS_DISABLED=tiktok,instagram; `generic` for every other site): their
 * links are refused before any network work with `platform_disabled`, naming the platform.
 */
export function assertPlatformEnabled(recognition: Recognition): void {
  if (!config().env.PLATFORMS_DISABLED.includes(recognition.platform)) return;
  const label = PLATFORM_DEFINITIONS.find((d) => d.platform === recognition.platform)?.label ?? 'this site';
  throw new AppError('platform_disabled', `Downloads from ${label} are turned off on this server`, { platform: recognition.platform });
}
