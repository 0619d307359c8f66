import 'server-only';
import { AppError, isAppError } from '@/lib/errors';
import { analyzeNative } from '@/lib/media/extractors/native/analyze-native';
import type { AnalysisEngine } from '@/lib/media/schemas';
import type { Extraction, Recognition } from '@/lib/media/types';
import { mapYtdlpInfo } from '@/lib/media/ytdlp/map-info';
import { extractForPlatform, type YtdlpAccess } from '@/lib/media/ytdlp/platform-access';
import { screenSources, screenThumbnails } from './screen-sources';

export interface EngineDeps {
  native: (url: string) => Promise<Extraction>;
  ytdlp: (url: string, recognition: Recognition, signal?: AbortSignal, cookies?: string) => Promise<Extraction>;
}

/** The engines an analysis runs: the native extractors, and yt-dlp through the pool, breaker and store handed in. */
export const analysisEngines = (access: YtdlpAccess): EngineDeps => ({
  native: async (url) => screenThumbnails(await analyzeNative(url)),
  ytdlp: async (url, recognition, signal, cookies) =>
    screenThumbnails(await screenSources(mapYtdlpInfo(await extractForPlatform(recognition.platform, url, { ...access, signal, cookies }), recognition.platform))),
});

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
    // A page the native engine could not read (not one where it found nothing: that is yt-dlp's usual work) is
    // said once: the answer that follows is yt-dlp's, which reads less from a plain page, and the reason is here.
    const code = isAppError(error) ? error.code : 'internal';
    if (code !== 'no_media') console.warn(`[analysis] native engine: ${code}; asking yt-dlp`);
    try {
      return await withDuration(await deps.ytdlp(url, recognition, signal), deps, signal);
    } catch (fallbackError) {
      if (isAppError(fallbackError) && TELLING.has(fallbackError.code)) throw fallbackError;
      throw error;
    }
  }
}

/**
 * yt-dlp's generic extractor names a page's video file without reading it, so its answer has no duration (and a
 * clip cannot be offered). When that answer is one plain file, the native engine reads the file's header for the
 * duration; when it cannot, the answer stands as it is.
 */
async function withDuration(answer: Extraction, deps: EngineDeps, signal?: AbortSignal): Promise<Extraction> {
  const sources = answer.sources ?? [];
  if (answer.duration !== undefined || answer.items?.length || sources.length !== 1) return answer;
  const [file] = sources;
  if (file.protocol !== 'http' || file.isImage || (file.vcodec === null && file.acodec === null)) return answer;
  try {
    signal?.throwIfAborted();
    const read = await deps.native(file.url);
    return read.duration !== undefined ? { ...answer, duration: read.duration } : answer;
  } catch {
    return answer;
  }
}

/** The checks every analysis passes, whichever engine answered. */
export function assertDownloadable(extraction: Extraction): void {
  if (extraction.isLive) throw new AppError('live_not_supported', 'Live streams cannot be downloaded');
}
