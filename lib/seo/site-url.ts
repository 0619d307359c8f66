import 'server-only';
import { config } from '@/lib/config';

/** The public origin used in canonical links, hreflang, sitemap and Open Graph (env SITE_URL). */
export function siteUrl(): string {
  return config().env.SITE_URL ?? 'http://localhost:3000';
}
