import { AUDIO_ENCODER, encodeAudioArgs, encodeVideoArgs, MUXER } from '@/lib/media/ffmpeg/convert-args';
import type { OfferContainer } from '@/lib/media/offers';

/**
 * What a file's streams are encoded with when they must be (an exact cut, a removed stretch): the converter's
 * choices for each container, so a re-encoded file plays where the copied one did.
 */
export const videoEncoder = (ext: string): string[] => encodeVideoArgs(ext === 'webm' ? 'vp9' : 'h264');
export const audioEncoder = (ext: string, kbps?: number): string[] => {
  const encoder = AUDIO_ENCODER[ext as OfferContainer];
  return encodeAudioArgs(encoder && encoder !== 'copy' ? encoder : 'aac', kbps);
};

/** The muxer for each extension (M4A with the brand iTunes expects); MP3 with ID3v2.3, which carries CHAP and CTOC. */
export const MUXERS = MUXER;

export const carriesChapters = (ext: string): boolean => ['mp4', 'm4a', 'webm', 'mp3', 'mkv', 'ogg'].includes(ext);
