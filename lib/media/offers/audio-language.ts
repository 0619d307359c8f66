import type { SourceFormat } from '@/lib/media/types';
import type { OfferPlan } from './types';

const MAX_LANGUAGES = 8;
/** A browser's Accept-Language is a few dozen characters and tags; past these a header is read no further. */
const MAX_HEADER_LENGTH = 1024;
const MAX_ENTRIES = 32;

/**
 * An Accept-Language header (or one tag) → the user's languages, most wanted first: "fr-CA,fr;q=0.9,en;q=0.8"
 * → ["fr-ca", "fr", "en"]. "*" and malformed entries are dropped; q=0 means "not this one".
 */
export function userLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return header.slice(0, MAX_HEADER_LENGTH).split(',', MAX_ENTRIES)
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = Number(params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean) ?? 1);
      return { tag: tag.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((e) => /^[a-z]{2,3}(-[a-z0-9]{1,8})*$/.test(e.tag) && e.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((e) => e.tag)
    .slice(0, MAX_LANGUAGES);
}

const primary = (tag: string) => tag.toLowerCase().split('-')[0];

/** Among tracks of one language, the one that plays by default: DEFAULT (or DASH Role main), else AUTOSELECT. */
const rank = (s: SourceFormat) => ((s.preference ?? 0) >= 0 ? 0 : s.autoselect ? 1 : 2);

/**
 * The track of a group for the user's languages, tried in their order: an exact tag, then the same primary
 * language; among several, the default one, then an AUTOSELECT one, then the first listed. Undefined when the
 * group has none of the user's languages — the group's own default then stays.
 */
export function trackForLanguages(tracks: SourceFormat[], languages: string[]): SourceFormat | undefined {
  for (const wanted of languages) {
    const exact = tracks.filter((t) => t.language?.toLowerCase() === wanted);
    const same = exact.length > 0 ? exact : tracks.filter((t) => t.language && primary(t.language) === primary(wanted));
    if (same.length > 0) return [...same].sort((a, b) => rank(a) - rank(b))[0];
  }
  return undefined;
}

/**
 * An offer's plan with the sound in the user's language when its audio group has it. The group is kept whole:
 * only the tracks of the group the plan's sound (or, for a muxed variant, its picture) belongs to are candidates;
 * a muxed variant's own sound stands for the group's default track that has no URI of its own.
 */
export function planForLanguages(plan: OfferPlan, sources: SourceFormat[], languages: string[]): OfferPlan {
  const current = plan.audio;
  const group = current?.audioGroup;
  if (!current || !group || languages.length === 0 || plan.kind === 'subtitles') return plan;
  const others = sources.filter((s) => s.audioGroup === group && s.vcodec === null && s.acodec !== null && s.id !== current.id);
  const chosen = trackForLanguages([current, ...others], languages);
  if (!chosen || chosen.id === current.id) return plan;
  // The sound now comes from a file of its own: a video offer merges two inputs, an audio offer remuxes one.
  const copyOnly = plan.action === 'remux' || plan.action === 'passthrough';
  const action = !copyOnly ? plan.action : plan.kind === 'video' ? 'merge' : 'remux';
  return { ...plan, audio: chosen, action };
}
