import { parsingBytes } from './bytes';

export interface Mp3Info {
  /** 1, 2 or 2.5 */
  version: number;
  layer: 1 | 2 | 3;
  /** kbit/s of the first frame; the average when a Xing/Info/VBRI header gives frames and bytes */
  bitrate: number;
  sampleRate: number;
  channels: 1 | 2;
  /** seconds: from the frame count of a Xing/Info/VBRI header, else CBR arithmetic over `totalSize` */
  duration?: number;
}

const BITRATES: Record<string, number[]> = {
  '1-1': [32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  '1-2': [32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  '1-3': [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  '2-1': [32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  '2-2': [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES: Record<number, number[]> = { 1: [44100, 48000, 32000], 2: [22050, 24000, 16000], 2.5: [11025, 12000, 8000] };
/** Junk between the tags and the first frame is rare and short; past this we are not looking at an MP3. */
const MAX_SCAN = 64 * 1024;
const MAX_TAGS = 8;


export interface Mp3Frame {
  version: number;
  layer: 1 | 2 | 3;
  bitrate: number;
  sampleRate: number;
  channels: 1 | 2;
  samples: number;
  length: number;
}

/** The MPEG audio frame header at `at`, or null when those four bytes are not one. */
export function frameAt(buf: Buffer, at: number): Mp3Frame | null {
  if (at + 4 > buf.length) return null;
  const h = buf.readUInt32BE(at);
  if (h >>> 21 !== 0x7ff) return null;
  const version = [2.5, 0, 2, 1][(h >>> 19) & 3];
  const layer = [0, 3, 2, 1][(h >>> 17) & 3] as 0 | 1 | 2 | 3;
  const rateIndex = (h >>> 12) & 15;
  const srIndex = (h >>> 10) & 3;
  // Reserved version or layer, free-format or bad bitrate, reserved sample rate: not a frame we can measure.
  if (!version || !layer || rateIndex === 0 || rateIndex === 15 || srIndex === 3) return null;
  const bitrate = BITRATES[`${version === 1 ? 1 : 2}-${version === 1 ? layer : Math.min(layer, 2)}`][rateIndex - 1];
  const sampleRate = SAMPLE_RATES[version][srIndex];
  const padding = (h >>> 9) & 1;
  const samples = layer === 1 ? 384 : layer === 3 && version !== 1 ? 576 : 1152;
  const length = layer === 1
    ? (Math.floor((12 * bitrate * 1000) / sampleRate) + padding) * 4
    : Math.floor(((samples / 8) * bitrate * 1000) / sampleRate) + padding;
  return { version, layer, bitrate, sampleRate, channels: ((h >>> 6) & 3) === 3 ? 1 : 2, samples, length };
}

/** Bytes taken by ID3v2 tags at the start (there may be several, each with a syncsafe size). */
export function id3Length(buf: Buffer): number {
  let at = 0;
  for (let tags = 0; tags < MAX_TAGS && at + 10 <= buf.length && buf.toString('latin1', at, at + 3) === 'ID3'; tags += 1) {
    const size = [6, 7, 8, 9].reduce((sum, i) => (sum << 7) | (buf.readUInt8(at + i) & 0x7f), 0);
    const footer = buf.readUInt8(at + 5) & 0x10 ? 10 : 0;
    at += 10 + size + footer;
  }
  return at;
}

/** Frames and bytes from a Xing/Info header (inside the first frame, after the side info) or a VBRI header. */
function vbrHeader(buf: Buffer, at: number, frame: Mp3Frame): { frames?: number; bytes?: number } | null {
  const side = frame.version === 1 ? (frame.channels === 1 ? 17 : 32) : frame.channels === 1 ? 9 : 17;
  const xing = at + 4 + side;
  const tag = xing + 4 <= buf.length ? buf.toString('latin1', xing, xing + 4) : '';
  if (tag === 'Xing' || tag === 'Info') {
    const flags = buf.readUInt32BE(xing + 4);
    const frames = flags & 1 ? buf.readUInt32BE(xing + 8) : undefined;
    const bytes = flags & 2 ? buf.readUInt32BE(xing + 8 + (flags & 1 ? 4 : 0)) : undefined;
    return { frames, bytes };
  }
  const vbri = at + 36;
  if (vbri + 4 <= buf.length && buf.toString('latin1', vbri, vbri + 4) === 'VBRI') {
    return { bytes: buf.readUInt32BE(vbri + 10), frames: buf.readUInt32BE(vbri + 14) };
  }
  return null;
}

/** Reads the first MPEG audio frame after any ID3v2 tags; null when the bytes hold no plausible MP3 stream. */
export const parseMp3 = (buf: Buffer, totalSize?: number): Mp3Info | null => parsingBytes(() => readMp3(buf, totalSize));

function readMp3(buf: Buffer, totalSize?: number): Mp3Info | null {
  const start = id3Length(buf);
  if (start >= buf.length) return null;
  let at = start;
  let frame: Mp3Frame | null = null;
  for (; at < Math.min(buf.length, start + MAX_SCAN); at += 1) {
    frame = frameAt(buf, at);
    if (!frame) continue;
    // One header can be chance; the next frame starting where this one ends is not.
    const next = at + frame.length;
    if (next + 4 > buf.length || frameAt(buf, next)?.sampleRate === frame.sampleRate) break;
    frame = null;
  }
  if (!frame) return null;
  const { version, layer, sampleRate, channels } = frame;
  const vbr = vbrHeader(buf, at, frame);
  let duration: number | undefined;
  let bitrate = frame.bitrate;
  if (vbr?.frames) {
    duration = (vbr.frames * frame.samples) / sampleRate;
    const bytes = vbr.bytes ?? (totalSize !== undefined ? totalSize - at : undefined);
    if (bytes && bytes > 0) bitrate = Math.round((bytes * 8) / duration / 1000);
  } else if (totalSize !== undefined && totalSize > at) {
    duration = ((totalSize - at) * 8) / (frame.bitrate * 1000);
  }
  return { version, layer, bitrate, sampleRate, channels, duration };
}
