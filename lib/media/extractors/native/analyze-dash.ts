import { AppError } from '@/lib/errors';
import type { SourceFormat } from '@/lib/media/types';
import { slug, splitCodecs, uniqueIds } from './codecs';
import type { NativeContext } from './context';
import { parseMpd, type DashRepresentation } from './dash';

function containerOf(rep: DashRepresentation): string | undefined {
  const mime = rep.mimeType ?? '';
  if (mime.endsWith('/webm')) return 'webm';
  if (mime.endsWith('/mp4')) return rep.contentType === 'audio' ? 'm4a' : 'mp4';
  return undefined;
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
  if (rep.initialization) format.initialization = rep.initialization;
  return format;
}

/** An MPD at `url` → one format per representation, every fragment's origin checked. */
export async function analyzeDash(ctx: NativeContext, xml: string, url: string): Promise<SourceFormat[]> {
  const manifest = parseMpd(xml, url);
  if (manifest.live) throw new AppError('live_not_supported', 'Live streams cannot be downloaded');
  const urls = manifest.representations.flatMap((rep) => [
    ...rep.fragments.map((f) => f.url),
    ...(rep.initialization ? [rep.initialization.url] : []),
  ]);
  await ctx.checkAll(urls);
  return uniqueIds(manifest.representations.map((rep) => toFormat(rep, url)));
}
