import { malformed, parsingBytes } from './bytes';

export interface WebmTrack {
  kind: 'video' | 'audio' | 'other';
  /** Matroska CodecID: V_VP9, A_OPUS… */
  codecId: string;
  width?: number;
  height?: number;
  fps?: number;
  sampleRate?: number;
  channels?: number;
}

export interface WebmInfo {
  /** matroska or webm, from the EBML header's DocType */
  docType: string;
  /** seconds; absent for a live stream, which has no Duration */
  duration?: number;
  tracks: WebmTrack[];
}

interface Element {
  id: number;
  body: number;
  end: number;
}

const ID = {
  ebml: 0x1a45dfa3, docType: 0x4282, segment: 0x18538067, info: 0x1549a966, tracks: 0x1654ae6b, cluster: 0x1f43b675,
  timecodeScale: 0x2ad7b1, duration: 0x4489, trackEntry: 0xae, trackType: 0x83, codecId: 0x86, defaultDuration: 0x23e383,
  video: 0xe0, pixelWidth: 0xb0, pixelHeight: 0xba, audio: 0xe1, samplingFrequency: 0xb5, channels: 0x9f,
} as const;
/** Masters whose size may be "unknown" (all ones) in a live or streamed file: they run to their parent's end. */
const MAY_BE_UNSIZED = new Set<number>([ID.segment, ID.cluster]);
const MAX_ELEMENTS = 4096;
/**
 * Elements one parse may visit in all levels together. A real header has tens before its first Cluster; a crafted
 * 2 MB head of two-byte elements would otherwise keep the event loop busy for hundreds of milliseconds.
 */
const MAX_VISITS = 8192;
let visits = 0;


/** An EBML variable-length integer at `at`: its value (marker kept for IDs) and its length in bytes. */
function vint(buf: Buffer, at: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } {
  const first = buf.readUInt8(at);
  const length = Math.clz32(first) - 23;
  if (length < 1 || length > 8) throw malformed();
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i += 1) {
    const byte = buf.readUInt8(at + i);
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

/**
 * Children of buf[from, to); unsized masters run to `to`. Inside a parent that must be whole (`lenient` false) a
 * child running past it is malformed; at the top level it is only cut off by the end of the bytes we hold.
 */
function* children(buf: Buffer, from: number, to: number, lenient = false): Generator<Element> {
  let at = from;
  for (let count = 0; at < to; count += 1) {
    if (count >= MAX_ELEMENTS || ++visits > MAX_VISITS) throw malformed();
    const id = vint(buf, at, true);
    const size = vint(buf, at + id.length, false);
    const body = at + id.length + size.length;
    if (size.unknown && !MAY_BE_UNSIZED.has(id.value)) throw malformed();
    const end = size.unknown ? to : body + size.value;
    if (end > to && !lenient) throw malformed();
    yield { id: id.value, body, end };
    at = end;
  }
}

/**
 * A short string element (DocType, CodecID) without its NUL padding. Capped: a real one is a few bytes, and
 * trimming a crafted megabyte of NULs with a regex took time quadratic in its length.
 */
function text(buf: Buffer, from: number, to: number): string {
  let end = Math.min(to, buf.length, from + 64);
  while (end > from && buf[end - 1] === 0) end -= 1;
  return buf.toString('latin1', from, end);
}

function uint(buf: Buffer, el: Element): number {
  if (el.end - el.body > 8) throw malformed();
  let value = 0;
  for (let at = el.body; at < el.end; at += 1) value = value * 256 + buf.readUInt8(at);
  return value;
}

function float(buf: Buffer, el: Element): number {
  if (el.end - el.body === 4) return buf.readFloatBE(el.body);
  if (el.end - el.body === 8) return buf.readDoubleBE(el.body);
  throw malformed();
}

/** Reads the header, Info and Tracks of a Matroska/WebM file; null when the bytes are not EBML or stop too soon. */
export const parseWebm = (buf: Buffer): WebmInfo | null => parsingBytes(() => readWebm(buf));

function readWebm(buf: Buffer): WebmInfo | null {
  visits = 0;
  if (buf.length < 4 || buf.readUInt32BE(0) !== ID.ebml) return null;
  const [header] = children(buf, 0, buf.length, true);
  if (header.end > buf.length) return null;
  let docType = '';
  for (const el of children(buf, header.body, header.end)) {
    if (el.id === ID.docType) docType = text(buf, el.body, el.end);
  }
  if (docType !== 'webm' && docType !== 'matroska') return null;
  const segment = children(buf, header.end, buf.length, true).next().value;
  if (!segment || segment.id !== ID.segment) return null;
  let info: { duration?: number } | undefined;
  let tracks: WebmTrack[] | undefined;
  for (const el of children(buf, segment.body, Math.min(segment.end, buf.length), true)) {
    // Clusters hold the frames; Info and Tracks come before them in every file muxed for playback.
    if (el.id === ID.cluster) break;
    if (el.id !== ID.info && el.id !== ID.tracks) continue;
    if (el.end > buf.length) return null;
    if (el.id === ID.info) info = readInfo(buf, el);
    else tracks = readTracks(buf, el);
    if (info && tracks) return { docType, duration: info.duration, tracks };
  }
  return null;
}

function readInfo(buf: Buffer, info: Element): { duration?: number } {
  let scale = 1_000_000;
  let ticks: number | undefined;
  for (const el of children(buf, info.body, info.end)) {
    if (el.id === ID.timecodeScale) scale = uint(buf, el);
    else if (el.id === ID.duration) ticks = float(buf, el);
  }
  const duration = ticks !== undefined ? (ticks * scale) / 1e9 : undefined;
  return { duration: duration !== undefined && Number.isFinite(duration) && duration > 0 ? duration : undefined };
}

function readTracks(buf: Buffer, tracks: Element): WebmTrack[] {
  const list: WebmTrack[] = [];
  for (const entry of children(buf, tracks.body, tracks.end)) {
    if (entry.id !== ID.trackEntry) continue;
    const track: WebmTrack = { kind: 'other', codecId: '' };
    for (const el of children(buf, entry.body, entry.end)) {
      if (el.id === ID.trackType) {
        const type = uint(buf, el);
        track.kind = type === 1 ? 'video' : type === 2 ? 'audio' : 'other';
      } else if (el.id === ID.codecId) track.codecId = text(buf, el.body, el.end);
      else if (el.id === ID.defaultDuration) {
        const ns = uint(buf, el);
        if (ns > 0) track.fps = Math.round((1e9 / ns) * 1000) / 1000;
      } else if (el.id === ID.video) {
        for (const v of children(buf, el.body, el.end)) {
          if (v.id === ID.pixelWidth) track.width = uint(buf, v);
          else if (v.id === ID.pixelHeight) track.height = uint(buf, v);
        }
      } else if (el.id === ID.audio) {
        for (const a of children(buf, el.body, el.end)) {
          if (a.id === ID.samplingFrequency) track.sampleRate = float(buf, a);
          else if (a.id === ID.channels) track.channels = uint(buf, a);
        }
      }
    }
    list.push(track);
  }
  return list;
}
