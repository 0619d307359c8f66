import type { Offer, OfferPlan } from './types';

/**
 * "For messaging": a file WhatsApp, Telegram and iMessage send as a video rather than a document — H.264 + AAC
 * in MP4 with `+faststart`, at most 720p, and at most 16 MB where the length allows. The picture's bitrate is
 * what 15 MB (a margin for the encoder's overshoot and the container) leaves after the sound, over the duration.
 */
export const MESSAGING_MAX_HEIGHT = 720;
export const MESSAGING_LIMIT_BYTES = 16_000_000;
const BUDGET_BYTES = 15_000_000;
const MUX_OVERHEAD = 0.97;
const AUDIO_KBPS = 96;
/** More than 720p H.264 needs for clean pictures; short clips are not made larger than they need to be. */
const MAX_VIDEO_KBPS = 2_500;
/** Below this 720p turns to mush: the picture goes down to 480p instead. */
const SMALLER_PICTURE_KBPS = 600;
/** Below this even 480p is mush: the file is made at this rate and comes out over 16 MB. */
const FLOOR_VIDEO_KBPS = 250;

export interface MessagingTarget {
  videoKbps: number;
  audioKbps: number;
  /** the picture's height at most */
  height: number;
  /** false when the media is too long to fit 16 MB at a watchable rate (or its length is unknown) */
  fits: boolean;
}

/** The encode settings for `seconds` of media (the cut's length when trimmed). */
export function messagingTarget(seconds: number | undefined): MessagingTarget {
  if (!seconds || seconds <= 0) return { videoKbps: 1_500, audioKbps: AUDIO_KBPS, height: MESSAGING_MAX_HEIGHT, fits: false };
  const kbps = Math.floor((BUDGET_BYTES * 8 * MUX_OVERHEAD) / seconds / 1000 - AUDIO_KBPS);
  const videoKbps = Math.max(FLOOR_VIDEO_KBPS, Math.min(MAX_VIDEO_KBPS, kbps));
  const height = kbps < SMALLER_PICTURE_KBPS ? 480 : MESSAGING_MAX_HEIGHT;
  return { videoKbps, audioKbps: AUDIO_KBPS, height, fits: kbps >= FLOOR_VIDEO_KBPS };
}

/**
 * The messaging offer, made from the MP4 offer nearest 720p (the smallest at or above it, else the largest
 * below): its picture and sound, always encoded. Offered only when it does its job: the media's length is known
 * and fits 16 MB at a watchable rate, and the estimate is smaller than the file it is made from (a file already
 * smaller needs no second, larger copy). None for media without an MP4 offer.
 */
export function messagingOffer(mp4: Offer[], duration: number | undefined): Offer | undefined {
  const byHeight = mp4.filter((o) => o.plan.height !== undefined).sort((a, b) => a.plan.height! - b.plan.height!);
  const base = byHeight.find((o) => o.plan.height! >= MESSAGING_MAX_HEIGHT) ?? byHeight.at(-1) ?? mp4[0];
  if (!base?.plan.video) return undefined;
  const target = messagingTarget(duration);
  if (!duration || !target.fits) return undefined;
  const height = Math.min(target.height, base.plan.height ?? target.height);
  const plan: OfferPlan = {
    itag: 'mp4-messaging', ext: 'mp4', kind: 'video', container: 'mp4', video: base.plan.video,
    action: 'transcode-video', videoCodec: 'h264', height, messaging: true,
    ...(base.plan.audio ? { audio: base.plan.audio, audioCodec: 'aac' as const, audioBitrate: target.audioKbps } : {}),
  };
  const bytes = Math.round(((target.videoKbps + (plan.audio ? target.audioKbps : 0)) * 1000 * duration) / 8);
  const original = Number(base.format.filesize);
  if (Number.isFinite(original) && original > 0 && bytes >= original) return undefined;
  return {
    plan,
    format: {
      itag: plan.itag, ext: 'mp4', quality: `${height}p`, format_note: `${height}p · H.264 · for messaging (≤ ${MESSAGING_LIMIT_BYTES / 1_000_000} MB)`,
      filesize: bytes, filesizeApprox: true,
    },
  };
}
