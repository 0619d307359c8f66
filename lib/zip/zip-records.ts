/**
 * The byte records of a ZIP archive (APPNOTE 6.3.10), STORE method only. Sizes and offsets past 32 bits go in
 * ZIP64 fields; the 32-bit slots then hold 0xFFFFFFFF, as the format asks.
 */

export const MAX_32 = 0xffffffff;
export const MAX_16 = 0xffff;

/** Bit 3: sizes and CRC follow the data (we learn them while streaming). Bit 11: the name is UTF-8. */
const FLAGS = 0x0008 | 0x0800;
const VERSION_ZIP64 = 45;
const VERSION_PLAIN = 20;

export interface CentralEntry {
  name: Buffer;
  crc: number;
  size: number;
  offset: number;
  dosTime: number;
  dosDate: number;
}

/** MS-DOS time and date, in local time as unzip tools read them; years before 1980 clamp to 1980. */
export function dosDateTime(date: Date): { dosTime: number; dosDate: number } {
  const year = Math.max(1980, date.getFullYear());
  return {
    dosTime: (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1),
    dosDate: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

export function localHeader(entry: Omit<CentralEntry, 'crc' | 'size' | 'offset'>): Buffer {
  const head = Buffer.alloc(30);
  head.writeUInt32LE(0x04034b50, 0);
  // Every local header says 4.5: we cannot know yet whether this entry will need ZIP64.
  head.writeUInt16LE(VERSION_ZIP64, 4);
  head.writeUInt16LE(FLAGS, 6);
  head.writeUInt16LE(0, 8); // STORE
  head.writeUInt16LE(entry.dosTime, 10);
  head.writeUInt16LE(entry.dosDate, 12);
  // CRC and sizes (14..25) stay 0: the data descriptor carries them.
  head.writeUInt16LE(entry.name.length, 26);
  head.writeUInt16LE(0, 28);
  return Buffer.concat([head, entry.name]);
}

export function dataDescriptor(crc: number, size: number): Buffer {
  const zip64 = size >= MAX_32;
  const buf = Buffer.alloc(zip64 ? 24 : 16);
  buf.writeUInt32LE(0x08074b50, 0);
  buf.writeUInt32LE(crc, 4);
  if (zip64) {
    buf.writeBigUInt64LE(BigInt(size), 8);
    buf.writeBigUInt64LE(BigInt(size), 16);
  } else {
    buf.writeUInt32LE(size, 8);
    buf.writeUInt32LE(size, 12);
  }
  return buf;
}

export function centralHeader(entry: CentralEntry): Buffer {
  const zip64 = entry.size >= MAX_32 || entry.offset >= MAX_32;
  const extra = zip64 ? Buffer.alloc(28) : Buffer.alloc(0);
  if (zip64) {
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(24, 2);
    extra.writeBigUInt64LE(BigInt(entry.size), 4);
    extra.writeBigUInt64LE(BigInt(entry.size), 12);
    extra.writeBigUInt64LE(BigInt(entry.offset), 20);
  }
  const head = Buffer.alloc(46);
  head.writeUInt32LE(0x02014b50, 0);
  head.writeUInt16LE((3 << 8) | VERSION_ZIP64, 4); // made by: Unix, 4.5
  head.writeUInt16LE(zip64 ? VERSION_ZIP64 : VERSION_PLAIN, 6);
  head.writeUInt16LE(FLAGS, 8);
  head.writeUInt16LE(0, 10);
  head.writeUInt16LE(entry.dosTime, 12);
  head.writeUInt16LE(entry.dosDate, 14);
  head.writeUInt32LE(entry.crc, 16);
  head.writeUInt32LE(zip64 ? MAX_32 : entry.size, 20);
  head.writeUInt32LE(zip64 ? MAX_32 : entry.size, 24);
  head.writeUInt16LE(entry.name.length, 28);
  head.writeUInt16LE(extra.length, 30);
  // comment length, disk number, internal attributes: 0
  head.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
  head.writeUInt32LE(zip64 ? MAX_32 : entry.offset, 42);
  return Buffer.concat([head, entry.name, extra]);
}

/** The end records: ZIP64 end + locator when any count, size or offset overflows, then the classic end. */
export function endOfArchive(count: number, cdOffset: number, cdSize: number): Buffer {
  const zip64 = count >= MAX_16 || cdOffset >= MAX_32 || cdSize >= MAX_32;
  const parts: Buffer[] = [];
  if (zip64) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE((3 << 8) | VERSION_ZIP64, 12);
    record.writeUInt16LE(VERSION_ZIP64, 14);
    // this disk, disk of the central directory: 0
    record.writeBigUInt64LE(BigInt(count), 24);
    record.writeBigUInt64LE(BigInt(count), 32);
    record.writeBigUInt64LE(BigInt(cdSize), 40);
    record.writeBigUInt64LE(BigInt(cdOffset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(cdOffset + cdSize), 8);
    locator.writeUInt32LE(1, 16);
    parts.push(record, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(count, MAX_16), 8);
  end.writeUInt16LE(Math.min(count, MAX_16), 10);
  end.writeUInt32LE(Math.min(cdSize, MAX_32), 12);
  end.writeUInt32LE(Math.min(cdOffset, MAX_32), 16);
  parts.push(end);
  return Buffer.concat(parts);
}
