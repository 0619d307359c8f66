import 'server-only';
import { open } from 'node:fs/promises';
import type { HintedStream } from './convert-hints';

/**
 * What an MPEG-TS file we wrote carries, read from its first bytes in-process: the PMT's stream types and, for
 * H.264, the profile of the first sequence parameter set. Enough to copy both streams without an ffprobe start
 * (which costs more than the copy itself). Anything less certain is undefined and the file is probed.
 */
export interface SniffedStreams {
  video?: HintedStream;
  audio?: HintedStream;
}

const PACKET = 188;
/** A segmenter writes PAT, PMT and the first keyframe (with its SPS) at the head of the stream. */
const HEAD_BYTES = 376 * 1024;
/** H.264 profiles whose pictures are always 8-bit 4:2:0: Baseline, Main, Extended, High. */
const AVC_420 = new Set([66, 77, 88, 100]);
const TS_AUDIO: Record<number, string> = { 0x0f: 'aac', 0x03: 'mp3', 0x04: 'mp3' };
/** Timestamps and tags beside the media (HLS timed metadata): never mapped, so harmless. */
const TIMED_ID3 = 0x15;

interface TsHead {
  types: Map<number, number>;
  /** The first bytes of each elementary stream's payload (PES headers included), by PID. */
  payloads: Map<number, Buffer[]>;
}

function readTsHead(buf: Buffer): TsHead | undefined {
  let pmtPid: number | undefined;
  const types = new Map<number, number>();
  const payloads = new Map<number, Buffer[]>();
  for (let at = 0; at + PACKET <= buf.length; at += PACKET) {
    if (buf[at] !== 0x47) return undefined;
    const pid = ((buf[at + 1] & 0x1f) << 8) | buf[at + 2];
    const control = (buf[at + 3] >> 4) & 0x3;
    const start = Boolean(buf[at + 1] & 0x40);
    const body = control & 0x2 ? at + 5 + buf[at + 4] : at + 4;
    if (!(control & 0x1) || body >= at + PACKET) continue;
    const payload = buf.subarray(body, at + PACKET);
    if (pid === 0 && start && pmtPid === undefined) pmtPid = programMapPid(payload.subarray(1 + payload[0]));
    else if (pid === pmtPid && start && types.size === 0) readPmt(payload.subarray(1 + payload[0]), types);
    else if (types.has(pid)) payloads.set(pid, [...(payloads.get(pid) ?? []), payload]);
  }
  return types.size > 0 ? { types, payloads } : undefined;
}

function programMapPid(section: Buffer): number | undefined {
  if (section[0] !== 0x00 || section.length < 12) return undefined;
  const end = Math.min(section.length, 3 + (((section[1] & 0x0f) << 8) | section[2]) - 4);
  for (let at = 8; at + 4 <= end; at += 4) if (section.readUInt16BE(at) !== 0) return section.readUInt16BE(at + 2) & 0x1fff;
  return undefined;
}

function readPmt(section: Buffer, types: Map<number, number>): void {
  if (section[0] !== 0x02 || section.length < 12) return;
  const end = Math.min(section.length, 3 + (((section[1] & 0x0f) << 8) | section[2]) - 4);
  let at = 12 + (((section[10] & 0x0f) << 8) | section[11]);
  while (at + 5 <= end) {
    types.set(((section[at + 1] & 0x1f) << 8) | section[at + 2], section[at]);
    at += 5 + (((section[at + 3] & 0x0f) << 8) | section[at + 4]);
  }
}

/** The profile_idc of the first SPS (NAL type 7) in Annex B bytes. */
function spsProfile(es: Buffer): number | undefined {
  for (let at = 0; at + 4 < es.length; at++) {
    if (es[at] === 0 && es[at + 1] === 0 && es[at + 2] === 1 && (es[at + 3] & 0x1f) === 7) return es[at + 4];
  }
  return undefined;
}

/** The picture and sound of an MPEG-TS file's first program, when its head says them precisely; else undefined. */
export async function sniffTsStreams(file: string): Promise<SniffedStreams | undefined> {
  const handle = await open(file, 'r');
  let head: Buffer;
  try {
    const buf = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buf, 0, HEAD_BYTES, 0);
    head = buf.subarray(0, bytesRead - (bytesRead % PACKET));
  } finally {
    await handle.close();
  }
  const ts = readTsHead(head);
  if (!ts) return undefined;
  const result: SniffedStreams = {};
  for (const [pid, type] of ts.types) {
    if (type === 0x1b && !result.video) {
      const profile = spsProfile(Buffer.concat(ts.payloads.get(pid) ?? []));
      // An SPS not in the head, or a profile that allows 4:4:4 or 10-bit pictures: only a probe can tell.
      if (profile === undefined || !AVC_420.has(profile)) return undefined;
      result.video = { codecType: 'video', codecName: 'h264', pixFmt: 'yuv420p' };
    } else if (TS_AUDIO[type] && !result.audio) {
      result.audio = { codecType: 'audio', codecName: TS_AUDIO[type] };
    } else if (type !== TIMED_ID3) {
      // A second picture or sound, HEVC, AC-3, private data that may be either: the probe decides which is which.
      return undefined;
    }
  }
  return result;
}
