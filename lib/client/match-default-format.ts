import { apiGet } from '@/lib/client/api-client';
import type { Format } from '@/lib/media/types';
import type { DownloadDefaults } from '@/lib/settings/schemas';

export type { DownloadDefaults };

/** The SWR key both /download and /bulk read the defaults under, so one answer serves every reader. */
export const DEFAULTS_PATH = '/api/settings/defaults';

/** The default settings, used when the endpoint is unreachable. */
export const FALLBACK_DEFAULTS: DownloadDefaults = { defaultQuality: '1080p', defaultFormat: 'mp4', autoDownload: false, loudness: 'off', saved: false };

/** GET /api/settings/defaults; they are a convenience, so a failure reads as the defaults above. */
export async function readDownloadDefaults(path: string): Promise<DownloadDefaults> {
  try {
    return { ...FALLBACK_DEFAULTS, ...(await apiGet<Partial<DownloadDefaults>>(path)) };
  } catch {
    return FALLBACK_DEFAULTS;
  }
}

function heightOf(quality: string): number | null {
  if (/^4k$/i.test(quality)) return 2160;
  const match = /^(\d{3,4})p/i.exec(quality.trim());
  return match ? Number(match[1]) : null;
}

/**
 * Which listed format the user's defaults mean: one in their container at their quality, else the nearest
 * lower quality, else the lowest above it (the same rule the server's quality+format pick follows); an audio
 * container is taken as listed (the best first). Null when nothing in their container is offered.
 */
export function matchDefaultFormat(formats: Format[], defaults: Pick<DownloadDefaults, 'defaultQuality' | 'defaultFormat'>): number | null {
  const candidates = formats
    .map((format, index) => ({ index, ext: format.ext.toLowerCase(), height: heightOf(format.quality) }))
    // The messaging file is never a default: it is chosen by name.
    .filter((candidate) => candidate.ext === defaults.defaultFormat.toLowerCase() && formats[candidate.index].itag !== 'mp4-messaging');
  if (candidates.length === 0) return null;
  const wanted = heightOf(defaults.defaultQuality);
  const sized = candidates.filter((candidate): candidate is typeof candidate & { height: number } => candidate.height !== null);
  if (wanted === null || sized.length === 0) return candidates[0].index;
  const below = sized.filter((candidate) => candidate.height <= wanted).sort((a, b) => b.height - a.height);
  const above = sized.filter((candidate) => candidate.height > wanted).sort((a, b) => a.height - b.height);
  return (below[0] ?? above[0]).index;
}
