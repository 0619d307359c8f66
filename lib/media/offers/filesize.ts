import type { SourceFormat } from '@/lib/media/types';
import type { OfferPlan } from './types';

/** What we assume an audio track inside a muxed source weighs when nothing says (kbit/s). */
const MUXED_AUDIO_KBPS = 128;
const WAV_KBPS = 1411.2;

export interface Size {
  filesize?: number;
  filesizeApprox?: boolean;
}

function estimate(kbps: number | undefined, duration: number | undefined): number | undefined {
  if (!kbps || !duration) return undefined;
  return Math.round((kbps * 1000 * duration) / 8);
}

function sourceBytes(source: SourceFormat, duration: number | undefined): Size {
  if (source.filesize) return { filesize: source.filesize };
  const bytes = estimate(source.tbr, source.duration ?? duration);
  return bytes ? { filesize: bytes, filesizeApprox: true } : {};
}

function sum(parts: Size[]): Size {
  if (parts.some((p) => p.filesize === undefined)) return {};
  const filesize = parts.reduce((total, p) => total + p.filesize!, 0);
  return parts.some((p) => p.filesizeApprox) ? { filesize, filesizeApprox: true } : { filesize };
}

function encodedAudio(plan: OfferPlan, duration: number | undefined): Size {
  const kbps = plan.audioCodec === 'pcm_s16le' ? WAV_KBPS : plan.audioBitrate;
  const bytes = estimate(kbps, plan.audio?.duration ?? duration);
  return bytes ? { filesize: bytes, filesizeApprox: true } : {};
}

function audioPart(plan: OfferPlan, duration: number | undefined): Size {
  const audio = plan.audio!;
  if (plan.audioCodec !== 'copy') return encodedAudio(plan, duration);
  // A muxed source's size counts its picture too: only an audio-only source's size is the audio's.
  if (audio.vcodec === null || audio.vcodec === 'none') return sourceBytes(audio, duration);
  const bytes = estimate(MUXED_AUDIO_KBPS, audio.duration ?? duration);
  return bytes ? { filesize: bytes, filesizeApprox: true } : {};
}

/**
 * An offer's size: exact when every byte we copy comes from sources that told us their size, else an estimate
 * from bitrate × duration, marked approximate. Transcoded output is always an estimate.
 */
export function offerSize(plan: OfferPlan, duration: number | undefined): Size {
  if (plan.kind === 'image') return plan.image?.filesize ? { filesize: plan.image.filesize } : {};
  if (plan.kind === 'audio') return audioPart(plan, duration);
  const video = plan.video!;
  const videoSize = sourceBytes(video, duration);
  const total = !plan.audio || plan.audio === video ? videoSize : sum([videoSize, audioPart(plan, duration)]);
  const transcoded = plan.videoCodec !== 'copy' || (plan.audio !== undefined && plan.audioCodec !== 'copy');
  return transcoded && total.filesize !== undefined ? { ...total, filesizeApprox: true } : total;
}
