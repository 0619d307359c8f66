import { AppError } from '@/lib/errors';
import type { ByteRange, Fragment } from '@/lib/media/types';
import { drmProtected as drm } from './bytes';
import { parseAttributeList, parseByteRangeSpec, parseNumber, parseResolution } from './hls-attributes';
import { extensionOf, resolveUrl } from './url';

export interface HlsVariant {
  url: string;
  bandwidth?: number;
  averageBandwidth?: number;
  resolution?: { width: number; height: number };
  codecs?: string;
  frameRate?: number;
  audioGroup?: string;
  /** SUBTITLES: the group of WebVTT renditions that goes with this variant. */
  subtitleGroup?: string;
}

export interface HlsRendition {
  type: 'AUDIO' | 'SUBTITLES';
  groupId: string;
  name?: string;
  language?: string;
  default: boolean;
  autoselect: boolean;
  /** CHANNELS' first field ("6" for 5.1), when given. */
  channels?: number;
  /** Absent when the rendition is muxed into the variant streams. */
  uri?: string;
}

export interface HlsKey {
  /**
   * AES-128 encrypts whole segments. SAMPLE-AES encrypts the samples inside them; with an identity key served
   * like AES-128's it is decrypted in MPEG-TS (H.264 NAL units, ADTS AAC in PES), in packed AAC audio and in fMP4
   * (Common Encryption 'cbcs').
   */
  method: 'AES-128' | 'SAMPLE-AES';
  uri: string;
  iv?: string;
}

export interface HlsSegment {
  url: string;
  duration: number;
  byteRange?: ByteRange;
  key?: HlsKey;
  /** Media sequence number: the implicit AES-128 IV when the key gives none. */
  sequence: number;
  /** EXT-X-GAP: the segment is missing on purpose and must never be fetched. */
  gap?: boolean;
  /** EXT-X-DISCONTINUITY before this segment: timestamps (and possibly encoding) restart here. */
  discontinuity?: boolean;
  /** The init segment (EXT-X-MAP) in effect for this segment; it may change mid-playlist. */
  map?: Fragment;
}

export interface HlsMaster {
  type: 'master';
  variants: HlsVariant[];
  media: HlsRendition[];
}

export interface HlsMedia {
  type: 'media';
  segments: HlsSegment[];
  targetDuration?: number;
  /** false means live or an unfinished event: the caller refuses it. */
  endList: boolean;
  /** EXT-X-I-FRAMES-ONLY: trick-play, never offered as video. */
  iFramesOnly: boolean;
  /** seconds, the sum of the segments */
  duration: number;
  map?: Fragment;
  /** The first key in effect, for the format's `encryption`. */
  key?: HlsKey;
}

export type HlsPlaylist = HlsMaster | HlsMedia;

const MAX_TEXT = 8 * 1024 * 1024;
/** Segment extensions whose SAMPLE-AES we decrypt: MPEG-TS and packed AAC. */
const SAMPLE_AES_CARRIAGE = new Set(['ts', 'aac']);
const MAX_LINES = 400_000;
const MAX_SEGMENTS = 100_000;

/** A key line → null (NONE), an AES-128 key, or 'drm' for anything we cannot decrypt ourselves. */
function readKey(attrs: Record<string, string>, base: string): HlsKey | null | 'drm' {
  const method = (attrs.METHOD ?? '').toUpperCase();
  if (method === 'NONE') return null;
  const format = attrs.KEYFORMAT;
  if ((method !== 'AES-128' && method !== 'SAMPLE-AES') || (format !== undefined && format !== 'identity')) return 'drm';
  const uri = resolveUrl(attrs.URI, base);
  // A SAMPLE-AES key that is not an http(s) URL (skd://…) comes from a key system: DRM.
  if (!uri && method === 'SAMPLE-AES') return 'drm';
  if (!uri) throw new AppError('upstream_failed', 'The playlist has an unusable key');
  const iv = attrs.IV && /^0x[0-9a-f]{1,32}$/i.test(attrs.IV) ? attrs.IV : undefined;
  return { method, uri, iv };
}

function toRange(spec: { length: number; offset?: number }, next: number): ByteRange {
  const start = spec.offset ?? next;
  return { start, end: start + Math.max(spec.length, 1) - 1 };
}

/** Parses an HLS master or media playlist. Pure: URLs are resolved against `baseUrl`, never fetched. */
export function parseHlsPlaylist(text: string, baseUrl: string): HlsPlaylist {
  if (text.length > MAX_TEXT) throw new AppError('upstream_failed', 'The playlist is too large');
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n|\r/, MAX_LINES);
  if (lines[0]?.trim() !== '#EXTM3U') throw new AppError('upstream_failed', 'Not an HLS playlist');

  const variants: HlsVariant[] = [];
  const media: HlsRendition[] = [];
  const segments: HlsSegment[] = [];
  let pendingVariant: Omit<HlsVariant, 'url'> | null = null;
  let pendingDuration: number | null = null;
  let pendingRange: { length: number; offset?: number } | undefined;
  let key: HlsKey | null = null;
  let firstKey: HlsKey | undefined;
  // Consecutive key lines offer alternatives (identity AES-128 beside a DRM system): the group is DRM only
  // when none of them is something we can decrypt.
  let keyGroupOpen = false;
  let groupDrm = false;
  let groupAes = false;
  let map: Fragment | undefined;
  let targetDuration: number | undefined;
  let sequence = 0;
  let endList = false;
  let iFramesOnly = false;
  let pendingGap = false;
  let pendingDiscontinuity = false;
  const nextOffset = new Map<string, number>();

  for (let n = 1; n < lines.length; n++) {
    const line = lines[n].trim();
    if (!line) continue;
    if (line.startsWith('#')) {
      const colon = line.indexOf(':');
      const tag = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1);
      switch (tag) {
        case '#EXT-X-STREAM-INF': {
          const a = parseAttributeList(value);
          pendingVariant = {
            bandwidth: parseNumber(a.BANDWIDTH),
            averageBandwidth: parseNumber(a['AVERAGE-BANDWIDTH']),
            resolution: parseResolution(a.RESOLUTION),
            codecs: a.CODECS || undefined,
            frameRate: parseNumber(a['FRAME-RATE']),
            audioGroup: a.AUDIO || undefined,
            subtitleGroup: a.SUBTITLES || undefined,
          };
          break;
        }
        case '#EXT-X-MEDIA': {
          const a = parseAttributeList(value);
          const type = a.TYPE?.toUpperCase();
          if ((type !== 'AUDIO' && type !== 'SUBTITLES') || !a['GROUP-ID']) break;
          const uri = a.URI === undefined ? undefined : resolveUrl(a.URI, baseUrl) ?? undefined;
          if (a.URI !== undefined && !uri) break;
          media.push({
            type,
            groupId: a['GROUP-ID'],
            name: a.NAME || undefined,
            language: a.LANGUAGE || undefined,
            default: a.DEFAULT?.toUpperCase() === 'YES',
            autoselect: a.AUTOSELECT?.toUpperCase() === 'YES',
            ...(parseNumber(a.CHANNELS?.split('/')[0]) ? { channels: parseNumber(a.CHANNELS?.split('/')[0]) } : {}),
            uri,
          });
          break;
        }
        case '#EXT-X-SESSION-KEY':
          if (readKey(parseAttributeList(value), baseUrl) === 'drm') throw drm();
          break;
        case '#EXTINF':
          pendingDuration = parseNumber(value.split(',', 1)[0]) ?? 0;
          break;
        case '#EXT-X-TARGETDURATION':
          targetDuration = parseNumber(value);
          break;
        case '#EXT-X-MEDIA-SEQUENCE':
          sequence = Math.floor(parseNumber(value) ?? 0);
          break;
        case '#EXT-X-BYTERANGE':
          pendingRange = parseByteRangeSpec(value);
          break;
        case '#EXT-X-KEY': {
          if (!keyGroupOpen) {
            keyGroupOpen = true;
            groupDrm = groupAes = false;
            key = null;
          }
          const found = readKey(parseAttributeList(value), baseUrl);
          if (found === 'drm') groupDrm = true;
          else if (found) {
            key = found;
            groupAes = true;
          }
          break;
        }
        case '#EXT-X-MAP': {
          const a = parseAttributeList(value);
          const url = resolveUrl(a.URI, baseUrl);
          if (!url) throw new AppError('upstream_failed', 'The playlist has an unusable init segment');
          const spec = parseByteRangeSpec(a.BYTERANGE);
          map = spec ? { url, range: toRange(spec, 0) } : { url };
          break;
        }
        case '#EXT-X-ENDLIST':
          endList = true;
          break;
        case '#EXT-X-PLAYLIST-TYPE':
          if (value.trim().toUpperCase() === 'VOD') endList = true;
          break;
        case '#EXT-X-I-FRAMES-ONLY':
          iFramesOnly = true;
          break;
        case '#EXT-X-GAP':
          pendingGap = true;
          break;
        case '#EXT-X-DISCONTINUITY':
          pendingDiscontinuity = true;
          break;
      }
      continue;
    }
    // A URI line: it belongs to the pending variant or segment.
    const url = resolveUrl(line, baseUrl);
    if (pendingVariant) {
      if (url) variants.push({ url, ...pendingVariant });
      pendingVariant = null;
    } else if (pendingDuration !== null) {
      if (!url) throw new AppError('upstream_failed', 'The playlist has an unusable segment');
      keyGroupOpen = false;
      if (groupDrm && !groupAes) throw drm();
      if (segments.length >= MAX_SEGMENTS) throw new AppError('upstream_failed', 'The playlist is too large');
      const segment: HlsSegment = { url, duration: pendingDuration, sequence };
      if (pendingRange) {
        segment.byteRange = toRange(pendingRange, nextOffset.get(url) ?? 0);
        nextOffset.set(url, segment.byteRange.end + 1);
      }
      if (key) {
        // SAMPLE-AES is unpacked in MPEG-TS (H.264, AAC), packed AAC and fMP4 ('cbcs', an EXT-X-MAP); in any
        // other carriage it stays refused, never delivered as a file that cannot be decoded.
        if (key.method === 'SAMPLE-AES' && !map && !SAMPLE_AES_CARRIAGE.has(extensionOf(url) ?? '')) throw drm();
        segment.key = key;
        firstKey ??= key;
      }
      if (map) segment.map = map;
      if (pendingGap) segment.gap = true;
      if (pendingDiscontinuity) segment.discontinuity = true;
      segments.push(segment);
      sequence++;
      pendingDuration = null;
      pendingRange = undefined;
      pendingGap = false;
      pendingDiscontinuity = false;
    }
  }

  if (variants.length > 0) return { type: 'master', variants, media };
  if (segments.length === 0) throw new AppError('no_media', 'No downloadable media found at this link');
  const duration = segments.reduce((sum, s) => sum + s.duration, 0);
  const firstMap = segments[0].map;
  return { type: 'media', segments, targetDuration, endList, iFramesOnly, duration, map: firstMap, key: firstKey };
}
