import { AppError } from '@/lib/errors';
import { drmProtected as drm, readingSourceBytes } from '@/lib/media/formats/bytes';
import { childBoxes, findBox, isoBoxes, type IsoBox } from '@/lib/media/formats/iso-boxes';
import { sampleEntryChildren } from '@/lib/media/formats/mp4';
import { trackDefaults } from '@/lib/media/formats/mp4-fragments';

/**
 * Common Encryption 'cbcs' (ISO/IEC 23001-7) as HLS SAMPLE-AES carries it in fMP4: what the init segment says of
 * each protected track, and the same init segment in clear.
 */
export interface CbcsTrack {
  trackId: number;
  /** tenc's default_isProtected: a track listed but not protected is left as it is. */
  protected: boolean;
  /** The pattern: `crypt` 16-byte blocks encrypted, then `skip` left clear (no skip: every whole block). */
  crypt: number;
  skip: number;
  /** Bytes of IV each sample carries in senc; 0 when the track has one constant IV. */
  perSampleIvSize: number;
  constantIv?: Buffer;
  /** trex's default_sample_size, for fragments whose tfhd and trun name none. */
  defaultSampleSize: number;
}

export interface CbcsInit {
  tracks: Map<number, CbcsTrack>;
  /** The init segment with each `encv`/`enca` back to its original format and the protection boxes neutralised. */
  clear: Buffer;
}

const FREE = Buffer.from('free', 'latin1');

function readTenc(buf: Buffer, tenc: IsoBox): Omit<CbcsTrack, 'trackId' | 'defaultSampleSize'> {
  const version = buf[tenc.body];
  const pattern = version > 0 ? buf[tenc.body + 5] : 0;
  const isProtected = buf[tenc.body + 6] === 1;
  const perSampleIvSize = buf[tenc.body + 7];
  const track = { protected: isProtected, crypt: pattern >> 4, skip: pattern & 0x0f, perSampleIvSize };
  if (!isProtected || perSampleIvSize !== 0) return track;
  const size = buf[tenc.body + 24];
  if (size !== 8 && size !== 16) throw new AppError('upstream_failed', 'The media could not be read', { retryable: false });
  return { ...track, constantIv: Buffer.from(buf.subarray(tenc.body + 25, tenc.body + 25 + size)) };
}

/** The track's protected sample entry, rewritten in `out`; undefined when the track is clear. */
function protectedEntry(buf: Buffer, out: Buffer, stsd: IsoBox): Omit<CbcsTrack, 'trackId' | 'defaultSampleSize'> | undefined {
  for (const entry of childBoxes(buf, stsd, 8)) {
    if (entry.type !== 'encv' && entry.type !== 'enca') continue;
    const children = isoBoxes(buf, sampleEntryChildren(buf, entry, entry.type === 'encv'), entry.end);
    const sinf = children.find((b) => b.type === 'sinf');
    if (!sinf) throw drm();
    const inner = childBoxes(buf, sinf);
    const frma = inner.find((b) => b.type === 'frma');
    const schm = inner.find((b) => b.type === 'schm');
    const tenc = findBox(buf, inner, 'schi/tenc');
    // Only 'cbcs' is what SAMPLE-AES in fMP4 is; 'cenc', 'cens', 'cbc1' come from key systems.
    if (!frma || !schm || !tenc || buf.toString('latin1', schm.body + 4, schm.body + 8) !== 'cbcs') throw drm();
    buf.copy(out, entry.start + 4, frma.body, frma.body + 4);
    FREE.copy(out, sinf.start + 4);
    return readTenc(buf, tenc);
  }
  return undefined;
}

/** Reads the protected tracks of a 'cbcs' init segment and writes it in clear. Any other scheme is DRM. */
export function readCbcsInit(init: Buffer): CbcsInit {
  return readingSourceBytes(() => {
    const out = Buffer.from(init);
    const top = isoBoxes(init);
    const moov = top.find((b) => b.type === 'moov');
    if (!moov) throw new AppError('upstream_failed', 'The media could not be read', { retryable: false });
    const inMoov = childBoxes(init, moov);
    const trex = trackDefaults(init);
    const tracks = new Map<number, CbcsTrack>();
    for (const trak of inMoov.filter((b) => b.type === 'trak')) {
      const inTrak = childBoxes(init, trak);
      const tkhd = inTrak.find((b) => b.type === 'tkhd');
      const stsd = findBox(init, inTrak, 'mdia/minf/stbl/stsd');
      if (!tkhd || !stsd) continue;
      const trackId = init.readUInt32BE(tkhd.body + (init[tkhd.body] === 1 ? 20 : 12));
      const entry = protectedEntry(init, out, stsd);
      if (entry) tracks.set(trackId, { trackId, ...entry, defaultSampleSize: trex.get(trackId)?.size ?? 0 });
    }
    // Key system data is meaningless once the samples are clear.
    for (const box of inMoov) if (box.type === 'pssh') FREE.copy(out, box.start + 4);
    return { tracks, clear: out };
  });
}
