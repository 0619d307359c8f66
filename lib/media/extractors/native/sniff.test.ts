import { describe, expect, it } from 'vitest';
import { sniffResource } from './sniff';

const bytes = (...parts: (number[] | string)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const sniff = (head: Buffer, contentType: string | null = 'application/octet-stream', url = 'https://x.example/file') =>
  sniffResource({ head, contentType, url });

describe('sniffResource', () => {
  it('recognises containers by their magic bytes whatever the server says', () => {
    expect(sniff(bytes([0, 0, 0, 0x20], 'ftypisom'))).toEqual({ kind: 'video', container: 'mp4' });
    expect(sniff(bytes([0, 0, 0, 0x20], 'ftypM4A '))).toEqual({ kind: 'audio', container: 'm4a' });
    expect(sniff(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84], 'webm'))).toEqual({ kind: 'video', container: 'webm' });
    expect(sniff(bytes('ID3', [4, 0, 0]))).toEqual({ kind: 'audio', container: 'mp3' });
    expect(sniff(bytes([0xff, 0xfb, 0x90, 0x64]))).toEqual({ kind: 'audio', container: 'mp3' });
    expect(sniff(bytes([0xff, 0xf1, 0x50, 0x80]))).toEqual({ kind: 'audio', container: 'aac' });
    expect(sniff(bytes([0xff, 0xd8, 0xff, 0xe0]), 'text/html')).toEqual({ kind: 'image', container: 'jpg' });
    expect(sniff(bytes([0x89], 'PNG\r\n'))).toEqual({ kind: 'image', container: 'png' });
    expect(sniff(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toEqual({ kind: 'image', container: 'webp' });
    expect(sniff(bytes('GIF89a'))).toEqual({ kind: 'image', container: 'gif' });
  });

  it('recognises playlists, manifests and pages by their text', () => {
    expect(sniff(Buffer.from('\uFEFF#EXTM3U\n#EXT-X-VERSION:3', 'utf8'), 'text/plain').kind).toBe('hls');
    expect(sniff(bytes('<?xml version="1.0"?>\n<MPD xmlns="urn:mpeg:dash:schema:mpd:2011">')).kind).toBe('dash');
    expect(sniff(bytes('  <!DOCTYPE html><html>'), null).kind).toBe('html');
  });

  it('falls back to Content-Type, then to the URL extension', () => {
    expect(sniff(bytes('????'), 'application/vnd.apple.mpegurl; charset=utf-8').kind).toBe('hls');
    expect(sniff(bytes('????'), 'video/webm')).toEqual({ kind: 'video', container: 'webm' });
    expect(sniff(bytes('????'), 'application/octet-stream', 'https://x.example/a/b.MPD?sig=1').kind).toBe('dash');
    expect(sniff(bytes('????'), null, 'https://x.example/song.mp3')).toEqual({ kind: 'audio', container: 'mp3' });
    expect(sniff(bytes(''), null, 'https://x.example/nothing').kind).toBe('unknown');
  });
});
