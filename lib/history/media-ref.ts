import { recogniseUrl } from '@/lib/media/platforms';
import type { Platform, Recognition } from '@/lib/media/types';

/**
 * History keeps `<platform>:<platform's media id>` — never the link the user pasted (privacy first).
 * For the named platforms that id is enough to find the media again; a generic page or file has no id of its
 * own, so it gets no reference and cannot be repeated.
 */
export function mediaRefFor(recognition: Pick<Recognition, 'platform' | 'id'>): string | null {
  if (recognition.platform === 'generic' || !recognition.id) return null;
  return `${recognition.platform}:${recognition.id}`;
}

type Rebuild = (id: string) => string | null;

/**
 * A link each platform answers for an id alone. Where an id's shape says which link it needs (TikTok's numeric
 * ids vs short-link codes, Facebook's numeric ids vs fb.watch codes) the shape decides; Instagram serves reels
 * under /p/ too; X needs no user name under /i/status/.
 */
const REBUILD: Record<Exclude<Platform, 'generic'>, Rebuild> = {
  youtube: (id) => `https://www.youtube.com/watch?v=${id}`,
  tiktok: (id) => (/^\d+$/.test(id) ? `https://www.tiktok.com/@_/video/${id}` : `https://vm.tiktok.com/${id}/`),
  instagram: (id) => `https://www.instagram.com/p/${id}/`,
  facebook: (id) => (/^\d+$/.test(id) ? `https://www.facebook.com/watch/?v=${id}` : `https://fb.watch/${id}/`),
  twitter: (id) => (/^\d+$/.test(id) ? `https://x.com/i/status/${id}` : null),
};

/**
 * The canonical link for a stored reference, through the same platform table that recognised it (so a rebuilt
 * link is exactly what a pasted one would have become), or null when none can be made.
 */
export function urlForMediaRef(ref: string | null): string | null {
  if (!ref) return null;
  const colon = ref.indexOf(':');
  const platform = ref.slice(0, colon) as Platform;
  const id = ref.slice(colon + 1);
  if (colon < 1 || !id || platform === 'generic' || !(platform in REBUILD)) return null;
  const candidate = REBUILD[platform as keyof typeof REBUILD](encodeURIComponent(id));
  if (!candidate) return null;
  try {
    const recognition = recogniseUrl(candidate);
    return recognition.platform === platform && recognition.id === id ? recognition.canonicalUrl : null;
  } catch {
    return null;
  }
}
