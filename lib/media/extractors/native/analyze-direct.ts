import type { SourceFormat } from '@/lib/media/types';
import type { NativeContext } from './context';
import { probeRemote } from './probe-remote';
import type { Sniffed } from './sniff';

const PROBE_CONTAINERS: Record<string, string> = { mov: 'mp4', matroska: 'mkv', mp3: 'mp3', ogg: 'ogg', wav: 'wav', flac: 'flac' };

/** A file served as-is: one progressive format, described by ffprobe over its first bytes. */
export async function analyzeDirect(
  ctx: NativeContext,
  input: { url: string; sniffed: Sniffed; head: Buffer; size?: number; mimeType?: string },
): Promise<SourceFormat> {
  const { url, sniffed, head, size } = input;
  const probe = await probeRemote(ctx.fetcher, url, size, head);
  const isImage = sniffed.kind === 'image';
  const format: SourceFormat = {
    id: 'http-0',
    protocol: 'http',
    url,
    vcodec: isImage || sniffed.kind === 'audio' ? null : probe ? probe.vcodec : 'unknown',
    acodec: isImage ? null : probe ? probe.acodec : 'unknown',
    engine: 'native',
  };
  const container = sniffed.container ?? (probe?.container ? PROBE_CONTAINERS[probe.container] : undefined);
  if (container) format.container = container;
  if (input.mimeType) format.mimeType = input.mimeType;
  if (size !== undefined) format.filesize = size;
  if (isImage) format.isImage = true;
  if (probe?.width) format.width = probe.width;
  if (probe?.height) format.height = probe.height;
  if (probe?.fps && !isImage) format.fps = probe.fps;
  if (probe?.bitrate && !isImage) format.tbr = probe.bitrate;
  if (probe?.duration && !isImage) format.duration = probe.duration;
  else if (!isImage && size && probe?.bitrate) format.duration = Math.round((size * 8) / (probe.bitrate * 1000));
  if (probe?.chapters && !isImage) format.chapters = probe.chapters;
  return format;
}
