import { AppError } from '@/lib/errors';
import { decryptAdtsSamples } from '../hls-keys';
import { readingSourceBytes } from '../iso-boxes';
import { packetize, packetsOf, pesHeaderLength, pmtPidOf, pmtStreams, rewritePmt, type TsPacket } from './mpegts';
import { decryptH264 } from './nal-samples';
import { decryptSyncFrames } from './sync-frames';

/**
 * Stream types of SAMPLE-AES elementary streams (Apple's MPEG-2 Stream Encryption Format) and the clear types
 * they are written back as (H.264 0xdb → 0x1b, AAC 0xcf → 0x0f, AC-3 0xc1 → 0x81, E-AC-3 0xc2 → 0x87), so the
 * demuxer reads the decrypted stream as what it is. A stream already typed as clear in a SAMPLE-AES playlist is
 * encrypted all the same.
 */
const CLEAR_TYPE: Record<number, number> = { 0xdb: 0x1b, 0xcf: 0x0f, 0xc1: 0x81, 0xc2: 0x87, 0x1b: 0x1b, 0x0f: 0x0f, 0x81: 0x81, 0x87: 0x87 };
const VIDEO_TYPES = new Set([0xdb, 0x1b]);
const DOLBY_TYPES = new Set([0xc1, 0xc2, 0x81, 0x87]);
/** Picture and sound types the format does not define SAMPLE-AES for (MPEG-1/2, MPEG-4 part 2, LATM, HEVC). */
const UNDEFINED_MEDIA = new Set([0x01, 0x02, 0x03, 0x04, 0x10, 0x11, 0x24]);

type Decrypt = (es: Buffer) => Buffer;

interface Pending {
  packets: TsPacket[];
}

/**
 * One MPEG-TS segment under SAMPLE-AES → the same segment in clear: H.264 NAL units, ADTS AAC frames and AC-3 /
 * E-AC-3 sync frames are decrypted inside their PES packets, each changed PES is packetized again (its size may
 * change with emulation prevention), the PMT names the clear stream types. Other streams pass through byte for byte.
 */
export function decryptSampleAesTs(segment: Buffer, key: Buffer, iv: Buffer): Buffer {
  return readingSourceBytes(() => decryptSegmentSamples(segment, key, iv));
}

function decryptSegmentSamples(segment: Buffer, key: Buffer, iv: Buffer): Buffer {
  const packets = packetsOf(segment);
  const pmtPid = packets.find((p) => p.pid === 0 && p.start) && pmtPidOf(packets.find((p) => p.pid === 0 && p.start)!);
  const pmt = packets.find((p) => p.pid === pmtPid && p.start);
  if (pmtPid === undefined || !pmt) throw new AppError('upstream_failed', 'The segment has no program map', { retryable: false });
  const decryptors = new Map<number, Decrypt>();
  const types = new Map<number, number>();
  for (const stream of pmtStreams(pmt)) {
    // Never a file that cannot be decoded: a media stream we cannot know to be clear is refused as DRM.
    if (UNDEFINED_MEDIA.has(stream.type)) throw new AppError('drm_protected', 'This media is DRM-protected and cannot be downloaded');
    const clear = CLEAR_TYPE[stream.type];
    if (clear === undefined) continue;
    types.set(stream.pid, clear);
    decryptors.set(stream.pid, VIDEO_TYPES.has(stream.type) ? (es) => decryptH264(es, key, iv)
      : DOLBY_TYPES.has(stream.type) ? (es) => decryptSyncFrames(es, key, iv) : (es) => decryptAdtsSamples(es, key, iv));
  }
  const out: Buffer[] = [];
  const pending = new Map<number, Pending>();
  // Continuity counters run on from the first packet of each stream: a re-packetized PES may change its count.
  const nextCc = new Map<number, number>();
  const flush = (pid: number) => {
    const open = pending.get(pid);
    pending.delete(pid);
    if (!open) return;
    const pes = Buffer.concat(open.packets.map((p) => p.payload));
    const header = pesHeaderLength(pes);
    const clear = Buffer.concat([pes.subarray(0, header), decryptors.get(pid)!(pes.subarray(header))]);
    // PES_packet_length: 0 (unbounded, video only) stays 0; otherwise it is the new length, or 0 past 16 bits.
    const length = pes.readUInt16BE(4) === 0 || clear.length - 6 > 0xffff ? 0 : clear.length - 6;
    clear.writeUInt16BE(length, 4);
    const cc = nextCc.get(pid) ?? open.packets[0].raw[3] & 0x0f;
    const rewritten = packetize(pid, clear, open.packets[0].adaptation, cc);
    nextCc.set(pid, (cc + rewritten.length) & 0x0f);
    out.push(...rewritten);
  };
  for (const packet of packets) {
    if (packet.pid === pmtPid) {
      out.push(packet.start ? rewritePmt(packet, types) : packet.raw);
      continue;
    }
    if (!decryptors.has(packet.pid)) {
      out.push(packet.raw);
      continue;
    }
    if (packet.start) {
      flush(packet.pid);
      pending.set(packet.pid, { packets: [packet] });
    } else {
      pending.get(packet.pid)?.packets.push(packet);
    }
  }
  for (const pid of [...pending.keys()]) flush(pid);
  return Buffer.concat(out);
}

/**
 * The head of a SAMPLE-AES MPEG-TS segment with its PMT naming the clear stream types, for a probe: the codec
 * parameters (SPS, PPS, ADTS headers) are never encrypted, so the probe reads them once the types are clear.
 */
export function withClearStreamTypes(head: Buffer): Buffer {
  const whole = head.subarray(0, head.length - (head.length % 188));
  let packets: TsPacket[];
  try {
    packets = packetsOf(whole);
  } catch {
    return head;
  }
  const pat = packets.find((p) => p.pid === 0 && p.start);
  const pmtPid = pat && pmtPidOf(pat);
  const pmt = packets.find((p) => p.pid === pmtPid && p.start);
  if (!pmt) return head;
  const types = new Map(pmtStreams(pmt).flatMap((s) => (CLEAR_TYPE[s.type] === undefined ? [] : [[s.pid, CLEAR_TYPE[s.type]] as [number, number]])));
  return Buffer.concat(packets.map((p) => (p.pid === pmtPid && p.start ? rewritePmt(p, types) : p.raw)));
}
