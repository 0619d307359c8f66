import { ascii, startsWith } from '@/lib/media/formats/bytes';
import { extensionOf } from '@/lib/media/formats/url';

export type ResourceKind = 'hls' | 'dash' | 'html' | 'video' | 'audio' | 'image' | 'unknown';

export interface Sniffed {
  kind: ResourceKind;
  /** mp4, webm, mp3, m4a, jpg… when known */
  container?: string;
}

interface SniffInput {
  contentType?: string | null;
  url: string;
  head: Uint8Array;
}


/** The bytes decide first: servers mislabel media (octet-stream, text/plain) far more often than files lie. */
function fromMagic(b: Uint8Array): Sniffed | null {
  if (b.length < 4) return null;
  if (ascii(b, 4, 4) === 'ftyp') {
    const brand = ascii(b, 8, 4);
    if (brand === 'M4A ' || brand === 'M4B ') return { kind: 'audio', container: 'm4a' };
    if (brand === 'qt  ') return { kind: 'video', container: 'mov' };
    if (brand === 'avif' || brand === 'heic') return { kind: 'image', container: brand };
    return { kind: 'video', container: 'mp4' };
  }
  if (startsWith(b, [0x1a, 0x45, 0xdf, 0xa3])) {
    return { kind: 'video', container: ascii(b, 0, 64).includes('webm') ? 'webm' : 'mkv' };
  }
  if (startsWith(b, [0xff, 0xd8, 0xff])) return { kind: 'image', container: 'jpg' };
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47])) return { kind: 'image', container: 'png' };
  if (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a') return { kind: 'image', container: 'gif' };
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return { kind: 'image', container: 'webp' };
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WAVE') return { kind: 'audio', container: 'wav' };
  if (ascii(b, 0, 4) === 'OggS') return { kind: 'audio', container: 'ogg' };
  if (ascii(b, 0, 4) === 'fLaC') return { kind: 'audio', container: 'flac' };
  if (ascii(b, 0, 3) === 'ID3') return { kind: 'audio', container: 'mp3' };
  if (b[0] === 0xff && (b[1] & 0xe0) === 0xe0) {
    // Layer bits 00 mean ADTS AAC; anything else is an MPEG audio frame.
    return (b[1] & 0x06) === 0 ? { kind: 'audio', container: 'aac' } : { kind: 'audio', container: 'mp3' };
  }
  if (b.length >= 189 && b[0] === 0x47 && b[188] === 0x47) return { kind: 'video', container: 'ts' };
  return fromText(b);
}

function fromText(b: Uint8Array): Sniffed | null {
  const text = new TextDecoder().decode(b.subarray(0, 2048)).replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('#EXTM3U')) return { kind: 'hls' };
  const lower = text.toLowerCase();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<mpd[\s>]/.test(lower)) return { kind: 'dash' };
  if (/^(<!--[\s\S]*?-->\s*)*<(!doctype html|html|head|body|meta|title|script|link|div|!--)/.test(lower)) {
    return { kind: 'html' };
  }
  return null;
}

const TYPES: [RegExp, Sniffed][] = [
  [/^(application\/(vnd\.apple\.mpegurl|x-mpegurl)|audio\/(x-)?mpegurl)$/, { kind: 'hls' }],
  [/^application\/dash\+xml$/, { kind: 'dash' }],
  [/^(text\/html|application\/xhtml\+xml)$/, { kind: 'html' }],
  [/^video\/mp4$/, { kind: 'video', container: 'mp4' }],
  [/^video\/webm$/, { kind: 'video', container: 'webm' }],
  [/^video\//, { kind: 'video' }],
  [/^audio\/(mpeg|mp3)$/, { kind: 'audio', container: 'mp3' }],
  [/^audio\/(mp4|x-m4a)$/, { kind: 'audio', container: 'm4a' }],
  [/^audio\//, { kind: 'audio' }],
  [/^image\/jpe?g$/, { kind: 'image', container: 'jpg' }],
  [/^image\/png$/, { kind: 'image', container: 'png' }],
  [/^image\/gif$/, { kind: 'image', container: 'gif' }],
  [/^image\/webp$/, { kind: 'image', container: 'webp' }],
  [/^image\//, { kind: 'image' }],
];

const EXTENSIONS: Record<string, Sniffed> = {
  m3u8: { kind: 'hls' }, mpd: { kind: 'dash' }, html: { kind: 'html' }, htm: { kind: 'html' },
  mp4: { kind: 'video', container: 'mp4' }, m4v: { kind: 'video', container: 'mp4' },
  mov: { kind: 'video', container: 'mov' }, webm: { kind: 'video', container: 'webm' },
  mkv: { kind: 'video', container: 'mkv' }, ts: { kind: 'video', container: 'ts' },
  mp3: { kind: 'audio', container: 'mp3' }, m4a: { kind: 'audio', container: 'm4a' },
  aac: { kind: 'audio', container: 'aac' }, ogg: { kind: 'audio', container: 'ogg' },
  opus: { kind: 'audio', container: 'ogg' }, wav: { kind: 'audio', container: 'wav' },
  flac: { kind: 'audio', container: 'flac' }, jpg: { kind: 'image', container: 'jpg' },
  jpeg: { kind: 'image', container: 'jpg' }, png: { kind: 'image', container: 'png' },
  gif: { kind: 'image', container: 'gif' }, webp: { kind: 'image', container: 'webp' },
};

/** What a fetched resource is, from its first bytes, then its Content-Type, then its URL's extension. */
export function sniffResource({ contentType, url, head }: SniffInput): Sniffed {
  const magic = fromMagic(head);
  if (magic) return magic;
  const mime = (contentType ?? '').split(';', 1)[0].trim().toLowerCase();
  for (const [pattern, sniffed] of TYPES) {
    if (pattern.test(mime)) return sniffed;
  }
  return EXTENSIONS[extensionOf(url)] ?? { kind: 'unknown' };
}
