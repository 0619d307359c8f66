import type { DashTextTrack } from '@/lib/media/formats/dash';
import type { HlsMaster } from '@/lib/media/formats/hls';
import type { SubtitleFormat, SubtitleSource } from '@/lib/media/types';
import { slug, uniqueIds } from './codecs';
import type { NativeContext } from './context';

const MAX_TRACKS = 64;

/**
 * The text tracks of an HLS master: every `EXT-X-MEDIA TYPE=SUBTITLES` with a URI (a WebVTT segment playlist)
 * whose group a variant names. CLOSED-CAPTIONS (608/708 inside the video) are not separate tracks and are not
 * offered.
 */
export function hlsTextTracks(master: HlsMaster): SubtitleSource[] {
  const used = new Set(master.variants.map((v) => v.subtitleGroup).filter(Boolean));
  const seen = new Set<string>();
  const tracks: SubtitleSource[] = [];
  for (const m of master.media) {
    if (m.type !== 'SUBTITLES' || !m.uri || !used.has(m.groupId) || seen.has(m.uri)) continue;
    seen.add(m.uri);
    const language = m.language ?? 'und';
    tracks.push({
      id: `sub-${slug(m.language ?? m.name ?? 'und')}`,
      language,
      label: m.name ?? language,
      protocol: 'hls',
      url: m.uri,
      format: 'vtt',
      ...(m.default ? { isDefault: true } : {}),
    });
  }
  return uniqueIds(tracks.slice(0, MAX_TRACKS));
}

/**
 * How a DASH text set is carried, when we read it: a WebVTT (or SRT) file, or WebVTT in fMP4 (`wvtt`).
 * TTML — a file or `stpp` in fMP4 — is not read (its styling and timing model is a document, not cues) and
 * such a track is not offered.
 */
function dashFormat(track: DashTextTrack): SubtitleFormat | null {
  const mime = (track.mimeType ?? '').toLowerCase();
  const codecs = (track.codecs ?? '').toLowerCase();
  if (codecs.startsWith('wvtt')) return track.initialization ? 'wvtt' : null;
  if (mime === 'text/vtt' || codecs === 'vtt' || /\.vtt$/i.test(track.fragments[0]?.url ?? '')) return 'vtt';
  if (mime === 'application/x-subrip' || /\.srt$/i.test(track.fragments[0]?.url ?? '')) return 'srt';
  return null;
}

export function dashTextTracks(texts: DashTextTrack[], mpdUrl: string): SubtitleSource[] {
  const tracks: SubtitleSource[] = [];
  for (const track of texts) {
    const format = dashFormat(track);
    if (!format || track.fragments.length === 0) continue;
    const language = track.lang ?? 'und';
    tracks.push({
      id: `sub-${slug(track.lang ?? track.id)}`,
      language,
      label: track.label ?? language,
      protocol: 'dash',
      url: mpdUrl,
      format,
      fragments: track.fragments,
      ...(track.initialization ? { initialization: track.initialization } : {}),
    });
  }
  return uniqueIds(tracks.slice(0, MAX_TRACKS));
}

/** Only tracks on origins the guard accepts are offered; a refused one is dropped, not the analysis. */
export async function allowedTracks(ctx: NativeContext, tracks: SubtitleSource[]): Promise<SubtitleSource[]> {
  const urls = (t: SubtitleSource) => [t.url, ...(t.fragments ?? []).map((f) => f.url), ...(t.initialization ? [t.initialization.url] : [])];
  const ok = await Promise.all(tracks.map((t) => ctx.checkAll(urls(t)).then(() => true, () => false)));
  return tracks.filter((_, i) => ok[i]);
}
