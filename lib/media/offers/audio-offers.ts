import type { SourceFormat } from '@/lib/media/types';
import { audioFamily, type AudioFamily } from './codecs';
import { offerSize } from './filesize';
import { audioSourceFor, type SortedSources } from './sources';
import type { Offer, OfferContainer, OfferPlan } from './types';

const WAV_KBPS = 1411;

interface AudioTarget {
  itag: string;
  ext: string;
  container: OfferContainer;
  /** The codec this target carries: a source in it is copied, anything else is encoded. */
  family: AudioFamily;
  encoder: NonNullable<OfferPlan['audioCodec']>;
  kbps: number;
  /** Containers a single http source may already be in to be served as it is. */
  passthrough: string[];
  name: string;
}

const TARGETS: AudioTarget[] = [
  { itag: 'mp3-320', ext: 'mp3', container: 'mp3', family: 'mp3', encoder: 'mp3', kbps: 320, passthrough: ['mp3'], name: 'MP3' },
  { itag: 'mp3-128', ext: 'mp3', container: 'mp3', family: 'mp3', encoder: 'mp3', kbps: 128, passthrough: ['mp3'], name: 'MP3' },
  { itag: 'm4a', ext: 'm4a', container: 'm4a', family: 'aac', encoder: 'aac', kbps: 192, passthrough: ['m4a', 'mp4'], name: 'M4A · AAC' },
  { itag: 'opus', ext: 'opus', container: 'ogg', family: 'opus', encoder: 'opus', kbps: 160, passthrough: ['ogg', 'opus'], name: 'Opus' },
  { itag: 'wav', ext: 'wav', container: 'wav', family: 'pcm', encoder: 'pcm_s16le', kbps: WAV_KBPS, passthrough: ['wav'], name: 'WAV · PCM 16-bit' },
];

const isAudioOnly = (s: SourceFormat) => s.vcodec === null || s.vcodec === 'none';

/** Bitrates encoders are usually asked for, kbit/s. */
const STEPS = [32, 48, 64, 96, 128, 160, 192, 256, 320];

/**
 * An encode never promises more than the source has: the target's bitrate, lowered to the step nearest the
 * source's own (within 10 %) when the source is audio-only and says its bitrate. A muxed source's audio
 * bitrate is unknown, so the target's stands.
 */
export function cappedKbps(target: number, source: SourceFormat): number {
  if (!isAudioOnly(source) || !source.tbr) return target;
  const step = [...STEPS].reverse().find((k) => k <= source.tbr! * 1.1) ?? STEPS[0];
  return Math.min(target, step);
}
const kbpsText = (kbps: number | undefined) => (kbps ? `${Math.round(kbps)}kbps` : 'audio');

function plan(target: AudioTarget, audio: SourceFormat, opts: { itag?: string; encode?: boolean } = {}): OfferPlan {
  const copies = !opts.encode && target.family === audioFamily(audio.acodec);
  const base = { itag: opts.itag ?? target.itag, ext: target.ext, kind: 'audio' as const, audio, container: target.container };
  if (!copies) {
    const kbps = target.family === 'pcm' ? target.kbps : cappedKbps(target.kbps, audio);
    return { ...base, action: 'transcode-audio', audioCodec: target.encoder, audioBitrate: kbps };
  }
  const asIs = audio.protocol === 'http' && isAudioOnly(audio) && target.passthrough.includes(audio.container ?? '');
  return { ...base, action: asIs ? 'passthrough' : 'remux', audioCodec: 'copy' };
}

function toOffer(p: OfferPlan, target: AudioTarget, duration?: number): Offer {
  const source = p.audio!;
  const copied = p.audioCodec === 'copy';
  const kbps = copied ? (isAudioOnly(source) ? source.tbr : undefined) : p.audioBitrate;
  const rate = kbps && target.family !== 'pcm' ? ` ${Math.round(kbps)} kbps` : '';
  // An encode from a source whose own bitrate is unknown (sound muxed in a video) says it is re-encoded.
  const encodedBlind = !copied && !(isAudioOnly(source) && source.tbr) && target.family !== 'pcm';
  const format_note = `${target.name}${rate}${copied ? ' · original' : encodedBlind ? ' · re-encoded' : ''}`;
  return { plan: p, format: { itag: p.itag, ext: p.ext, quality: kbpsText(kbps), format_note, ...offerSize(p, duration) } };
}

/**
 * MP3 320/128, M4A, Opus and WAV whenever the media has sound. A source already in a target's codec is copied
 * (or served as it is); an MP3 source is offered as itself ('mp3') instead of being re-encoded at a bitrate
 * it never had — only a smaller MP3 is offered beside it.
 */
export function audioOffers(sorted: SortedSources, duration?: number): Offer[] {
  const best = audioSourceFor(sorted);
  if (!best) return [];
  const offers: Offer[] = [];
  const main = sorted.audios.filter((s) => (s.preference ?? 0) >= 0);
  for (const target of TARGETS) {
    const source = main.find((s) => audioFamily(s.acodec) === target.family) ?? best;
    const isMp3Source = target.family === 'mp3' && audioFamily(source.acodec) === 'mp3';
    if (!isMp3Source) offers.push(toOffer(plan(target, source), target, duration));
    else if (target.kbps === 320) offers.push(toOffer(plan(target, source, { itag: 'mp3' }), target, duration));
    else if ((source.tbr ?? 0) > target.kbps * 1.2) offers.push(toOffer(plan(target, source, { encode: true }), target, duration));
  }
  // Two MP3 offers the source's bitrate brought down to the same rate are one offer.
  return offers.filter((o, i) => !offers.slice(i + 1).some((e) =>
    e.plan.container === o.plan.container && e.plan.action === o.plan.action && e.plan.audioBitrate === o.plan.audioBitrate));
}
