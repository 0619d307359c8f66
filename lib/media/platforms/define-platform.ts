import { AppError } from '@/lib/errors';
import type { Platform, Recognition } from '@/lib/media/types';

/** One platform as recognition, landing pages and badges see it: the single source of these facts. */
export interface PlatformDefinition {
  platform: Platform;
  /** Display name, e.g. 'Twitter/X'. */
  label: string;
  /** URL slug of the landing page, e.g. 'youtube' for /youtube-downloader. */
  slug: string;
  /** Brand colour (hex) for badges. */
  color: string;
  /** Exact host names (lower-case). Exact, not suffixes: CDN hosts such as i.ytimg.com are direct media, not pages. */
  hosts: readonly string[];
  /**
   * null: the URL is not on this platform's hosts (so the next platform, and finally `generic`, may take it).
   * Throws AppError('unsupported_url') when the host is ours but the path is no shape we know (/feed, /about…):
   * the user meant this platform, and a generic page scrape of it would only find the wrong thing.
   */
  recognise(url: URL): Recognition | null;
}

/** A recognition without its platform: what a platform's matcher returns. */
export type Match = Omit<Recognition, 'platform'>;

export function unsupportedUrl(): AppError {
  return new AppError('unsupported_url', 'This link does not point to a video, post or channel');
}

export function definePlatform(
  spec: Omit<PlatformDefinition, 'recognise'> & { match(url: URL): Match | null },
): PlatformDefinition {
  const { match, ...definition } = spec;
  return {
    ...definition,
    recognise(url) {
      const host = url.hostname.replace(/\.$/, '');
      if (!definition.hosts.includes(host)) return null;
      const found = match(host === url.hostname ? url : withHost(url, host));
      if (!found) throw unsupportedUrl();
      return { platform: definition.platform, ...found };
    },
  };
}

function withHost(url: URL, host: string): URL {
  const copy = new URL(url);
  copy.hostname = host;
  return copy;
}
