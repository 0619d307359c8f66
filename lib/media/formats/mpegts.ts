import { AppError } from '@/lib/errors';

/** MPEG-TS (ISO/IEC 13818-1) as far as re-writing one stream's PES packets needs: packets, PAT/PMT, PES. */
export const PACKET = 188;
/** PMT stream types of sound in the clear, by ffmpeg's codec name. */
export const TS_AUDIO_TYPES: Record<number, 'aac' | 'mp3'> = { 0x0f: 'aac', 0x03: 'mp3', 0x04: 'mp3' };
/** Timed ID3 metadata (HLS tags beside the media): never a stream of its own. */
export const TS_TIMED_ID3 = 0x15;

export interface TsPacket {
  pid: number;
  /** payload_unit_start_indicator: a PES (or section) starts in this packet */
  start: boolean;
  /** the adaptation field, length byte included; empty when there is none */
  adaptation: Buffer;
  payload: Buffer;
  raw: Buffer;
}

const malformed = () => new AppError('upstream_failed', 'The segment is not valid MPEG-TS', { retryable: false });

export function readPacket(raw: Buffer): TsPacket {
  if (raw.length !== PACKET || raw[0] !== 0x47) throw malformed();
  const pid = ((raw[1] & 0x1f) << 8) | raw[2];
  const control = (raw[3] >> 4) & 0x3;
  let at = 4;
  let adaptation: Buffer = Buffer.alloc(0);
  if (control & 0x2) {
    adaptation = raw.subarray(4, 5 + raw[4]);
    at = 5 + raw[4];
    if (at > PACKET) throw malformed();
  }
  return { pid, start: Boolean(raw[1] & 0x40), adaptation, payload: control & 0x1 ? raw.subarray(at) : Buffer.alloc(0), raw };
}

export function packetsOf(segment: Buffer): TsPacket[] {
  if (segment.length % PACKET !== 0) throw malformed();
  const out: TsPacket[] = [];
  for (let at = 0; at < segment.length; at += PACKET) out.push(readPacket(segment.subarray(at, at + PACKET)));
  return out;
}

/** CRC-32/MPEG-2 of a PSI section. */
export function crc32Mpeg(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte << 24;
    for (let k = 0; k < 8; k++) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
  }
  return crc >>> 0;
}

/** The first program's map: its PMT's PID, from the first PAT packet that starts a section, and that PMT's packet. */
export function firstProgram(packets: TsPacket[]): { pmtPid: number; pmt: TsPacket } | undefined {
  const pat = packets.find((p) => p.pid === 0 && p.start);
  const section = pat?.payload.subarray(1 + pat.payload[0]);
  let pmtPid: number | undefined;
  for (let at = 8; section?.[0] === 0x00 && pmtPid === undefined && at + 4 <= 3 + (((section[1] & 0x0f) << 8) | section[2]) - 4; at += 4) {
    if (section.readUInt16BE(at) !== 0) pmtPid = section.readUInt16BE(at + 2) & 0x1fff;
  }
  const pmt = packets.find((p) => p.pid === pmtPid && p.start);
  return pmtPid === undefined || !pmt ? undefined : { pmtPid, pmt };
}

export interface PmtStream {
  type: number;
  pid: number;
  /** offset of stream_type within the packet, for rewriting */
  typeAt: number;
}

/** The streams a PMT packet lists (a PMT in one packet, as every segmenter writes it). */
export function pmtStreams(pmt: TsPacket): PmtStream[] {
  const pointer = pmt.payload[0];
  const base = PACKET - pmt.payload.length + 1 + pointer;
  const section = pmt.raw.subarray(base);
  if (section[0] !== 0x02) return [];
  const end = 3 + (((section[1] & 0x0f) << 8) | section[2]) - 4;
  if (end > section.length) throw malformed();
  const streams: PmtStream[] = [];
  let at = 12 + (((section[10] & 0x0f) << 8) | section[11]);
  while (at + 5 <= end) {
    streams.push({ type: section[at], pid: ((section[at + 1] & 0x1f) << 8) | section[at + 2], typeAt: base + at });
    at += 5 + (((section[at + 3] & 0x0f) << 8) | section[at + 4]);
  }
  return streams;
}

/** A PMT packet with stream types replaced (`types`: pid → new type) and its CRC computed again. */
export function rewritePmt(pmt: TsPacket, types: Map<number, number>): Buffer {
  const out = Buffer.from(pmt.raw);
  const base = PACKET - pmt.payload.length + 1 + pmt.payload[0];
  for (const stream of pmtStreams(pmt)) {
    const type = types.get(stream.pid);
    if (type !== undefined) out[stream.typeAt] = type;
  }
  const end = base + 3 + (((out[base + 1] & 0x0f) << 8) | out[base + 2]) - 4;
  out.writeUInt32BE(crc32Mpeg(out.subarray(base, end)), end);
  return out;
}

/** The PES header's length (ES data starts there) of a PES packet's bytes. */
export function pesHeaderLength(pes: Buffer): number {
  if (pes.length < 9 || pes[0] !== 0 || pes[1] !== 0 || pes[2] !== 1) throw malformed();
  return 9 + pes[8];
}

/**
 * A PES packet back into TS packets of `pid`: the first keeps the PCR (and random-access flag) the original first
 * packet carried, the last is padded with adaptation-field stuffing, continuity counters run on from `cc`.
 */
export function packetize(pid: number, pes: Buffer, firstAdaptation: Buffer, cc: number): Buffer[] {
  const flags = firstAdaptation.length > 1 ? firstAdaptation[1] : 0;
  const pcr = flags & 0x10 ? firstAdaptation.subarray(2, 8) : undefined;
  const out: Buffer[] = [];
  let at = 0;
  while (at < pes.length || out.length === 0) {
    const first = out.length === 0;
    const head: number[] = first && pcr ? [0x10 | (flags & 0x40), ...pcr] : [];
    const room = PACKET - 4 - (head.length ? 1 + head.length : 0);
    const take = Math.min(room, pes.length - at);
    let adaptation = head.length ? Buffer.from([head.length, ...head]) : Buffer.alloc(0);
    const missing = room - take;
    if (missing > 0) {
      // Stuffing: grow (or open) the adaptation field so the payload ends at the packet's end.
      adaptation = adaptation.length
        ? Buffer.concat([Buffer.from([adaptation[0] + missing]), adaptation.subarray(1), Buffer.alloc(missing, 0xff)])
        : missing === 1 ? Buffer.from([0]) : Buffer.concat([Buffer.from([missing - 1, 0]), Buffer.alloc(missing - 2, 0xff)]);
    }
    const packet = Buffer.alloc(PACKET);
    packet[0] = 0x47;
    packet[1] = (first ? 0x40 : 0) | ((pid >> 8) & 0x1f);
    packet[2] = pid & 0xff;
    packet[3] = (adaptation.length ? 0x30 : 0x10) | ((cc + out.length) & 0x0f);
    adaptation.copy(packet, 4);
    pes.copy(packet, 4 + adaptation.length, at, at + take);
    out.push(packet);
    at += take;
  }
  return out;
}

/**
 * Stream types of SAMPLE-AES elementary streams (Apple's MPEG-2 Stream Encryption Format) and the clear types
 * they are written back as (H.264 0xdb → 0x1b, AAC 0xcf → 0x0f, AC-3 0xc1 → 0x81, E-AC-3 0xc2 → 0x87), so the
 * demuxer reads the decrypted stream as what it is. A stream already typed as clear in a SAMPLE-AES playlist is
 * encrypted all the same.
 */
export const CLEAR_TYPE: Record<number, number> = { 0xdb: 0x1b, 0xcf: 0x0f, 0xc1: 0x81, 0xc2: 0x87, 0x1b: 0x1b, 0x0f: 0x0f, 0x81: 0x81, 0x87: 0x87 };

/**
 * The head of a SAMPLE-AES MPEG-TS segment with its PMT naming the clear stream types, for a probe: the codec
 * parameters (SPS, PPS, ADTS headers) are never encrypted, so the probe reads them once the types are clear.
 */
export function withClearStreamTypes(head: Buffer): Buffer {
  let packets: TsPacket[];
  try {
    packets = packetsOf(head.subarray(0, head.length - (head.length % PACKET)));
  } catch {
    return head;
  }
  const program = firstProgram(packets);
  if (!program) return head;
  const types = new Map(pmtStreams(program.pmt).flatMap((s) => (CLEAR_TYPE[s.type] === undefined ? [] : [[s.pid, CLEAR_TYPE[s.type]] as [number, number]])));
  return Buffer.concat(packets.map((p) => (p.pid === program.pmtPid && p.start ? rewritePmt(p, types) : p.raw)));
}
