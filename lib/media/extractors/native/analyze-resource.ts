import { AppError } from '@/lib/errors';
import type { SubtitleSource } from '@/lib/media/types';
import { parseMpd } from '@/lib/media/formats/dash';
import { parseHlsPlaylist } from '@/lib/media/formats/hls';
import { manifestTitle, titleFromUrl } from '@/lib/media/formats/stream-title';
import { analyzeDash } from './analyze-dash';
import { analyzeDirect } from './analyze-direct';
import { analyzeHls } from './analyze-hls';
import { analyzeHtml } from './analyze-html';
import { allowedTracks, dashTextTracks, hlsTextTracks } from './text-tracks';
import { TEXT_MAX_BYTES, type NativeContext } from './context';
import { fastProbe } from './fast-probe';
import { openBody } from './read-body';
import type { ResourceAnalysis } from './resource-analysis';
import { sniffResource } from './sniff';


const SNIFF_BYTES = 64 * 1024;
const PROBE_BYTES = 2 * 1024 * 1024;
/** Page → media → manifest is as deep as real sites go; deeper is a loop or a trap. */
export const MAX_DEPTH = 2;

function sizeOf(res: Response): number | undefined {
  const total = /\/(\d+)\s*$/.exec(res.headers.get('content-range') ?? '')?.[1];
  if (res.status === 206) return total ? Number(total) : undefined;
  const length = res.headers.get('content-length');
  return length && !res.headers.get('content-encoding') ? Number(length) : undefined;
}

const noMedia = () => new AppError('no_media', 'No downloadable media found at this link');

/** The text tracks a manifest lists (it parsed once already, so it parses again without error). */
function textTracksOf(kind: 'hls' | 'dash', text: string, url: string): SubtitleSource[] {
  if (kind === 'dash') return dashTextTracks(parseMpd(text, url).texts, url);
  const playlist = parseHlsPlaylist(text, url);
  return playlist.type === 'master' ? hlsTextTracks(playlist) : [];
}

/** Fetches `url` once (a ranged GET), sniffs what it is, and hands it to the matching analyser. */
export async function analyzeResource(ctx: NativeContext, url: string, depth: number): Promise<ResourceAnalysis> {
  await ctx.check(url);
  const res = await ctx.fetcher(url, { headers: { Range: `bytes=0-${TEXT_MAX_BYTES - 1}` }, timeoutMs: 15_000 });
  const body = openBody(res);
  try {
    if (!res.ok) {
      throw new AppError(res.status === 404 || res.status === 410 ? 'no_media' : 'upstream_failed',
        res.status === 404 || res.status === 410 ? 'No downloadable media found at this link' : 'The source answered with an error',
        { status: res.status });
    }
    const finalUrl = res.url || url;
    if (finalUrl !== url) await ctx.check(finalUrl);
    const contentType = res.headers.get('content-type');
    const sniffBytes = await body.read(SNIFF_BYTES);
    const sniffed = sniffResource({ contentType, url: finalUrl, head: sniffBytes });
    // A stream is named by its manifest's own title, else by its file name when that says something, else by the
    // host and path in words ("master" or "manifest" name no media).
    const base = { url: finalUrl, title: titleFromUrl(finalUrl) };

    if (sniffed.kind === 'hls' || sniffed.kind === 'dash' || sniffed.kind === 'html') {
      const bytes = await body.read(TEXT_MAX_BYTES + 1);
      await body.cancel();
      if (bytes.length > TEXT_MAX_BYTES && sniffed.kind !== 'html') throw new AppError('upstream_failed', 'The manifest is too large');
      const text = bytes.subarray(0, TEXT_MAX_BYTES).toString('utf8');
      if (sniffed.kind === 'html') {
        if (depth >= MAX_DEPTH) throw noMedia();
        return analyzeHtml(ctx, text, finalUrl, (next) => analyzeResource(ctx, next, depth + 1));
      }
      const sources = sniffed.kind === 'hls' ? await analyzeHls(ctx, text, finalUrl) : await analyzeDash(ctx, text, finalUrl);
      const duration = Math.max(0, ...sources.map((s) => s.duration ?? 0)) || undefined;
      const subtitles = await allowedTracks(ctx, textTracksOf(sniffed.kind, text, finalUrl));
      return { ...base, title: manifestTitle(sniffed.kind, text) ?? base.title, kind: 'video', sources, duration, ...(subtitles.length ? { subtitles } : {}) };
    }

    const size = sizeOf(res);
    // Most headers fit in the sniffed bytes; 2 MB more are read only when the in-process parsers cannot settle.
    const quick = fastProbe(sniffBytes, size);
    const head = quick && !('needsTail' in quick) ? sniffBytes : await body.read(PROBE_BYTES);
    await body.cancel();
    const mimeType = contentType?.split(';', 1)[0].trim() || undefined;
    const format = await analyzeDirect(ctx, { url: finalUrl, sniffed, head, size, mimeType });
    // Bytes nobody could name and ffprobe could not read are not media.
    if (sniffed.kind === 'unknown' && (format.vcodec === 'unknown' || (!format.vcodec && !format.acodec))) throw noMedia();
    return { ...base, kind: format.isImage ? 'photo' : 'video', sources: [format], duration: format.duration };
  } finally {
    await body.cancel();
  }
}
