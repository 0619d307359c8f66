/** What a feed carries: its episodes' audio, or their video. */
export const FEED_MEDIA = ['audio', 'video'] as const;
export type FeedMedia = (typeof FEED_MEDIA)[number];

const TYPES: Record<string, { type: string; media: FeedMedia }> = {
  mp3: { type: 'audio/mpeg', media: 'audio' },
  m4a: { type: 'audio/mp4', media: 'audio' },
  aac: { type: 'audio/aac', media: 'audio' },
  opus: { type: 'audio/ogg', media: 'audio' },
  ogg: { type: 'audio/ogg', media: 'audio' },
  wav: { type: 'audio/wav', media: 'audio' },
  flac: { type: 'audio/flac', media: 'audio' },
  mp4: { type: 'video/mp4', media: 'video' },
  m4v: { type: 'video/mp4', media: 'video' },
  webm: { type: 'video/webm', media: 'video' },
  mkv: { type: 'video/x-matroska', media: 'video' },
  mov: { type: 'video/quicktime', media: 'video' },
};

/** A file's MIME type and whether it is audio or video, by its extension; undefined for anything else. */
export const mediaTypeOf = (ext: string) => TYPES[ext.toLowerCase()];

/** The format a follow's background downloads take while its feed is on: what podcast apps play everywhere. */
export const FEED_FORMAT: Record<FeedMedia, 'mp3' | 'mp4'> = { audio: 'mp3', video: 'mp4' };
