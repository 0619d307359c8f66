import { afterEach, describe, expect, it } from 'vitest';
import { forgetPlaylists, keepPlaylist, recentPlaylist } from './recent-playlists';

afterEach(() => forgetPlaylists());

describe('media playlists an analysis just read', () => {
  it('are handed back for a minute, with the address their links resolve against', () => {
    keepPlaylist('https://cdn.example/v/720.m3u8', { text: '#EXTM3U\n#EXT-X-ENDLIST\n', url: 'https://edge.example/v/720.m3u8' }, 1_000);
    expect(recentPlaylist('https://cdn.example/v/720.m3u8', 31_000)).toEqual({ text: '#EXTM3U\n#EXT-X-ENDLIST\n', url: 'https://edge.example/v/720.m3u8' });
    expect(recentPlaylist('https://cdn.example/v/720.m3u8', 61_000)).toEqual(expect.objectContaining({ url: 'https://edge.example/v/720.m3u8' }));
    expect(recentPlaylist('https://cdn.example/v/720.m3u8', 61_001)).toBeUndefined();
    // Gone once stale, even if asked with an earlier clock afterwards.
    expect(recentPlaylist('https://cdn.example/v/720.m3u8', 2_000)).toBeUndefined();
    expect(recentPlaylist('https://cdn.example/v/1080.m3u8', 2_000)).toBeUndefined();
  });

  it('keep at most 16 MB, dropping the oldest first; one reading over 4 MB is not kept', () => {
    const big = 'x'.repeat(3 * 1024 * 1024);
    for (let i = 0; i < 6; i++) keepPlaylist(`https://cdn.example/${i}.m3u8`, { text: big, url: `https://cdn.example/${i}.m3u8` }, 1_000);
    expect(recentPlaylist('https://cdn.example/0.m3u8', 1_000)).toBeUndefined();
    for (let i = 1; i < 6; i++) expect(recentPlaylist(`https://cdn.example/${i}.m3u8`, 1_000)).toBeDefined();
    keepPlaylist('https://cdn.example/huge.m3u8', { text: 'x'.repeat(5 * 1024 * 1024), url: 'https://cdn.example/huge.m3u8' }, 1_000);
    expect(recentPlaylist('https://cdn.example/huge.m3u8', 1_000)).toBeUndefined();
  });
});
