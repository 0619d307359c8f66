import { AppError } from '@/lib/errors';
import { drmProtected, readingSourceBytes } from '@/lib/media/formats/bytes';
import { CLEAR_TYPE, firstProgram, packetize, packetsOf, pesHeaderLength, pmtStreams, rewritePmt, type TsPacket } from '@/lib/media/formats/mpegts';
import { decryptAdtsSamples } from '../hls-keys';
import { decryptH264 } from './nal-samples';
import { decryptSyncFrames } from './sync-frames';

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
  const program = firstProgram(packets);
  if (!program) throw new AppError('upstream_failed', 'The segment has no program map', { retryable: false });
  const { pmtPid, pmt } = program;
  const decryptors = new Map<number, Decrypt>();
  const types = new Map<number, number>();
  for (const stream of pmtStreams(pmt)) {
    // Never a file that cannot be decoded: a media stream we cannot know to be clear is refused as DRM.
    if (UNDEFINED_MEDIA.has(stream.type)) throw drmProtected();
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
