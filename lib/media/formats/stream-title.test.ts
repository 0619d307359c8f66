import { describe, expect, it } from 'vitest';
import { manifestTitle, titleFromUrl } from './stream-title';

describe('titleFromUrl', () => {
  it('keeps a file name that says something', () => {
    expect(titleFromUrl('https://cdn.example.com/clips/holiday-2024.mp4')).toBe('holiday-2024');
  });

  it('names a stream called "master" or "manifest" by the words of its path and its host', () => {
    expect(titleFromUrl('https://cdn.example.com/shows/night-walk/master.m3u8')).toBe('shows night walk — cdn.example.com');
    expect(titleFromUrl('https://www.example.org/vod/3f9a1c2e7b4d5e6f/episode_12/manifest.mpd')).toBe('episode 12 — example.org');
    // Only stock names in the path: the path is still said, so two streams of one host keep different titles.
    expect(titleFromUrl('https://media.example.net/hls/1080p/index.m3u8')).toBe('hls index — media.example.net');
    expect(titleFromUrl('https://media.example.net/dash/manifest.mpd')).toBe('dash manifest — media.example.net');
    expect(titleFromUrl('https://cdn.example.com/chunklist_w1234.m3u8')).toBe('chunklist w1234 — cdn.example.com');
    expect(titleFromUrl('https://cdn.example.com/3f9a1c2e7b4d5e6f.m3u8')).toBe('cdn.example.com');
  });
});

describe('manifestTitle', () => {
  it('reads the title an HLS master playlist states', () => {
    const text = '#EXTM3U\n#EXT-X-SESSION-DATA:DATA-ID="com.apple.hls.title",VALUE="Night walk"\n#EXT-X-STREAM-INF:BANDWIDTH=1\nlow.m3u8\n';
    expect(manifestTitle('hls', text)).toBe('Night walk');
    expect(manifestTitle('hls', '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nlow.m3u8\n')).toBeUndefined();
  });

  it('reads a DASH manifest’s ProgramInformation title, entities decoded', () => {
    const mpd = '<MPD><ProgramInformation><Title>Rock &amp; roll  live</Title></ProgramInformation><Period/></MPD>';
    expect(manifestTitle('dash', mpd)).toBe('Rock & roll live');
    expect(manifestTitle('dash', '<MPD><Period/></MPD>')).toBeUndefined();
  });
});
