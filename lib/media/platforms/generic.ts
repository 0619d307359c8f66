import type { Recognition } from '@/lib/media/types';
import type { PlatformDefinition } from './define-platform';
import { queryWithoutTracking } from './url-parts';

/**
 * Any other http(s) URL: a page or a file that may carry media. No id (the page decides what is inside); the
 * canonical URL is the input with host lower-cased, fragment and credentials gone and tracking parameters dropped.
 */
export const generic: Omit<PlatformDefinition, 'recognise'> & { recognise(url: URL): Recognition } = {
  platform: 'generic',
  label: 'Other sites',
  slug: 'generic',
  color: '#64748B',
  hosts: [],
  recognise(url) {
    const host = url.host.replace(/\.(?=:\d+$|$)/, '');
    const canonicalUrl = `${url.protocol}//${host}${url.pathname}${queryWithoutTracking(url)}`;
    return { platform: 'generic', kind: 'video', id: null, canonicalUrl };
  },
};
