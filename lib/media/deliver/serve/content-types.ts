const TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  // Text tracks we wrote ourselves, as UTF-8.
  vtt: 'text/vtt; charset=utf-8',
  srt: 'application/x-subrip; charset=utf-8',
  // One file per chapter, in an archive.
  zip: 'application/zip',
};

/** The Content-Type we answer for an offer's extension; never the origin's, which may be wrong or hostile. */
export function contentTypeFor(ext: string): string {
  return TYPES[ext.toLowerCase()] ?? 'application/octet-stream';
}
