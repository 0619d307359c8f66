import 'server-only';
import { open } from 'node:fs/promises';
import { firstProgram, packetsOf, pmtStreams, PACKET, TS_AUDIO_TYPES, TS_TIMED_ID3 } from '@/lib/media/formats/mpegts';
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

/** A segmenter writes PAT, PMT and the first keyframe (with its SPS) at the head of the stream. */
const HEAD_BYTES = 376 * 1024;
/** H.264 profiles whose pictures are always 8-bit 4:2:0: Baseline, Main, Extended, High. */
const AVC_420 = new Set([66, 77, 88, 100]);

interface TsHead {
  types: Map<number, number>;
  /** The first bytes of each elementary stream's payload after the PMT (PES headers included), by PID. */
  payloads: Map<number, Buffer[]>;
}

/** The first program's streams and their first bytes; undefined when the head is not MPEG-TS read cleanly. */
function readTsHead(buf: Buffer): TsHead | undefined {
  try {
    const packets = packetsOf(buf);
    const program = firstProgram(packets);
    if (!program) return undefined;
    const types = new Map(pmtStreams(program.pmt).map((s) => [s.pid, s.type]));
    const payloads = new Map<number, Buffer[]>();
    for (const packet of packets.slice(packets.indexOf(program.pmt) + 1)) {
      if (types.has(packet.pid)) payloads.set(packet.pid, [...(payloads.get(packet.pid) ?? []), packet.payload]);
    }
    return types.size > 0 ? { types, payloads } : undefined;
  } catch {
    return undefined;
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
    } else if (TS_AUDIO_TYPES[type] && !result.audio) {
      result.audio = { codecType: 'audio', codecName: TS_AUDIO_TYPES[type] };
    } else if (type !== TS_TIMED_ID3) {
      // A second picture or sound, HEVC, AC-3, private data that may be either: the probe decides which is which.
      return undefined;
    }
  }
  return result;
}
