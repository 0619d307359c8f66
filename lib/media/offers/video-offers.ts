import type { SourceFormat } from '@/lib/media/types';
import {
  audioFamily, MP4_AUDIO, MP4_VIDEO, videoFamily, videoLabel, WEBM_AUDIO, WEBM_VIDEO, type VideoFamily,
} from './codecs';
import { offerSize } from './filesize';
import { hasAudio, preferBy, shortSide, type SortedSources } from './sources';
import type { Offer, OfferAction, OfferPlan } from './types';

/** The heights we offer, labelled as players label them. */
const LADDER = [360, 480, 720, 1080, 1440, 2160];
/** Encoders pad to macroblocks (1088, 1090): a source a little over a rung still belongs to it. */
const SLACK = 1.05;
/** VP9 encoding is slow; a WebM made by transcoding is offered only up to this height. */
const WEBM_TRANSCODE_MAX = 720;
const AAC_KBPS = 192;
const OPUS_KBPS = 160;

/**
 * The label of a source's height: the height the delivered file has, except that a source a little over a
 * ladder rung (1088, 1090 — macroblock padding) is labelled with that rung. A 540p source is "540p", not "720p".
 */
export function rungOf(height: number): number {
  return LADDER.find((rung) => height >= rung && height <= rung * SLACK) ?? height;
}

type Target = 'mp4' | 'webm';

const RULES = {
  mp4: { video: MP4_VIDEO, audio: MP4_AUDIO, encodeVideo: 'h264', encodeAudio: 'aac', audioKbps: AAC_KBPS },
  webm: { video: WEBM_VIDEO, audio: WEBM_AUDIO, encodeVideo: 'vp9', encodeAudio: 'opus', audioKbps: OPUS_KBPS },
} as const;

/** H.264 before HEVC: both copy into MP4, only H.264 plays everywhere. */
const MP4_RANK: Partial<Record<VideoFamily, number>> = { h264: 0, hevc: 1, unknown: 2 };

function pickAudio(target: Target, video: SourceFormat, sorted: SortedSources): SourceFormat | undefined {
  if (hasAudio(video)) return video;
  // Alternate tracks (commentary, dubs) only when there is no default one.
  const main = sorted.audios.filter((s) => (s.preference ?? 0) >= 0);
  const candidates = main.length > 0 ? main : sorted.audios.length > 0 ? sorted.audios : sorted.videos.filter(hasAudio);
  const copyable = RULES[target].audio;
  return preferBy(candidates, (s) => (copyable.has(audioFamily(s.acodec)!) ? 0 : 1))[0];
}

function actionOf(plan: Omit<OfferPlan, 'action'>, target: Target): OfferAction {
  const { video, audio } = plan;
  if (plan.videoCodec !== 'copy') return 'transcode-video';
  if (audio && plan.audioCodec !== 'copy') return 'transcode-audio';
  if (audio && audio !== video) return 'merge';
  const sameContainer = video!.container === target || video!.mimeType === `video/${target}`;
  return video!.protocol === 'http' && sameContainer ? 'passthrough' : 'remux';
}

function noteOf(plan: OfferPlan, video: SourceFormat): string {
  const side = shortSide(video);
  const fps = video.fps && video.fps > 31 ? Math.round(video.fps) : '';
  const resolution = side ? `${side}p${fps}` : 'Video';
  const family = videoFamily(video.vcodec)!;
  const codec = plan.videoCodec === 'copy' ? videoLabel(family) : plan.videoCodec === 'h264' ? 'H.264' : 'VP9';
  // A codec the source did not name is left unsaid ("Video · Video" says nothing twice).
  const named = plan.videoCodec !== 'copy' || (family !== 'unknown' && family !== 'other');
  const parts = named ? [resolution, codec + (plan.videoCodec === 'copy' ? '' : ' (converted)')] : [resolution];
  if (!plan.audio) parts.push('no audio');
  return parts.join(' · ');
}

function makeOffer(target: Target, video: SourceFormat, rung: number | undefined, sorted: SortedSources, duration?: number): Offer {
  const rules = RULES[target];
  const audio = pickAudio(target, video, sorted);
  const audioCopies = audio !== undefined && rules.audio.has(audioFamily(audio.acodec)!);
  const itag = `${target}-${rung ?? 'src'}`;
  const draft: Omit<OfferPlan, 'action'> = {
    itag, ext: target, kind: 'video', container: target, video,
    videoCodec: rules.video.has(videoFamily(video.vcodec)!) ? 'copy' : rules.encodeVideo,
  };
  if (rung) draft.height = rung;
  if (audio) {
    draft.audio = audio;
    draft.audioCodec = audioCopies ? 'copy' : rules.encodeAudio;
    if (!audioCopies) draft.audioBitrate = rules.audioKbps;
  }
  const plan: OfferPlan = { ...draft, action: actionOf(draft, target) };
  return {
    plan,
    format: { itag, ext: target, quality: rung ? `${rung}p` : 'original', format_note: noteOf(plan, video), ...offerSize(plan, duration) },
  };
}

/**
 * MP4 at every rung a source reaches (the best source of that rung; never scaled up), WebM where a VP9/AV1
 * source can be copied — or, when no source can, WebM by transcoding up to 720p. Highest rung first.
 */
export function videoOffers(sorted: SortedSources, duration?: number): Offer[] {
  const known = sorted.videos.filter((s) => shortSide(s));
  const rungs = new Map<number | undefined, SourceFormat[]>();
  if (known.length === 0 && sorted.videos.length > 0) rungs.set(undefined, sorted.videos);
  for (const source of known) {
    const rung = rungOf(shortSide(source)!);
    rungs.set(rung, [...(rungs.get(rung) ?? []), source]);
  }
  const anyWebm = sorted.videos.some((s) => WEBM_VIDEO.has(videoFamily(s.vcodec)!));
  const offers: Offer[] = [];
  for (const [rung, sources] of rungs) {
    const mp4Video = preferBy(sources, (s) => MP4_RANK[videoFamily(s.vcodec)!] ?? 3)[0];
    offers.push(makeOffer('mp4', mp4Video, rung, sorted, duration));
    const webmVideo = sources.find((s) => WEBM_VIDEO.has(videoFamily(s.vcodec)!));
    if (webmVideo) offers.push(makeOffer('webm', webmVideo, rung, sorted, duration));
    else if (!anyWebm && rung !== undefined && rung <= WEBM_TRANSCODE_MAX) {
      offers.push(makeOffer('webm', mp4Video, rung, sorted, duration));
    }
  }
  return offers;
}
