import { AppError } from '@/lib/errors';
import { parseMpd, type DashRepresentation } from '@/lib/media/formats/dash';
import type { SourceFormat } from '@/lib/media/types';
import { slug, splitCodecs, uniqueIds } from './codecs';
import type { NativeContext } from './context';

function containerOf(rep: DashRepresentation): string | undefined {
  const mime = rep.mimeType ?? '';
  if (mime.endsWith('/webm')) return 'webm';
  if (mime.endsWith('/mp4')) return rep.contentType === 'audio' ? 'm4a' : 'mp4';
  return undefined;
}

/** Codecs an MPEG-TS timeline carries as they are; periods are stitched in MPEG-TS, anything else is encoded. */
const TS_VIDEO = /^(avc[13]|hvc1|hev1)/;
const TS_AUDIO = /^(mp4a\.40|mp4a\.6b|mp4a\.69|ac-3|ec-3)/;

/**
 * Several periods are stitched on one timeline in MPEG-TS: what the stitch delivers is H.264/AAC unless every
 * period is already in one codec MPEG-TS carries.
 */
function stitchedCodec(rep: DashRepresentation, split: string | null, kind: 'video' | 'audio'): string | null {
  if (split === null) return null;
  const codecs = rep.periodCodecs.map((c) => splitCodecs(c)[kind === 'video' ? 'vcodec' : 'acodec'] ?? c ?? '');
  const same = codecs.every((c) => c === codecs[0]);
  const carried = (kind === 'video' ? TS_VIDEO : TS_AUDIO).test(codecs[0]);
  if (same && carried) return split;
  return kind === 'video' ? 'avc1.640028' : 'mp4a.40.2';
}

function toFormat(rep: DashRepresentation, mpdUrl: string): SourceFormat {
  const split = splitCodecs(rep.codecs);
  const isVideo = rep.contentType === 'video';
  const format: SourceFormat = {
    id: `dash-${slug(rep.id)}`,
    protocol: 'dash',
    url: mpdUrl,
    vcodec: isVideo ? split.vcodec ?? rep.codecs ?? 'unknown' : null,
    acodec: isVideo ? split.acodec : split.acodec ?? rep.codecs ?? 'unknown',
    fragments: rep.fragments,
    note: isVideo ? 'DASH video' : 'DASH audio',
    engine: 'native',
  };
  const container = containerOf(rep);
  if (container) format.container = container;
  if (rep.mimeType) format.mimeType = rep.mimeType;
  if (rep.width) format.width = rep.width;
  if (rep.height) format.height = rep.height;
  if (rep.fps) format.fps = rep.fps;
  if (rep.bandwidth) format.tbr = Math.round(rep.bandwidth / 1000);
  if (rep.duration !== undefined) format.duration = rep.duration;
  if (rep.preference !== undefined) format.preference = rep.preference;
  // Every audio set of a presentation is an alternative to the others: one group, chosen by Role and lang.
  if (!isVideo) format.audioGroup = 'dash-audio';
  if (!isVideo && rep.lang) format.language = rep.lang;
  if (rep.initialization) format.initialization = rep.initialization;
  if (rep.periods.length > 1) {
    format.periods = rep.periods;
    format.container = 'ts';
    delete format.mimeType;
    if (isVideo) format.vcodec = stitchedCodec(rep, format.vcodec, 'video');
    format.acodec = stitchedCodec(rep, format.acodec, 'audio');
  }
  return format;
}

/** An MPD at `url` → one format per representation, every fragment's origin checked. */
export async function analyzeDash(ctx: NativeContext, xml: string, url: string): Promise<SourceFormat[]> {
  const manifest = parseMpd(xml, url);
  if (manifest.live) throw new AppError('live_not_supported', 'Live streams cannot be downloaded');
  const urls = manifest.representations.flatMap((rep) => [
    ...rep.fragments.map((f) => f.url),
    ...rep.periods.flatMap((p) => (p.initialization ? [p.initialization.url] : [])),
  ]);
  await ctx.checkAll(urls);
  return uniqueIds(manifest.representations.map((rep) => toFormat(rep, url)));
}
