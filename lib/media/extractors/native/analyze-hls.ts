import { AppError } from '@/lib/errors';
import type { SourceFormat } from '@/lib/media/types';
import { slug, splitCodecs, uniqueIds } from './codecs';
import { decisiveError, fetchManifest, mapLimited, type NativeContext } from './context';
import { parseHlsPlaylist, type HlsMaster, type HlsMedia } from './hls';
import { extensionOf } from './url';

const MAX_VARIANTS = 24;

function live(): AppError {
  return new AppError('live_not_supported', 'Live streams cannot be downloaded');
}

/** The stream part of a format from a media playlist: fragments, init, key — every URL checked. */
async function mediaPart(ctx: NativeContext, media: HlsMedia): Promise<Partial<SourceFormat>> {
  if (!media.endList) throw live();
  const urls = media.segments.map((s) => s.url);
  if (media.map) urls.push(media.map.url);
  if (media.key) urls.push(media.key.uri);
  await ctx.checkAll(urls);
  const ext = extensionOf(media.segments[0].url);
  const part: Partial<SourceFormat> = {
    container: media.map || ext === 'm4s' || ext === 'mp4' ? 'mp4' : ext === 'aac' ? 'aac' : 'ts',
    duration: Math.round(media.duration * 1000) / 1000,
    fragments: media.segments.map((s) => ({ url: s.url, duration: s.duration, ...(s.byteRange ? { range: s.byteRange } : {}) })),
  };
  if (media.map) part.initialization = media.map;
  if (media.key) part.encryption = { method: 'AES-128', keyUrl: media.key.uri, ...(media.key.iv ? { iv: media.key.iv } : {}) };
  return part;
}

async function loadMedia(ctx: NativeContext, url: string): Promise<{ url: string; media: HlsMedia }> {
  const fetched = await fetchManifest(ctx, url);
  const playlist = parseHlsPlaylist(fetched.text, fetched.url);
  if (playlist.type !== 'media') throw new AppError('upstream_failed', 'A variant playlist is itself a master');
  return { url: fetched.url, media: playlist };
}

/** A master playlist → one format per variant, plus separate audio formats for its audio groups. */
async function fromMaster(ctx: NativeContext, master: HlsMaster): Promise<SourceFormat[]> {
  const variants = [...new Map(master.variants.map((v) => [v.url, v])).values()].slice(0, MAX_VARIANTS);
  const usedGroups = new Set(variants.map((v) => v.audioGroup).filter(Boolean));
  const audio = [...new Map(
    master.media.filter((m) => m.type === 'AUDIO' && m.uri && usedGroups.has(m.groupId)).map((m) => [m.uri!, m]),
  ).values()];
  const audioCodec = (group: string) =>
    splitCodecs(variants.find((v) => v.audioGroup === group)?.codecs).acodec ?? 'unknown';

  const jobs = [
    ...variants.map((v) => ({ url: v.url, build: (part: Partial<SourceFormat>, url: string): SourceFormat => {
      const codecs = v.codecs ? splitCodecs(v.codecs) : { vcodec: 'unknown', acodec: 'unknown' };
      const separateAudio = v.audioGroup !== undefined && audio.some((a) => a.groupId === v.audioGroup);
      const kbps = (v.averageBandwidth ?? v.bandwidth ?? 0) / 1000;
      const format: SourceFormat = {
        id: v.resolution ? `hls-${v.resolution.height}p` : `hls-${Math.round(kbps)}k`,
        protocol: 'hls', url, vcodec: codecs.vcodec, acodec: separateAudio ? null : codecs.acodec,
        engine: 'native', ...part,
      };
      if (v.resolution) Object.assign(format, { width: v.resolution.width, height: v.resolution.height });
      if (v.frameRate) format.fps = v.frameRate;
      if (kbps) format.tbr = Math.round(kbps);
      return format;
    } })),
    ...audio.map((a) => ({ url: a.uri!, build: (part: Partial<SourceFormat>, url: string): SourceFormat => ({
      id: `hls-audio-${slug(a.name ?? a.language ?? a.groupId)}`,
      protocol: 'hls', url, vcodec: null, acodec: audioCodec(a.groupId), engine: 'native',
      note: [a.name, a.language].filter(Boolean).join(' · ') || undefined, ...part,
    }) })),
  ];
  const results = await mapLimited(jobs, 4, async (job) => {
    const loaded = await loadMedia(ctx, job.url);
    return job.build(await mediaPart(ctx, loaded.media), loaded.url);
  });
  const failures = results.flatMap((r) => (r.ok ? [] : [r.error]));
  const fatal = failures.find((e) => e instanceof AppError && (e.code === 'live_not_supported' || e.code === 'drm_protected'));
  if (fatal) throw fatal;
  const formats = results.flatMap((r) => (r.ok ? [r.value] : []));
  if (!formats.some((f) => f.vcodec !== null || f.acodec !== null) || formats.length === 0) {
    throw decisiveError(failures) ?? new AppError('upstream_failed', 'The stream could not be read');
  }
  return uniqueIds(formats);
}

/** HLS playlist text at `url` → source formats. Live playlists are refused, DRM surfaces from the parser. */
export async function analyzeHls(ctx: NativeContext, text: string, url: string): Promise<SourceFormat[]> {
  const playlist = parseHlsPlaylist(text, url);
  if (playlist.type === 'master') return fromMaster(ctx, playlist);
  const part = await mediaPart(ctx, playlist);
  return [{ id: 'hls-0', protocol: 'hls', url, vcodec: 'unknown', acodec: 'unknown', engine: 'native', ...part }];
}
