import type { Listed } from './listing-types';

/** About 4 Mbit/s: a 1080p H.264 video with its AAC sound, the upper end of what a default download makes. */
export const ESTIMATE_BYTES_PER_SECOND = 500_000;
/** A listing that gives no length (YouTube's feed) is taken for ten minutes of video. */
export const ESTIMATE_UNKNOWN_SECONDS = 600;

/**
 * The room a background download is expected to take, reserved against the follow storage quota from the moment
 * it is started until its real size replaces it: its length at a high bitrate, else ten minutes of it (a listing
 * gives no format's size; the job learns it only once it has analysed the upload).
 */
export function expectedBytes(upload: Pick<Listed, 'durationSeconds'>): number {
  const seconds = upload.durationSeconds && upload.durationSeconds > 0 ? upload.durationSeconds : ESTIMATE_UNKNOWN_SECONDS;
  return Math.round(seconds * ESTIMATE_BYTES_PER_SECOND);
}
