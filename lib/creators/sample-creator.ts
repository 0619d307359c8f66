import { PLATFORM_DEFINITIONS } from '@/lib/media/platforms';
import { avatarArt, thumbnailArt } from './sample-art';
import type { CreatorSource } from './creator-sources';
import type { Creator } from './types';

const SAMPLE_VIDEOS = 12;
const TOPICS = [
  'Behind the scenes', 'Q&A with fans', 'Best moments', 'Challenge accepted', 'A day with the team', 'Live highlights',
  'Reacting to comments', 'The big announcement', 'Tour diary', 'Top 10 clips', 'First look', 'Thank you for watching',
];

/** FNV-1a: the same slug always seeds the same numbers, so a sample page never changes between visits. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const humanName = (slug: string) =>
  slug.replace(/^@/, '').split(/[-_.]+/).filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ') || slug;

/**
 * When the channel cannot be read, the page shows generated sample data. Derived only from the
 * popular-list entry (or the slug), so it is stable. Sample videos point at the channel itself: the download
 * page then lists the channel's real videos if it can reach them.
 */
export function sampleCreator(source: CreatorSource, knownName?: string): Creator {
  const random = seeded(hashOf(source.slug));
  const hue = hashOf(source.slug) % 360;
  const name = knownName ?? source.popular?.name ?? humanName(source.slug);
  const label = PLATFORM_DEFINITIONS.find((definition) => definition.platform === source.platform)?.label;
  const subscribers = source.popular?.audience ?? Math.round(10_000 + random() * 5_000_000);
  const videos = Math.round(120 + random() * 1800);
  const views = Math.round(subscribers * (40 + random() * 160));
  const latestVideos = TOPICS.slice(0, SAMPLE_VIDEOS).map((topic, n) => ({
    id: `sample-${n + 1}`,
    title: `${name} — ${topic}`,
    thumbnail: thumbnailArt(`#${n + 1}`, (hue + n * 23) % 360),
    url: source.channelUrl,
  }));
  return {
    slug: source.slug,
    name,
    avatar: avatarArt(name, hue),
    bio: `${name}${label ? ` on ${label}` : ''}: the latest uploads, ready to download in the quality you pick.`,
    platform: source.platform,
    channelUrl: source.channelUrl,
    stats: { subscribers, videos, views },
    latestVideos,
    source: 'sample',
  };
}
