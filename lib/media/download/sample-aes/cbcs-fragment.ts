import { createDecipheriv } from 'node:crypto';
import { AppError } from '@/lib/errors';
import { readingSourceBytes } from '@/lib/media/formats/bytes';
import { childBoxes, isoBoxes, type IsoBox } from '@/lib/media/formats/iso-boxes';
import { readTrackFragment, type TrackFragment } from '@/lib/media/formats/mp4-fragments';
import type { CbcsInit, CbcsTrack } from './cbcs-init';

/**
 * One fMP4 media segment under 'cbcs' → the same segment in clear. Per sample (trun, with tfhd's and trex's
 * defaults), senc gives the IV (unless the track has a constant one) and the subsamples: `clear` bytes left as
 * they are, then `protected` bytes in which the pattern applies — `crypt` whole 16-byte blocks decrypted, `skip`
 * blocks left, again; the encrypted blocks of one protected range are one AES-128-CBC chain that starts from the
 * IV in every range, and a final part shorter than a block is clear. A sample without subsamples (audio) is one
 * protected range. senc, saiz, saio and the 'seig' sample groups become `free` boxes: nothing is encrypted any more.
 */
const malformed = () => new AppError('upstream_failed', 'The media could not be read', { retryable: false });
const FREE = Buffer.from('free', 'latin1');

interface Sample {
  at: number;
  size: number;
}

/** A protected range decrypted in place. */
export function decryptPattern(buf: Buffer, start: number, length: number, key: Buffer, iv: Buffer, crypt: number, skip: number): void {
  const blocks = Math.floor(length / 16);
  const picked: number[] = [];
  // No skip: every whole block is encrypted (whole-sample audio, and tenc without a pattern).
  const run = skip === 0 ? blocks : Math.max(1, crypt);
  for (let b = 0; b < blocks; b += skip) {
    for (let end = Math.min(blocks, b + run); b < end; b++) picked.push(start + b * 16);
  }
  if (picked.length === 0) return;
  const sealed = Buffer.concat(picked.map((at) => buf.subarray(at, at + 16)));
  const decipher = createDecipheriv('aes-128-cbc', key, iv).setAutoPadding(false);
  const open = Buffer.concat([decipher.update(sealed), decipher.final()]);
  picked.forEach((at, i) => open.copy(buf, at, i * 16, i * 16 + 16));
}

/** An 8-byte IV is the first half of the 16 the cipher takes, the rest zeros. */
const fullIv = (iv: Buffer) => (iv.length === 16 ? iv : Buffer.concat([iv, Buffer.alloc(16 - iv.length)]));

/** Where each sample lies in the segment: from tfhd's base (a file offset, else the moof), run after run. */
function samplesOf(fragment: TrackFragment, moof: IsoBox, track: CbcsTrack, fileOffset: number, length: number): Sample[] {
  const base = fragment.baseDataOffset !== undefined ? fragment.baseDataOffset - fileOffset : moof.start;
  const defaultSize = fragment.defaultSize ?? track.defaultSampleSize;
  const samples: Sample[] = [];
  let next = base;
  for (const run of fragment.runs) {
    if (run.dataOffset !== undefined) next = base + run.dataOffset;
    for (const { size = defaultSize } of run.samples) {
      samples.push({ at: next, size });
      next += size;
    }
  }
  if (samples.some((s) => s.at < 0 || s.at + s.size > length)) throw malformed();
  return samples;
}

interface Keying {
  key: Buffer;
  playlistIv: Buffer;
  fileOffset: number;
}

function decryptTraf(buf: Buffer, out: Buffer, moof: IsoBox, traf: IsoBox, init: CbcsInit, { key, playlistIv, fileOffset }: Keying): void {
  const fragment = readTrackFragment(buf, traf);
  const { boxes } = fragment;
  const track = init.tracks.get(fragment.trackId);
  if (!track?.protected) return;
  const samples = samplesOf(fragment, moof, track, fileOffset, buf.length);
  const senc = boxes.find((b) => b.type === 'senc');
  const withSubsamples = senc ? (buf.readUInt32BE(senc.body) & 0x02) !== 0 : false;
  let entry = senc ? senc.body + 8 : 0;
  if (senc && buf.readUInt32BE(senc.body + 4) !== samples.length) throw malformed();
  if (!senc && track.perSampleIvSize > 0) throw malformed();
  for (const sample of samples) {
    let iv = track.constantIv ?? playlistIv;
    if (senc && track.perSampleIvSize > 0) {
      iv = buf.subarray(entry, entry + track.perSampleIvSize);
      entry += track.perSampleIvSize;
    }
    iv = fullIv(iv);
    if (!withSubsamples) {
      decryptPattern(out, sample.at, sample.size, key, iv, track.crypt, track.skip);
      continue;
    }
    const count = buf.readUInt16BE(entry);
    entry += 2;
    let at = sample.at;
    for (let i = 0; i < count; i++, entry += 6) {
      at += buf.readUInt16BE(entry);
      const length = buf.readUInt32BE(entry + 2);
      if (at + length > sample.at + sample.size) throw malformed();
      decryptPattern(out, at, length, key, iv, track.crypt, track.skip);
      at += length;
    }
  }
  if (senc && entry > senc.end) throw malformed();
  for (const box of boxes) {
    const seig = (box.type === 'sbgp' || box.type === 'sgpd') && buf.toString('latin1', box.body + 4, box.body + 8) === 'seig';
    if (box.type === 'senc' || box.type === 'saiz' || box.type === 'saio' || seig) FREE.copy(out, box.start + 4);
  }
}

/**
 * A media segment decrypted with the tracks its init segment described; clear tracks pass untouched. `fileOffset`:
 * where the segment starts in its file, when it is a byte range of one.
 */
export function decryptCbcsSegment(segment: Buffer, init: CbcsInit, key: Buffer, playlistIv: Buffer, fileOffset = 0): Buffer {
  return readingSourceBytes(() => {
    const out = Buffer.from(segment);
    for (const moof of isoBoxes(segment).filter((b) => b.type === 'moof')) {
      for (const traf of childBoxes(segment, moof).filter((b) => b.type === 'traf')) decryptTraf(segment, out, moof, traf, init, { key, playlistIv, fileOffset });
    }
    return out;
  });
}
