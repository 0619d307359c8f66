import { frameAt, id3Length, type Mp3Frame } from '@/lib/media/formats/mp3';
import { firstProgram, packetsOf, pesHeaderLength, pmtStreams, PACKET, TS_AUDIO_TYPES, TS_TIMED_ID3 } from '@/lib/media/formats/mpegts';

/** What an audio segment says of its sound, measured from its own frames. */
export interface AudioSegmentInfo {
  /** ffprobe's codec name, so a result reads the same whichever path produced it */
  acodec: 'aac' | 'mp1' | 'mp2' | 'mp3';
  channels?: number;
  /** kbit/s: the frames' bytes (headers included) over the time their samples play, as ffprobe's parser counts */
  kbps: number;
}

/** Fewer frames than this (~0.2 s) say too little about a variable bitrate to be worth a figure. */
const MIN_FRAMES = 8;
const ADTS_RATES = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];
/** ADTS channel configurations 1–7 as channel counts; 0 (the layout is in the stream) is left to ffprobe. */
const ADTS_CHANNELS = [0, 1, 2, 3, 4, 5, 6, 8];
const MPEG_LAYERS = { 1: 'mp1', 2: 'mp2', 3: 'mp3' } as const;

interface Tally {
  acodec: AudioSegmentInfo['acodec'];
  channels?: number;
  bytes: number;
  seconds: number;
  frames: number;
}

const result = (tally: Tally | null): AudioSegmentInfo | null => {
  if (!tally || tally.frames < MIN_FRAMES || tally.seconds <= 0) return null;
  const kbps = Math.round((tally.bytes * 8) / tally.seconds / 1000);
  return kbps > 0 ? { acodec: tally.acodec, ...(tally.channels ? { channels: tally.channels } : {}), kbps } : null;
};

/** Whole ADTS frames from the start of `es`; stops at the first byte that is not one (or a frame cut short). */
function adtsFrames(es: Buffer): Tally | null {
  const tally: Tally = { acodec: 'aac', bytes: 0, seconds: 0, frames: 0 };
  let at = 0;
  while (at + 7 <= es.length && es[at] === 0xff && (es[at + 1] & 0xf6) === 0xf0) {
    const rate = ADTS_RATES[(es[at + 2] >> 2) & 0x0f];
    const channels = ADTS_CHANNELS[((es[at + 2] & 0x01) << 2) | (es[at + 3] >> 6)];
    const length = ((es[at + 3] & 0x03) << 11) | (es[at + 4] << 3) | (es[at + 5] >> 5);
    const blocks = (es[at + 6] & 0x03) + 1;
    if (!rate || length < 7 || at + length > es.length) break;
    if (!channels) return null;
    tally.channels = channels;
    tally.bytes += length;
    tally.seconds += (blocks * 1024) / rate;
    tally.frames += 1;
    at += length;
  }
  return tally.frames ? tally : null;
}

/** Whole MPEG audio frames from the start of `es`, the same way. */
function mpegFrames(es: Buffer): Tally | null {
  const first = frameAt(es, 0);
  if (!first) return null;
  const tally: Tally = { acodec: MPEG_LAYERS[first.layer], channels: first.channels, bytes: 0, seconds: 0, frames: 0 };
  let at = 0;
  for (let frame: Mp3Frame | null = first; frame && frame.layer === first.layer && at + frame.length <= es.length; frame = frameAt(es, at)) {
    tally.bytes += frame.length;
    tally.seconds += frame.samples / frame.sampleRate;
    tally.frames += 1;
    at += frame.length;
  }
  return tally;
}

const elementary = (es: Buffer) => adtsFrames(es) ?? mpegFrames(es);

/** The one audio stream of an MPEG-TS segment as its elementary stream; null when there is video or more than one. */
function tsAudio(segment: Buffer): Buffer | null {
  const packets = packetsOf(segment.subarray(0, segment.length - (segment.length % PACKET)));
  const program = firstProgram(packets);
  if (!program) return null;
  const streams = pmtStreams(program.pmt).filter((s) => s.type !== TS_TIMED_ID3);
  if (streams.length !== 1 || !TS_AUDIO_TYPES[streams[0].type]) return null;
  const chunks: Buffer[] = [];
  for (const packet of packets) {
    if (packet.pid !== streams[0].pid) continue;
    if (!packet.start) {
      if (chunks.length) chunks.push(packet.payload);
      continue;
    }
    chunks.push(packet.payload.subarray(pesHeaderLength(packet.payload)));
  }
  return Buffer.concat(chunks);
}

/**
 * An audio-only HLS segment (MPEG-TS, or packed ADTS AAC / MPEG audio after its ID3 tags) described from its own
 * frame headers, without ffprobe's process start: codec, channels and bitrate. Null when unsure (video, AC-3,
 * several streams, malformed bytes): ffprobe decides then.
 */
export function describeAudioSegment(segment: Buffer): AudioSegmentInfo | null {
  try {
    if (segment.length >= PACKET && segment[0] === 0x47) {
      const es = tsAudio(segment);
      return es ? result(elementary(es)) : null;
    }
    return result(elementary(segment.subarray(id3Length(segment))));
  } catch {
    // Malformed to our parsers may still be readable by ffprobe, which is more forgiving.
    return null;
  }
}
