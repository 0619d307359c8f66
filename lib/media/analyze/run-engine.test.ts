import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { recogniseUrl } from '@/lib/media/platforms';
import type { Extraction, SourceFormat } from '@/lib/media/types';
import { runEngine, type EngineDeps } from './run-engine';
import { screenSources } from './screen-sources';

const found = (engine: 'native' | 'ytdlp') => ({ engine }) as Extraction;

function engines(native: () => Promise<Extraction>, ytdlp: () => Promise<Extraction>) {
  const calls: string[] = [];
  const deps: EngineDeps = {
    native: () => (calls.push('native'), native()),
    ytdlp: () => (calls.push('ytdlp'), ytdlp()),
  };
  return { deps, calls };
}

const ok = (engine: 'native' | 'ytdlp') => async () => found(engine);
const fails = (code: AppError['code'], message: string = code) => async (): Promise<Extraction> => {
  throw new AppError(code, message);
};
const generic = recogniseUrl('https://example.com/watch/1');

describe('runEngine', () => {
  it('sends the named platforms to yt-dlp', async () => {
    const { deps, calls } = engines(ok('native'), ok('ytdlp'));
    await runEngine(recogniseUrl('https://youtu.be/dQw4w9WgXcQ'), 'auto', deps);
    expect(calls).toEqual(['ytdlp']);
  });

  it('tries the native engine first for any other link', async () => {
    const { deps, calls } = engines(ok('native'), ok('ytdlp'));
    expect((await runEngine(generic, 'auto', deps)).engine).toBe('native');
    expect(calls).toEqual(['native']);
  });

  it('falls back to yt-dlp when the native engine finds no media', async () => {
    const { deps, calls } = engines(fails('no_media'), ok('ytdlp'));
    expect((await runEngine(generic, 'auto', deps)).engine).toBe('ytdlp');
    expect(calls).toEqual(['native', 'ytdlp']);
  });

  it.each(['upstream_failed', 'upstream_timeout', 'unsupported_url', 'internal'] as const)(
    'falls back to yt-dlp after a native %s',
    async (code) => {
      const { deps, calls } = engines(fails(code), ok('ytdlp'));
      expect((await runEngine(generic, 'auto', deps)).engine).toBe('ytdlp');
      expect(calls).toEqual(['native', 'ytdlp']);
    },
  );

  it('answers with the native error when yt-dlp fails too, unless yt-dlp says DRM or live', async () => {
    const both = engines(fails('upstream_failed'), fails('unsupported_url'));
    await expect(runEngine(generic, 'auto', both.deps)).rejects.toMatchObject({ code: 'upstream_failed' });
    const drm = engines(fails('upstream_failed'), fails('drm_protected'));
    await expect(runEngine(generic, 'auto', drm.deps)).rejects.toMatchObject({ code: 'drm_protected' });
  });

  it('never falls back after an explicit native engine fails', async () => {
    const { deps, calls } = engines(fails('upstream_failed'), ok('ytdlp'));
    await expect(runEngine(generic, 'native', deps)).rejects.toMatchObject({ code: 'upstream_failed' });
    expect(calls).toEqual(['native']);
  });

  it.each(['private_address', 'invalid_url', 'live_not_finished', 'live_not_supported', 'drm_protected'] as const)(
    'never falls back after a refusal of the guard or a verdict on the media (%s)',
    async (code) => {
      const { deps, calls } = engines(fails(code), ok('ytdlp'));
      await expect(runEngine(generic, 'auto', deps)).rejects.toMatchObject({ code });
      expect(calls).toEqual(['native']);
    },
  );

  it('reports "no media" when the fallback fails too, unless yt-dlp knows better (live)', async () => {
    const unsupported = engines(fails('no_media', 'No downloadable media found at this link'), fails('unsupported_url'));
    await expect(runEngine(generic, 'auto', unsupported.deps)).rejects.toMatchObject({ code: 'no_media' });
    const live = engines(fails('no_media'), fails('live_not_supported'));
    await expect(runEngine(generic, 'auto', live.deps)).rejects.toMatchObject({ code: 'live_not_supported' });
  });

  describe("a fallback answer of one plain file gets the file's duration", () => {
    const file = { id: 'http-0', protocol: 'http', url: 'https://example.com/video.mp4', vcodec: 'unknown', acodec: 'unknown' } as SourceFormat;
    const plain = (extra: Partial<Extraction> = {}) => async () => ({ engine: 'ytdlp', title: 'Page', sources: [file], ...extra }) as Extraction;

    it('read by the native engine from the file itself', async () => {
      const asked: string[] = [];
      const deps: EngineDeps = {
        native: async (url) => {
          asked.push(url);
          if (url === generic.canonicalUrl) throw new AppError('upstream_timeout', 'slow');
          return { engine: 'native', duration: 6 } as Extraction;
        },
        ytdlp: plain(),
      };
      const answer = await runEngine(generic, 'auto', deps);
      expect(answer).toMatchObject({ engine: 'ytdlp', title: 'Page', duration: 6 });
      expect(asked).toEqual([generic.canonicalUrl, file.url]);
    });

    it('left as it is when the file cannot be read, or when yt-dlp knew the duration', async () => {
      const unread = engines(fails('upstream_failed'), plain());
      expect((await runEngine(generic, 'auto', unread.deps)).duration).toBeUndefined();
      expect(unread.calls).toEqual(['native', 'ytdlp', 'native']);
      const known = engines(fails('upstream_failed'), plain({ duration: 9 }));
      expect((await runEngine(generic, 'auto', known.deps)).duration).toBe(9);
      expect(known.calls).toEqual(['native', 'ytdlp']);
    });
  });

  it('honours an explicit engine', async () => {
    const { deps, calls } = engines(ok('native'), ok('ytdlp'));
    await runEngine(recogniseUrl('https://youtu.be/dQw4w9WgXcQ'), 'native', deps);
    await runEngine(generic, 'ytdlp', deps);
    expect(calls).toEqual(['native', 'ytdlp']);
  });
});

describe('screenSources', () => {
  it('drops sources on refused origins, asking once per origin', async () => {
    const asked: string[] = [];
    const check = async (url: string) => {
      asked.push(new URL(url).origin);
      if (url.includes('169.254.169.254')) throw new AppError('private_address', 'This address is not allowed');
    };
    const source = (id: string, url: string, fragments: string[] = []) =>
      ({ id, url, protocol: 'http', vcodec: 'h264', acodec: 'aac', engine: 'ytdlp', fragments: fragments.map((u) => ({ url: u })) }) as SourceFormat;
    const extraction = {
      sources: [
        source('ok', 'https://cdn.example/a.mp4'),
        source('bad', 'http://169.254.169.254/latest/video.mp4'),
        source('bad-fragment', 'https://cdn.example/b.m3u8', ['http://169.254.169.254/seg1.ts']),
      ],
    } as unknown as Extraction;
    const screened = await screenSources(extraction, check);
    expect(screened.sources.map((s) => s.id)).toEqual(['ok']);
    expect(asked.sort()).toEqual(['http://169.254.169.254', 'https://cdn.example']);
  });
});
