import { AppError } from '@/lib/errors';
import type { OfferContainer, OfferPlan } from '@/lib/media/offers';
import { messagingTarget } from '@/lib/media/offers/messaging';
import { ffmetadataInputArgs } from './ffmetadata';
import { localInputArgs } from './input-args';
import { carriesCover, coverArgs, metadataArgs, type FileTags } from './metadata-args';
import { firstStream, type ProbeResult, type ProbedStream } from './probe';

export interface ConvertInput {
  path: string;
  probe: ProbeResult;
  /**
   * The streams were taken from the extraction's codec strings, not read from the file: their indexes and the
   * container are unknown, so streams are picked by type and AAC is framed for MP4 whatever it arrived in.
   */
  assumed?: boolean;
}

/** A cut: where each input starts reading (seconds from its own start) and how long the output runs. */
export interface ConvertCut {
  videoSeek: number;
  audioSeek: number;
  length: number;
  /** Encode every stream, so the file starts on the exact frame (a copy starts on a keyframe). */
  encode: boolean;
}

export interface ConvertJob {
  plan: Pick<OfferPlan, 'kind' | 'container' | 'videoCodec' | 'audioCodec' | 'audioBitrate' | 'messaging'>;
  /** The picture's file (omitted for audio offers). May be the same object as `audio` (a muxed source). */
  video?: ConvertInput;
  audio?: ConvertInput;
  /** A WebVTT file to mux as a soft subtitle track (MP4: mov_text, WebM: WebVTT), tagged with its ISO 639-2 language. */
  subtitle?: { path: string; language: string };
  /** The sound's ISO 639-2 language, when the source names it: players show it on the track. */
  audioLanguage?: string;
  output: string;
  cut?: ConvertCut;
  /** The media's details as the file's tags; none at all when absent. */
  tags?: FileTags;
  /** A local picture file: an audio file's cover (MP3, M4A). */
  cover?: string;
  /** An FFMETADATA file we wrote holding the file's chapters, on the output's timeline. */
  chapters?: string;
  /** Where an encoded picture starts a keyframe (the chapters' starts), so a later split by chapters cuts there. */
  keyframesAt?: number[];
}

const SUBTITLE_CODEC: Partial<Record<OfferContainer, string>> = { mp4: 'mov_text', webm: 'webvtt' };

type VideoEncoder = 'copy' | 'h264' | 'vp9';
export type AudioEncoder = 'copy' | 'aac' | 'mp3' | 'opus' | 'pcm_s16le';

/** What each container may carry as it is. MP4 holds to what plays in browsers, iOS and WhatsApp. */
const VIDEO_COPIES: Partial<Record<OfferContainer, string[]>> = { mp4: ['h264', 'hevc'], webm: ['vp9', 'av1', 'vp8'] };
const AUDIO_COPIES: Partial<Record<OfferContainer, string[]>> = {
  mp4: ['aac'], m4a: ['aac'], webm: ['opus', 'vorbis'], mp3: ['mp3'], ogg: ['opus'], wav: ['pcm_s16le'],
};
const VIDEO_ENCODER: Partial<Record<OfferContainer, VideoEncoder>> = { mp4: 'h264', webm: 'vp9' };
export const AUDIO_ENCODER: Partial<Record<OfferContainer, AudioEncoder>> = {
  mp4: 'aac', m4a: 'aac', webm: 'opus', mp3: 'mp3', ogg: 'opus', wav: 'pcm_s16le',
};
export const DEFAULT_KBPS: Partial<Record<AudioEncoder, number>> = { aac: 192, mp3: 320, opus: 160 };
export const MUXER: Record<string, string[]> = {
  mp4: ['-movflags', '+faststart', '-f', 'mp4'],
  // The ipod muxer writes the M4A brand iTunes and iOS expect of a .m4a file.
  m4a: ['-movflags', '+faststart', '-f', 'ipod'],
  webm: ['-f', 'webm'],
  mp3: ['-id3v2_version', '3', '-f', 'mp3'],
  ogg: ['-f', 'ogg'],
  wav: ['-f', 'wav'],
};

/**
 * The plan says "copy" from what the extractor reported; the fetched file may disagree (an HLS audio group with
 * no CODECS, an H.264 stream in 4:4:4 that phones cannot play). The probe has the last word.
 */
export function chooseVideoEncoder(plan: ConvertJob['plan'], stream: ProbedStream, cut?: ConvertCut): VideoEncoder {
  const target = VIDEO_ENCODER[plan.container] ?? 'h264';
  if (cut?.encode) return target;
  if (plan.videoCodec && plan.videoCodec !== 'copy') return plan.videoCodec;
  if (!VIDEO_COPIES[plan.container]?.includes(stream.codecName)) return target;
  const oddPixels = stream.codecName === 'h264' && stream.pixFmt !== undefined && !/^yuvj?420p$/.test(stream.pixFmt);
  return plan.container === 'mp4' && oddPixels ? 'h264' : 'copy';
}

export function chooseAudioEncoder(plan: ConvertJob['plan'], stream: ProbedStream, cut?: ConvertCut): AudioEncoder {
  const target = AUDIO_ENCODER[plan.container] ?? 'aac';
  if (plan.audioCodec && plan.audioCodec !== 'copy') return plan.audioCodec;
  if (cut?.encode) return target;
  return AUDIO_COPIES[plan.container]?.includes(stream.codecName) ? 'copy' : target;
}

function videoArgs(encoder: VideoEncoder, stream: ProbedStream, job: ConvertJob): string[] {
  if (job.plan.messaging) {
    // A bitrate, not a quality: the file must fit the messengers' 16 MB. Never scaled up.
    const length = job.cut?.length ?? Math.max(job.video?.probe.duration ?? 0, job.audio?.probe.duration ?? 0);
    const target = messagingTarget(length);
    return ['-c:v', 'libx264', '-preset', 'veryfast', '-b:v', `${target.videoKbps}k`, '-maxrate', `${Math.round(target.videoKbps * 1.3)}k`,
      '-bufsize', `${target.videoKbps * 2}k`, '-pix_fmt', 'yuv420p', '-profile:v', 'high',
      '-vf', `scale=-2:'min(${target.height},trunc(ih/2)*2)'`];
  }
  if (encoder === 'copy') return ['-c:v', 'copy', ...(stream.codecName === 'hevc' ? ['-tag:v', 'hvc1'] : [])];
  // yuv420p needs even dimensions.
  return [...encodeVideoArgs(encoder), ...(encoder === 'h264' ? ['-vf', 'scale=trunc(iw/2)*2:trunc(ih/2)*2'] : [])];
}

/**
 * How a picture is encoded when it must be, the same for every file we make (a conversion, a cut, a split): H.264
 * high profile in yuv420p is what every phone decodes in hardware. No filter here: the caller's graph sets the size.
 */
export function encodeVideoArgs(encoder: Exclude<VideoEncoder, 'copy'>): string[] {
  if (encoder === 'vp9') return ['-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '33', '-deadline', 'realtime', '-cpu-used', '8', '-row-mt', '1'];
  return ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-profile:v', 'high'];
}

/** How sound is encoded when it must be: the encoder at `kbps` (else its default rate); PCM has no rate. */
export function encodeAudioArgs(encoder: Exclude<AudioEncoder, 'copy'>, kbps?: number): string[] {
  if (encoder === 'pcm_s16le') return ['-c:a', 'pcm_s16le'];
  const codec = { aac: 'aac', mp3: 'libmp3lame', opus: 'libopus' }[encoder];
  return ['-c:a', codec, '-b:a', `${kbps ?? DEFAULT_KBPS[encoder]}k`];
}

function audioArgs(encoder: AudioEncoder, plan: ConvertJob['plan'], input: ConvertInput): string[] {
  if (encoder === 'copy') {
    // AAC in MPEG-TS (and raw .aac) is ADTS-framed; MP4 wants the AudioSpecificConfig instead.
    // aac_adtstoasc passes AAC that is not ADTS-framed through untouched, so an assumed input can always have it.
    const adts = (input.assumed || /^(mpegts|aac)$/.test(input.probe.formatName)) && ['mp4', 'm4a'].includes(plan.container);
    return ['-c:a', 'copy', ...(adts ? ['-bsf:a', 'aac_adtstoasc'] : [])];
  }
  // MP3 holds at most two channels and Opus surround needs a channel mapping some layouts (5.1(side), 7.1
  // wide) lack: 5.1 and 7.1 are downmixed to stereo for both. AAC and PCM keep the source's layout.
  const channels = firstStream(input.probe, 'audio')?.channels ?? 0;
  const downmix = channels > 2 && (encoder === 'mp3' || encoder === 'opus') ? ['-ac', '2'] : [];
  if (encoder === 'pcm_s16le') return encodeAudioArgs(encoder);
  return [...encodeAudioArgs(encoder, plan.messaging ? messagingTarget(undefined).audioKbps : plan.audioBitrate), ...downmix];
}

/** `V` (not `v`): a cover picture is a video stream too, and never the one we want. */
const streamSpec = (input: ConvertInput, stream: ProbedStream) =>
  input.assumed ? (stream.codecType === 'video' ? 'V:0' : 'a:0') : String(stream.index);

/**
 * One ffmpeg command over local files: map the wanted streams, copy what the container can carry, encode
 * the rest, cut when asked (each input sought on its own, the output's length set), write the media's tags
 * (and an audio file's cover), and mux MP4/M4A with `+faststart` and never fragmented, so players start
 * before the whole file has arrived and can seek in it.
 */
export function buildConvertArgs(job: ConvertJob): string[] {
  const inputs: { input: ConvertInput; seek?: number }[] = [];
  const indexOf = (input: ConvertInput, seek?: number) => {
    const at = inputs.findIndex((i) => i.input.path === input.path);
    return at >= 0 ? at : inputs.push({ input, seek }) - 1;
  };
  const wantsVideo = job.plan.kind === 'video' && job.video;
  const videoStream = wantsVideo ? firstStream(job.video!.probe, 'video') : undefined;
  const audioStream = job.audio ? firstStream(job.audio.probe, 'audio') : undefined;
  // The source's fault, not ours: a link whose "video" holds no picture gets a clear 422, not a 500.
  if (wantsVideo && !videoStream) throw new AppError('no_media', 'This media has no video stream to convert');
  if (!videoStream && !audioStream) throw new AppError('no_media', 'This media has no video or audio to convert');

  const maps: string[] = [];
  const codecs: string[] = [];
  const videoEncoder = videoStream ? chooseVideoEncoder(job.plan, videoStream, job.cut) : undefined;
  if (videoStream) {
    maps.push('-map', `${indexOf(job.video!, job.cut?.videoSeek)}:${streamSpec(job.video!, videoStream)}`);
    codecs.push(...videoArgs(videoEncoder!, videoStream, job));
  }
  const cover = !videoStream && job.cover && job.tags && carriesCover(job.plan.container) ? job.cover : undefined;
  if (!videoStream && !cover) codecs.push('-vn');
  if (audioStream) {
    maps.push('-map', `${indexOf(job.audio!, job.cut?.audioSeek)}:${streamSpec(job.audio!, audioStream)}`);
    codecs.push(...audioArgs(chooseAudioEncoder(job.plan, audioStream, job.cut), job.plan, job.audio!));
    if (job.audioLanguage && job.audioLanguage !== 'und') codecs.push('-metadata:s:a:0', `language=${job.audioLanguage}`);
  }
  if (cover) codecs.push(...coverArgs(inputs.length, job.plan.container));
  if (videoEncoder && videoEncoder !== 'copy' && job.keyframesAt?.length) codecs.push('-force_key_frames', job.keyframesAt.map((t) => t.toFixed(3)).join(','));
  const inputArgs = inputs.flatMap(({ input, seek }) => [...(seek ? ['-ss', seek.toFixed(6)] : []), ...localInputArgs(input.path)]);
  if (cover) inputArgs.push(...localInputArgs(cover));
  // The text track is the input after the media (and after a cover, which only sound files carry).
  const subtitleCodec = job.plan.kind === 'video' && job.subtitle ? SUBTITLE_CODEC[job.plan.container] : undefined;
  if (subtitleCodec && job.subtitle) inputArgs.push(...localInputArgs(job.subtitle.path));
  const subtitle = subtitleCodec && job.subtitle
    ? ['-map', `${inputs.length + (cover ? 1 : 0)}:s:0`, '-c:s', subtitleCodec, '-metadata:s:s:0', `language=${job.subtitle.language}`]
    : ['-sn'];
  // The chapters' metadata file is the last input.
  const chapterInput = job.chapters ? inputs.length + (cover ? 1 : 0) + (subtitleCodec && job.subtitle ? 1 : 0) : -1;
  if (job.chapters) inputArgs.push(...ffmetadataInputArgs(job.chapters));
  // The source's tags never come along; a plain `-map_metadata -1` would drop the chapters' titles too.
  const dropMetadata = job.chapters ? ['-map_metadata:g', '-1', '-map_metadata:s', '-1'] : ['-map_metadata', '-1'];
  // A copied picture starts on its keyframe a hair before the seek point: its timestamps are moved up to 0.
  // An encoded one starts at 0 already, and moving it would shift it by the encoder's delay.
  const shift = videoEncoder === 'copy' ? ['-avoid_negative_ts', 'make_zero'] : [];
  const cut = job.cut ? ['-t', job.cut.length.toFixed(3), ...shift] : [];
  return [
    ...inputArgs, ...maps, ...codecs, ...subtitle, ...cut,
    ...dropMetadata, '-map_chapters', String(chapterInput), ...(job.tags ? metadataArgs(job.tags, job.plan.container) : []),
    '-dn', '-max_muxing_queue_size', '4096',
    ...MUXER[job.plan.container], '-y', job.output,
  ];
}
