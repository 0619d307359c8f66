import { ascii, malformed, parsingBytes, startsWith } from './bytes';

export interface ImageInfo {
  /** ffprobe's codec name: mjpeg, png, webp, gif */
  codec: 'mjpeg' | 'png' | 'webp' | 'gif';
  width: number;
  height: number;
}

/** JPEG files carry a few dozen segments before the frame header; thousands is a crafted file. */
const MAX_SEGMENTS = 1024;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];


/** SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC), which share the range but are not frame headers. */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);

function jpeg(buf: Buffer): ImageInfo | null {
  let at = 2;
  for (let count = 0; count < MAX_SEGMENTS; count += 1) {
    if (buf.readUInt8(at) !== 0xff) throw malformed();
    let marker = buf.readUInt8(at + 1);
    // Any number of 0xFF fill bytes may precede a marker.
    while (marker === 0xff) marker = buf.readUInt8(++at + 1);
    at += 2;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // no length field
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame header
    const length = buf.readUInt16BE(at);
    if (length < 2) throw malformed();
    if (isStartOfFrame(marker)) {
      const height = buf.readUInt16BE(at + 3);
      const width = buf.readUInt16BE(at + 5);
      return width && height ? { codec: 'mjpeg', width, height } : null;
    }
    at += length;
  }
  throw malformed();
}

function png(buf: Buffer): ImageInfo | null {
  if (buf.toString('latin1', 12, 16) !== 'IHDR') throw malformed();
  const width = buf.readUInt32BE(16);
  const height = buf.readUInt32BE(20);
  return width && height ? { codec: 'png', width, height } : null;
}

function webp(buf: Buffer): ImageInfo | null {
  const chunk = buf.toString('latin1', 12, 16);
  let width = 0;
  let height = 0;
  if (chunk === 'VP8 ') {
    // Key frame: 3-byte frame tag, start code 9d 01 2a, then 14-bit width and height.
    if (buf.readUIntBE(23, 3) !== 0x9d012a) throw malformed();
    width = buf.readUInt16LE(26) & 0x3fff;
    height = buf.readUInt16LE(28) & 0x3fff;
  } else if (chunk === 'VP8L') {
    if (buf.readUInt8(20) !== 0x2f) throw malformed();
    const bits = buf.readUInt32LE(21);
    width = (bits & 0x3fff) + 1;
    height = ((bits >>> 14) & 0x3fff) + 1;
  } else if (chunk === 'VP8X') {
    width = buf.readUIntLE(24, 3) + 1;
    height = buf.readUIntLE(27, 3) + 1;
  } else return null;
  return width && height ? { codec: 'webp', width, height } : null;
}

function gif(buf: Buffer): ImageInfo | null {
  const width = buf.readUInt16LE(6);
  const height = buf.readUInt16LE(8);
  return width && height ? { codec: 'gif', width, height } : null;
}

const READERS: Partial<Record<ImageType, (buf: Buffer) => ImageInfo | null>> = { 'image/jpeg': jpeg, 'image/png': png, 'image/gif': gif, 'image/webp': webp };

/** Dimensions of a JPEG, PNG, WebP or GIF from its first bytes; null for anything else. */
export const parseImage = (buf: Buffer): ImageInfo | null => parsingBytes(() => {
  const type = imageTypeOf(buf);
  return (type && READERS[type]?.(buf)) ?? null;
});

/**
 * The picture types we serve, told by their first bytes — never by the name or the Content-Type the source gave,
 * which a hostile host writes as it likes. SVG (which can carry script) and everything else is refused.
 */
export type ImageType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp' | 'image/avif';


/** AVIF is an ISO-BMFF file whose `ftyp` box names the `avif` (still) or `avis` (sequence) brand. */
function isAvif(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== 'ftyp') return false;
  const boxSize = ((bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) >>> 0;
  const end = Math.min(boxSize, bytes.length, 256);
  const brands = [ascii(bytes, 8, 4)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(bytes, at, 4));
  return brands.some((brand) => brand === 'avif' || brand === 'avis');
}

export function imageTypeOf(bytes: Uint8Array): ImageType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')) return 'image/gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'image/webp';
  if (isAvif(bytes)) return 'image/avif';
  return undefined;
}
