import { AppError } from '@/lib/errors';

export interface ImageInfo {
  /** ffprobe's codec name: mjpeg, png, webp, gif */
  codec: 'mjpeg' | 'png' | 'webp' | 'gif';
  width: number;
  height: number;
}

/** JPEG files carry a few dozen segments before the frame header; thousands is a crafted file. */
const MAX_SEGMENTS = 1024;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const malformed = () => new AppError('upstream_failed', 'The media could not be read');

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

/** Dimensions of a JPEG, PNG, WebP or GIF from its first bytes; null for anything else. */
export function parseImage(buf: Buffer): ImageInfo | null {
  try {
    if (buf.length >= 3 && buf.readUIntBE(0, 3) === 0xffd8ff) return jpeg(buf);
    if (buf.length >= 8 && buf.subarray(0, 8).equals(PNG_SIGNATURE)) return png(buf);
    const magic = buf.toString('latin1', 0, 6);
    if (magic === 'GIF87a' || magic === 'GIF89a') return gif(buf);
    if (magic.startsWith('RIFF') && buf.toString('latin1', 8, 12) === 'WEBP') return webp(buf);
    return null;
  } catch (error) {
    if (error instanceof RangeError) throw malformed();
    throw error;
  }
}
