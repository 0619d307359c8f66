import 'server-only';
import { AppError, isAppError } from '@/lib/errors';
import { analyzeNative } from '@/lib/media/extractors/native/analyze-native';
import type { AnalysisEngine } from '@/lib/media/schemas';
import type { Extraction, Recognition } from '@/lib/media/types';
import { mapYtdlpInfo } from '@/lib/media/ytdlp/map-info';
import { extractForPlatform } from '@/lib/media/ytdlp/platform-access';
import { screenSources, screenThumbnails } from './screen-sources';

export interface EngineDeps {
  native: (url: string) => Promise<Extraction>;
  ytdlp: (url: string, recognition: Recognition, signal?: AbortSignal, cookies?: string) => Promise<Extraction>;
}

export const defaultEngines: EngineDeps = {
  native: async (url) => screenThumbnails(await analyzeNative(url)),
  ytdlp: async (url, recognition, signal, cookies) =>
    screenThumbnails(await screenSources(mapYtdlpInfo(await extractForPlatform(recognition.platform, url, { signal, cookies }), recognition.platform))),
};

/** yt-dlp's verdicts that explain themselves better than the native engine's failure. */
const TELLING = new Set(['live_not_supported', 'live_not_finished', 'drm_protected']);

/**
 * Final answers of the native engine: the guard's refusals (no second engine gets to fetch what the first
 * refused) and its verdicts on the media itself — still live, DRM-protected — which are not failures to read it.
 */
const FINAL = new Set(['private_address', 'invalid_url', 'live_not_supported', 'live_not_finished', 'drm_protected']);

/**
 * Which engine answers: the named platforms go to yt-dlp (it follows their changes); any other link to the
 * native engine first — fast and in-process — and to yt-dlp on any native failure that is not a refusal of the
 * guard (private address, invalid link) or a verdict on the media (live, DRM). When yt-dlp fails too, the native
 * engine's error is the answer unless yt-dlp's explains itself better (live, DRM).
 */
export async function runEngine(
  recognition: Recognition,
  engine: AnalysisEngine,
  deps: EngineDeps,
  signal?: AbortSignal,
  cookies?: string,
): Promise<Extraction> {
  const url = recognition.canonicalUrl;
  if (engine === 'native') return deps.native(url);
  if (engine === 'ytdlp' || recognition.platform !== 'generic') return deps.ytdlp(url, recognition, signal, cookies);
  try {
    return await deps.native(url);
  } catch (error) {
    if (isAppError(error) && FINAL.has(error.code)) throw error;
    signal?.throwIfAborted();
    try {
      return await deps.ytdlp(url, recognition, signal);
    } catch (fallbackError) {
      if (isAppError(fallbackError) && TELLING.has(fallbackError.code)) throw fallbackError;
      throw error;
    }
  }
}

/** The checks every analysis passes, whichever engine answered. */
export function assertDownloadable(extraction: Extraction): void {
  if (extraction.isLive) throw new AppError('live_not_supported', 'Live streams cannot be downloaded');
}
