import type { OfferContainer } from '@/lib/media/offers';

/** What a prepared file says about its media, in the tags every player and library shows. */
export interface FileTags {
  title: string;
  /** The uploader or channel. */
  artist?: string;
  /** YYYY-MM-DD */
  date?: string;
  /** The platform's name ("YouTube"), or the host of any other site. */
  source: string;
  /** The media's page. */
  url: string;
}

/** Containers whose tags ffmpeg writes from these keys (MP4 atoms, ID3v2, Matroska tags, Vorbis comments, RIFF INFO). */
const TAGGED: ReadonlySet<OfferContainer> = new Set(['mp4', 'm4a', 'mp3', 'webm', 'ogg', 'wav']);
/** Containers that carry a cover picture: ID3v2 APIC in MP3, `covr` in M4A. */
const COVERED: ReadonlySet<OfferContainer> = new Set(['mp3', 'm4a']);

/** Tag text stays one line and bounded: a title is never a reason for a muxer to fail. */
const clean = (value: string) => value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim().slice(0, 500);

/**
 * `-metadata` pairs for the file's own tags. The source is named twice: as `publisher` (ID3 TPUB) where the
 * container has one, and in `comment` with the page's address, which every container carries.
 */
export function metadataArgs(tags: FileTags, container: OfferContainer): string[] {
  if (!TAGGED.has(container)) return [];
  const pairs: [string, string | undefined][] = [
    ['title', tags.title],
    ['artist', tags.artist],
    ['date', tags.date],
    ['comment', `${tags.source}: ${tags.url}`],
    ['publisher', container === 'mp3' ? tags.source : undefined],
  ];
  return pairs.flatMap(([key, value]) => (value && clean(value) ? ['-metadata', `${key}=${clean(value)}`] : []));
}

export const carriesCover = (container: OfferContainer): boolean => COVERED.has(container);

/**
 * The cover picture's stream (input `input`, already a local file): encoded as JPEG and marked as the attached
 * picture — what ID3v2 APIC and the M4A `covr` atom hold. Scaled down to 1000 px at most, never up.
 */
export function coverArgs(input: number, container: OfferContainer): string[] {
  const named = container === 'mp3' ? ['-metadata:s:v:0', 'title=Album cover', '-metadata:s:v:0', 'comment=Cover (front)'] : [];
  return [
    '-map', `${input}:V:0`, '-c:v:0', 'mjpeg', '-q:v:0', '3',
    '-filter:v:0', "scale='min(1000,iw)':'min(1000,ih)':force_original_aspect_ratio=decrease:force_divisible_by=2",
    '-disposition:v:0', 'attached_pic', ...named,
  ];
}
