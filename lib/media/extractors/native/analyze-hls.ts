import { createDecipheriv } from 'node:crypto';
import { AppError } from '@/lib/errors';
import { parseHlsPlaylist, type HlsMaster, type HlsMedia, type HlsRendition, type HlsVariant } from '@/lib/media/formats/hls';
import { withClearStreamTypes } from '@/lib/media/formats/mpegts';
import { keepPlaylist } from '@/lib/media/formats/recent-playlists';
import { extensionOf } from '@/lib/media/formats/url';
import type { SourceFormat } from '@/lib/media/types';
import { slug, splitCodecs, uniqueIds } from './codecs';
import { fetchManifest, mapLimited, type NativeContext } from './context';
import { describeAudioSegment } from './audio-segment';
import { probeBytes } from './probe';
import { readCapped } from './read-body';

const PROBE_BYTES = 4 * 1024 * 1024;

const MAX_VARIANTS = 24;
/** Variant playlists only refine what the master says (duration, size); they get this long, all together. */
export const VARIANT_BUDGET_MS = 2_000;

export function liveNotFinished(): AppError {
  return new AppError('live_not_finished', 'This stream is still being broadcast; it can be downloaded once it has ended');
}

/** A media playlist we refuse outright, whoever reads it: unfinished (live or event) or trick-play only. */
function assertDownloadable(media: HlsMedia): void {
  if (!media.endList) throw liveNotFinished();
  if (media.iFramesOnly) throw new AppError('no_media', 'An I-frame playlist is not a video');
}

function containerOf(media: HlsMedia): string {
  const ext = extensionOf(media.segments.find((s) => !s.gap)?.url ?? media.segments[0].url);
  if (media.map || ext === 'm4s' || ext === 'mp4') return 'mp4';
  if (ext === 'aac' || ext === 'mp3' || ext === 'ac3' || ext === 'ec3') return ext;
  return 'ts';
}

/** What a media playlist adds to a format: duration, container, encryption. Segments are planned again at download. */
function mediaPart(media: HlsMedia): Partial<SourceFormat> {
  assertDownloadable(media);
  const part: Partial<SourceFormat> = {
    container: containerOf(media),
    duration: Math.round(media.duration * 1000) / 1000,
    fragments: media.segments.filter((s) => !s.gap).map((s) => ({ url: s.url, duration: s.duration, ...(s.byteRange ? { range: s.byteRange } : {}) })),
  };
  if (media.map) part.initialization = media.map;
  if (media.key) part.encryption = { method: media.key.method, keyUrl: media.key.uri, ...(media.key.iv ? { iv: media.key.iv } : {}) };
  return part;
}

async function loadMedia(ctx: NativeContext, url: string, signal?: AbortSignal): Promise<HlsMedia> {
  const fetched = await fetchManifest(ctx, url, signal);
  const playlist = parseHlsPlaylist(fetched.text, fetched.url);
  if (playlist.type !== 'media') throw new AppError('upstream_failed', 'A variant playlist is itself a master');
  if (playlist.endList) keepPlaylist(url, fetched);
  return playlist;
}

/**
 * The track of an audio group that plays when nobody chooses: DEFAULT=YES, else AUTOSELECT=YES in the listed
 * order, else the first one. When that track has no URI it is the sound muxed into the variant itself.
 */
export function defaultRendition(group: HlsRendition[]): HlsRendition | undefined {
  return group.find((m) => m.default) ?? group.find((m) => m.autoselect) ?? group[0];
}

interface Draft {
  format: SourceFormat;
  /** The playlist whose reading refines this format. */
  playlist: string;
}

function videoFormat(v: HlsVariant, audioGroup: HlsRendition[] | undefined): SourceFormat {
  const codecs = v.codecs ? splitCodecs(v.codecs) : { vcodec: 'unknown', acodec: 'unknown' };
  const chosen = audioGroup ? defaultRendition(audioGroup) : undefined;
  // The variant carries its own sound unless the group's default track is a playlist of its own.
  const separateAudio = chosen?.uri !== undefined;
  const kbps = (v.averageBandwidth ?? v.bandwidth ?? 0) / 1000;
  const audioOnly = v.codecs !== undefined && codecs.vcodec === null && codecs.acodec !== null;
  const format: SourceFormat = {
    id: audioOnly ? `hls-audio-${Math.round(kbps)}k` : v.resolution ? `hls-${v.resolution.height}p` : `hls-${Math.round(kbps)}k`,
    protocol: 'hls', url: v.url, vcodec: codecs.vcodec, acodec: separateAudio ? null : codecs.acodec,
    engine: 'native',
  };
  if (v.audioGroup && audioGroup) format.audioGroup = v.audioGroup;
  // The variant's own sound is the group's default track: it speaks that track's language.
  if (!separateAudio && chosen?.language) format.language = chosen.language;
  if (v.resolution && !audioOnly) Object.assign(format, { width: v.resolution.width, height: v.resolution.height });
  if (v.frameRate && !audioOnly) format.fps = v.frameRate;
  if (kbps) format.tbr = Math.round(kbps);
  return format;
}

/**
 * A master playlist → its formats, from the master alone: one per variant (a variant listed under several
 * audio groups keeps each), plus every audio rendition with a URI of its own. The default track of each group
 * is preferred over the alternates (commentary, dubs), which stay offered but ranked after it.
 */
function formatsOfMaster(master: HlsMaster): Draft[] {
  const seen = new Set<string>();
  const variants = master.variants.filter((v) => {
    const key = `${v.url}\n${v.audioGroup ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  }).slice(0, MAX_VARIANTS);
  const groups = new Map<string, HlsRendition[]>();
  for (const m of master.media) {
    if (m.type !== 'AUDIO') continue;
    groups.set(m.groupId, [...(groups.get(m.groupId) ?? []), m]);
  }
  const drafts: Draft[] = variants.map((v) => ({
    format: videoFormat(v, v.audioGroup ? groups.get(v.audioGroup) : undefined),
    playlist: v.url,
  }));
  const usedGroups = new Set(variants.map((v) => v.audioGroup).filter((g): g is string => Boolean(g)));
  const audioSeen = new Set<string>();
  for (const [groupId, group] of groups) {
    if (!usedGroups.has(groupId)) continue;
    const chosen = defaultRendition(group);
    const codecOf = splitCodecs(variants.find((v) => v.audioGroup === groupId)?.codecs).acodec ?? 'unknown';
    for (const m of group) {
      if (!m.uri || audioSeen.has(m.uri)) continue;
      audioSeen.add(m.uri);
      const format: SourceFormat = {
        id: `hls-audio-${slug(`${groupId}-${m.name ?? m.language ?? ''}`)}`,
        protocol: 'hls', url: m.uri, vcodec: null, acodec: codecOf, engine: 'native',
        note: [m.name, m.language].filter(Boolean).join(' · ') || undefined,
      };
      if (m !== chosen) format.preference = -1;
      if (m.channels) format.audioChannels = m.channels;
      format.audioGroup = groupId;
      if (m.language) format.language = m.language;
      if (m.autoselect) format.autoselect = true;
      drafts.push({ format, playlist: m.uri });
    }
  }
  return drafts;
}

/**
 * Reads the variant playlists for what only they know, all within `budgetMs`. A variant that fails, is slow,
 * or is refused by the guard is simply not refined; a live or DRM verdict from any of them is the answer for
 * the whole stream (the master cannot be downloaded either way).
 */
async function refine(ctx: NativeContext, drafts: Draft[], budgetMs: number): Promise<void> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new AppError('upstream_timeout', 'Variant budget spent')), budgetMs);
  const playlists = [...new Set(drafts.map((d) => d.playlist))];
  const parts = new Map<string, Partial<SourceFormat>>();
  // A variant without CODECS, and a default audio rendition whose bitrate the master never says (the one audio
  // offers are made from), are described by their first segment; alternates are not worth an ffprobe.
  const undescribed = new Set(drafts
    .filter((d) => d.format.vcodec === 'unknown' || (d.format.vcodec === null && !d.format.tbr && (d.format.preference ?? 0) >= 0))
    .map((d) => d.playlist));
  let verdict: AppError | undefined;
  const work = mapLimited(playlists, 6, async (url) => {
    const media = await loadMedia(ctx, url, controller.signal);
    let part: Partial<SourceFormat>;
    try {
      part = mediaPart(media);
    } catch (error) {
      if (error instanceof AppError && error.code === 'live_not_finished') verdict ??= error;
      throw error;
    }
    parts.set(url, part);
    if (undescribed.has(url)) parts.set(url, { ...part, ...(await describeMedia(ctx, media, controller.signal)) });
  });
  const budget = new Promise<void>((resolve) => controller.signal.addEventListener('abort', () => resolve(), { once: true }));
  try {
    const settled = await Promise.race([work, budget]);
    for (const r of settled ?? []) {
      if (!r.ok && r.error instanceof AppError && r.error.code === 'drm_protected') verdict ??= r.error;
    }
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  if (verdict) throw verdict;
  for (const draft of drafts) {
    const part = parts.get(draft.playlist);
    if (part) Object.assign(draft.format, part);
  }
}

/** HLS playlist text at `url` → source formats. Unfinished playlists are refused, DRM surfaces from the parser. */
export async function analyzeHls(
  ctx: NativeContext,
  text: string,
  url: string,
  budgetMs: number = VARIANT_BUDGET_MS,
): Promise<SourceFormat[]> {
  const playlist = parseHlsPlaylist(text, url);
  if (playlist.type === 'master') {
    const drafts = formatsOfMaster(playlist);
    // Only what the guard accepts is offered; a refused origin drops its formats, it does not fail the rest.
    const allowed = await Promise.all(drafts.map((d) => ctx.check(d.playlist).then(() => true, () => false)));
    const kept = drafts.filter((_, i) => allowed[i]);
    if (kept.length === 0) throw new AppError('no_media', 'No downloadable media found at this link');
    await refine(ctx, kept, budgetMs);
    return uniqueIds(kept.map((d) => d.format));
  }
  const part = mediaPart(playlist);
  if (playlist.endList) keepPlaylist(url, { text, url });
  await ctx.checkAll([
    ...playlist.segments.filter((s) => !s.gap).map((s) => s.url),
    ...(playlist.map ? [playlist.map.url] : []),
    ...(playlist.key ? [playlist.key.uri] : []),
  ]);
  const format: SourceFormat = { id: 'hls-0', protocol: 'hls', url, vcodec: 'unknown', acodec: 'unknown', engine: 'native', ...part };
  Object.assign(format, await describeMedia(ctx, playlist));
  if (format.vcodec === null) format.id = 'hls-audio';
  return [format];
}

/** AES-128-CBC with the key's IV, or the media sequence number as the IV when the key gives none. */
function decrypt(data: Buffer, key: Buffer, explicitIv: string | undefined, sequence: number): Buffer {
  if (key.length !== 16 || data.length % 16 !== 0) throw new AppError('upstream_failed', 'The segment cannot be decrypted');
  const iv = Buffer.alloc(16);
  if (explicitIv) Buffer.from(explicitIv.replace(/^0x/i, '').padStart(32, '0'), 'hex').copy(iv);
  else iv.writeBigUInt64BE(BigInt(sequence), 8);
  const decipher = createDecipheriv('aes-128-cbc', key, iv);
  return Buffer.concat([decipher.update(data), decipher.final()]);
}

async function fetchHead(
  ctx: NativeContext,
  fragment: { url: string; range?: { start: number; end: number } },
  signal?: AbortSignal,
): Promise<Buffer> {
  const headers = fragment.range ? { Range: `bytes=${fragment.range.start}-${fragment.range.end}` } : undefined;
  const res = await ctx.fetcher(fragment.url, {
    timeoutMs: 10_000, maxBytes: 64 * 1024 * 1024, ...(headers ? { headers } : {}), ...(signal ? { signal } : {}),
  });
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw new AppError('upstream_failed', 'The source answered with an error');
  }
  return readCapped(res, PROBE_BYTES);
}

/**
 * A media playlist says nothing of its codecs or picture size: its first segment (after its init segment) does.
 * Audio alone in MPEG-TS or packed audio is read from its frame headers (no process to start: the analysis
 * answers while the user waits); anything else is probed with ffprobe over the bytes. An encrypted or
 * unreadable first segment leaves the format undescribed.
 */
async function describeMedia(ctx: NativeContext, media: HlsMedia, signal?: AbortSignal): Promise<Partial<SourceFormat>> {
  const first = media.segments.find((s) => !s.gap);
  if (!first) return {};
  try {
    let head = await fetchHead(ctx, { url: first.url, ...(first.byteRange ? { range: first.byteRange } : {}) }, signal);
    // SAMPLE-AES leaves every frame header clear: the probe reads it once an MPEG-TS PMT names the clear types.
    if (first.key?.method === 'SAMPLE-AES' && head[0] === 0x47) head = withClearStreamTypes(head);
    if (first.key?.method === 'AES-128') head = decrypt(head, await fetchHead(ctx, { url: first.key.uri }, signal), first.key.iv, first.sequence);
    // Sound alone in MPEG-TS or packed audio reads from its own frame headers; the rest waits for ffprobe.
    const quick = first.map ? null : describeAudioSegment(head);
    if (quick) return { vcodec: null, acodec: quick.acodec, tbr: quick.kbps, ...(quick.channels ? { audioChannels: quick.channels } : {}) };
    const init = first.map ? await fetchHead(ctx, first.map, signal) : undefined;
    signal?.throwIfAborted();
    const probe = await probeBytes(init ? Buffer.concat([init, head]) : head);
    const described: Partial<SourceFormat> = { vcodec: probe.vcodec, acodec: probe.acodec };
    if (probe.vcodec && probe.width && probe.height) Object.assign(described, { width: probe.width, height: probe.height });
    if (probe.vcodec && probe.fps) described.fps = probe.fps;
    if (probe.channels) described.audioChannels = probe.channels;
    const audioKbps = probe.audioBitrate ?? probe.bitrate;
    if (!probe.vcodec && audioKbps) described.tbr = audioKbps;
    return described;
  } catch {
    return {};
  }
}
