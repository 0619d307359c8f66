/** Where a feed and its files are served: the follow and the token in the path (podcast apps drop query strings). */
export const feedBase = (origin: string, followId: string, token: string) =>
  `${origin}/api/podcast/${encodeURIComponent(followId)}/${encodeURIComponent(token)}`;

export const feedUrl = (base: string) => `${base}/feed.xml`;
export const episodeUrl = (base: string, mediaId: string, ext: string) => `${base}/media/${encodeURIComponent(mediaId)}.${ext}`;
export const chaptersUrl = (base: string, mediaId: string) => `${base}/chapters/${encodeURIComponent(mediaId)}.json`;

/** A file segment of those paths ("abc.mp4") back to the media id it names; undefined without an extension. */
export function mediaIdOf(segment: string): string | undefined {
  const dot = segment.lastIndexOf('.');
  return dot > 0 ? segment.slice(0, dot) : undefined;
}
