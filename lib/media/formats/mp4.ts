import { malformed, parsingBytes } from './bytes';
import { isoBoxes, versioned, type IsoBox as Box } from './iso-boxes';

/** One track of an ISO BMFF file; `codec` is the RFC 6381 string (avc1.64001f, mp4a.40.2, vp09.00.10.08…). */
export interface Mp4Track {
  kind: 'video' | 'audio' | 'other';
  codec?: string;
  width?: number;
  height?: number;
  /** seconds, from mdhd */
  duration?: number;
  fps?: number;
  sampleRate?: number;
  channels?: number;
}

export interface Mp4Info {
  /** seconds; absent when the file does not say (a fragmented file without mehd) */
  duration?: number;
  tracks: Mp4Track[];
}

/** The moov lies past these bytes: fetch from `offset` (`length` bytes when the box header was seen). */
export interface TailRequest {
  offset: number;
  length?: number;
}

export type Mp4Scan = { info: Mp4Info } | { needsTail: TailRequest } | null;

/** Real files hold a few dozen boxes per level; thousands is a crafted file meant to make us spin. */
const MAX_BOXES = 4096;
const TOP_LEVEL = new Set(['ftyp', 'free', 'skip', 'wide', 'mdat', 'moov', 'pdin', 'uuid', 'meta', 'moof', 'sidx', 'styp']);
/** HEIF/AVIF stills share the box format but keep their pictures in meta, not in a moov. */
const IMAGE_BRANDS = new Set(['avif', 'avis', 'heic', 'heix', 'mif1', 'msf1']);

/** Child boxes of buf[from, to), the last one possibly running past `to` (callers decide). */
const boxes = (buf: Buffer, from: number, to: number) => isoBoxes(buf, from, to, { partial: true, max: MAX_BOXES });

/** Children of a box that must lie wholly inside its parent. */
function inner(buf: Buffer, parent: Box): Box[] {
  const list = boxes(buf, parent.body, parent.end);
  if (list.some((b) => b.end > parent.end)) throw malformed();
  return list;
}

const find = (list: Box[], type: string) => list.find((b) => b.type === type);
/** The box, after checking its payload holds the `bytes` a fixed layout reads. */
function need(box: Box, bytes: number): Box {
  if (box.body + bytes > box.end) throw malformed();
  return box;
}

/**
 * Walks the top-level boxes of `buf`, which starts at file offset `base` (0 for the head, the moov's offset for a
 * tail). Null when this is not a movie we can read; `needsTail` when the moov lies beyond the bytes held.
 */
export const scanMp4 = (buf: Buffer, base = 0, totalSize?: number): Mp4Scan => parsingBytes(() => readMp4(buf, base, totalSize));

function readMp4(buf: Buffer, base: number, totalSize?: number): Mp4Scan {
  if (base === 0 && (buf.length < 12 || buf.toString('latin1', 4, 8) !== 'ftyp')) return null;
  if (base === 0 && IMAGE_BRANDS.has(buf.toString('latin1', 8, 12))) return null;
  const top = boxes(buf, 0, buf.length);
  for (const box of top) {
    if (!TOP_LEVEL.has(box.type)) return null;
    if (box.type === 'moov') {
      if (box.end <= buf.length) return { info: readMoov(buf, box) };
      return { needsTail: { offset: base + box.start, length: box.end - box.start } };
    }
    if (box.type === 'moof') return null; // fragments before any moov: not a file we understand
  }
  const last = top.at(-1);
  const next = last ? base + last.end : base;
  if (!last || last.end <= buf.length) return null; // every box seen and no moov
  if (totalSize !== undefined && next >= totalSize) return null;
  return { needsTail: { offset: next } };
}

function readMoov(buf: Buffer, moov: Box): Mp4Info {
  const children = inner(buf, moov);
  const mvhd = find(children, 'mvhd');
  if (!mvhd) throw malformed();
  const v1 = buf.readUInt8(need(mvhd, 4).body) === 1;
  need(mvhd, v1 ? 32 : 20);
  const timescale = buf.readUInt32BE(mvhd.body + (v1 ? 20 : 12));
  const units = versioned(buf, mvhd, 16, 24);
  const tracks = children.filter((b) => b.type === 'trak').map((trak) => readTrak(buf, trak));
  const mvex = find(children, 'mvex');
  let duration = timescale && units ? units / timescale : undefined;
  if (mvex) {
    // A fragmented file's mvhd covers only the samples in moov (none); mehd, when written, covers the fragments.
    const mehd = find(inner(buf, mvex), 'mehd');
    const total = mehd ? versioned(buf, need(mehd, buf.readUInt8(need(mehd, 8).body) === 1 ? 12 : 8), 4, 4) : 0;
    duration = timescale && total ? total / timescale : undefined;
  } else if (!duration) {
    duration = Math.max(0, ...tracks.map((t) => t.duration ?? 0)) || undefined;
  }
  return { duration, tracks };
}

function readTrak(buf: Buffer, trak: Box): Mp4Track {
  const children = inner(buf, trak);
  const track: Mp4Track = { kind: 'other' };
  const tkhd = find(children, 'tkhd');
  if (tkhd) {
    const at = tkhd.body + (buf.readUInt8(need(tkhd, 84).body) === 1 ? 88 : 76);
    need(tkhd, at + 8 - tkhd.body);
    // 16.16 fixed point; the sample entry's coded size below wins when present, as ffprobe reports that one.
    const width = buf.readUInt32BE(at) >>> 16;
    const height = buf.readUInt32BE(at + 4) >>> 16;
    if (width && height) Object.assign(track, { width, height });
  }
  const mdia = find(children, 'mdia');
  if (!mdia) return track;
  const parts = inner(buf, mdia);
  const mdhd = find(parts, 'mdhd');
  const v1 = mdhd ? buf.readUInt8(need(mdhd, 20).body) === 1 : false;
  if (mdhd && v1) need(mdhd, 32);
  const timescale = mdhd ? buf.readUInt32BE(mdhd.body + (v1 ? 20 : 12)) : 0;
  const units = mdhd ? versioned(buf, mdhd, 16, 24) : 0;
  if (timescale && units) track.duration = units / timescale;
  const hdlr = find(parts, 'hdlr');
  const handler = hdlr ? buf.toString('latin1', need(hdlr, 12).body + 8, hdlr.body + 12) : '';
  track.kind = handler === 'vide' ? 'video' : handler === 'soun' ? 'audio' : 'other';
  const minf = find(parts, 'minf');
  const stbl = minf ? find(inner(buf, minf), 'stbl') : undefined;
  if (!stbl || track.kind === 'other') return track;
  const tables = inner(buf, stbl);
  const stsd = find(tables, 'stsd');
  if (stsd) Object.assign(track, readSampleEntry(buf, stsd, track.kind));
  const stts = find(tables, 'stts');
  if (stts && track.kind === 'video' && timescale) track.fps = frameRate(buf, stts, timescale);
  return track;
}

/** Samples per second over the whole track, as ffprobe's avg_frame_rate; skipped when the table is large. */
function frameRate(buf: Buffer, stts: Box, timescale: number): number | undefined {
  const count = buf.readUInt32BE(need(stts, 8).body + 4);
  if (count > 1024 || stts.body + 8 + count * 8 > stts.end) return undefined;
  let samples = 0;
  let ticks = 0;
  for (let i = 0; i < count; i += 1) {
    const n = buf.readUInt32BE(stts.body + 8 + i * 8);
    samples += n;
    ticks += n * buf.readUInt32BE(stts.body + 12 + i * 8);
  }
  const fps = ticks ? (samples * timescale) / ticks : 0;
  return fps > 0 && fps < 1000 ? Math.round(fps * 1000) / 1000 : undefined;
}

const hex2 = (n: number) => n.toString(16).padStart(2, '0');

/**
 * Where a sample entry's child boxes start: after the visual fields (78 bytes) or the sound description's (28, and
 * the 16 or 36 bytes QuickTime's versions 1 and 2 append).
 */
export function sampleEntryChildren(buf: Buffer, entry: Box, visual: boolean): number {
  if (visual) return entry.body + 78;
  const version = buf.readUInt16BE(entry.body + 8);
  return entry.body + 28 + (version === 1 ? 16 : version === 2 ? 36 : 0);
}

function readSampleEntry(buf: Buffer, stsd: Box, kind: 'video' | 'audio'): Partial<Mp4Track> {
  const [entry] = boxes(buf, need(stsd, 8).body + 8, stsd.end);
  if (!entry || entry.end > stsd.end) throw malformed();
  const type = entry.type;
  if (kind === 'video') {
    const width = buf.readUInt16BE(need(entry, 78).body + 24);
    const height = buf.readUInt16BE(entry.body + 26);
    const config = inner(buf, { ...entry, body: sampleEntryChildren(buf, entry, true) });
    const size = width && height ? { width, height } : {};
    return { ...size, codec: videoCodec(buf, type, config) };
  }
  // v2 moves rate and channels into the fields it appends.
  const v2 = buf.readUInt16BE(need(entry, 28).body + 8) === 2;
  const children = sampleEntryChildren(buf, entry, false);
  need(entry, children - entry.body);
  const channels = v2 ? buf.readUInt32BE(entry.body + 40) : buf.readUInt16BE(entry.body + 16);
  const sampleRate = v2 ? Math.round(buf.readDoubleBE(entry.body + 32)) : buf.readUInt32BE(entry.body + 24) >>> 16;
  return { channels, sampleRate, codec: audioCodec(buf, type, inner(buf, { ...entry, body: children })) };
}

function videoCodec(buf: Buffer, type: string, config: Box[]): string {
  const [avcC, hvcC, vpcC, av1C] = ['avcC', 'hvcC', 'vpcC', 'av1C'].map((name) => find(config, name));
  if ((type === 'avc1' || type === 'avc3') && avcC) {
    need(avcC, 4);
    return `${type}.${hex2(buf.readUInt8(avcC.body + 1))}${hex2(buf.readUInt8(avcC.body + 2))}${hex2(buf.readUInt8(avcC.body + 3))}`;
  }
  if ((type === 'hvc1' || type === 'hev1') && hvcC) return `${type}.${hevcParams(buf, need(hvcC, 13).body)}`;
  if (type === 'vp09' && vpcC) {
    const at = need(vpcC, 7).body + 4;
    return `vp09.${[buf.readUInt8(at), buf.readUInt8(at + 1), buf.readUInt8(at + 2) >> 4].map((n) => String(n).padStart(2, '0')).join('.')}`;
  }
  if (type === 'av01' && av1C) {
    const b1 = buf.readUInt8(need(av1C, 3).body + 1);
    const b2 = buf.readUInt8(av1C.body + 2);
    const depth = b2 & 0x40 ? (b2 & 0x20 ? 12 : 10) : 8;
    return `av01.${b1 >> 5}.${String(b1 & 0x1f).padStart(2, '0')}${b2 & 0x80 ? 'H' : 'M'}.${String(depth).padStart(2, '0')}`;
  }
  return type;
}

/** hvcC → "1.6.L93.B0" (ISO/IEC 14496-15 Annex E). */
function hevcParams(buf: Buffer, at: number): string {
  const b = buf.readUInt8(at + 1);
  const space = ['', 'A', 'B', 'C'][b >> 6];
  let compat = buf.readUInt32BE(at + 2);
  let reversed = 0;
  for (let i = 0; i < 32; i += 1, compat >>>= 1) reversed = ((reversed << 1) | (compat & 1)) >>> 0;
  const constraints = [...buf.subarray(at + 6, at + 12)];
  while (constraints.length && constraints.at(-1) === 0) constraints.pop();
  const tail = constraints.map((c) => `.${c.toString(16).toUpperCase()}`).join('');
  return `${space}${b & 0x1f}.${reversed.toString(16).toUpperCase()}.${b & 0x20 ? 'H' : 'L'}${buf.readUInt8(at + 12)}${tail}`;
}

function audioCodec(buf: Buffer, type: string, config: Box[]): string {
  const esds = find(config, 'esds');
  if (type === 'mp4a' && esds) return mp4aCodec(buf, esds.body + 4, esds.end) ?? 'mp4a';
  return { Opus: 'opus', fLaC: 'flac', alac: 'alac' }[type] ?? type;
}

/** Walks esds descriptors: ES (3) → DecoderConfig (4, objectTypeIndication) → DecoderSpecificInfo (5, AOT). */
function mp4aCodec(buf: Buffer, from: number, to: number): string | undefined {
  let at = from;
  let oti = -1;
  for (let guard = 0; at < to && guard < 16; guard += 1) {
    const tag = buf.readUInt8(at);
    let length = 0;
    let i = 1;
    for (; i <= 4; i += 1) {
      const byte = buf.readUInt8(at + i);
      length = (length << 7) | (byte & 0x7f);
      if (!(byte & 0x80)) break;
    }
    const body = at + i + 1;
    if (tag === 3) {
      const flags = buf.readUInt8(body + 2);
      at = body + 3 + (flags & 0x80 ? 2 : 0) + (flags & 0x40 ? 1 + buf.readUInt8(body + 3) : 0) + (flags & 0x20 ? 2 : 0);
    } else if (tag === 4) {
      oti = buf.readUInt8(body);
      at = body + 13;
    } else if (tag === 5 && oti === 0x40) {
      const aot = buf.readUInt8(body) >> 3;
      return `mp4a.40.${aot === 31 ? 32 + (((buf.readUInt8(body) & 0x07) << 3) | (buf.readUInt8(body + 1) >> 5)) : aot}`;
    } else at = body + length;
  }
  return oti >= 0 ? `mp4a.${hex2(oti)}` : undefined;
}
