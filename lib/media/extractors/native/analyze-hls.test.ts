import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { analyzeHls } from './analyze-hls';
import { createContext } from './context';
import type { Fetcher } from './fetcher';

const BASE = 'https://cdn.example.com/show/master.m3u8';

type Answer = { status: number; body?: string; delayMs?: number };

/** A fetcher over a table of URLs; a delayed answer honours the abort signal like a real fetch. */
function fakeFetcher(table: Record<string, Answer>): { fetcher: Fetcher; asked: string[] } {
  const asked: string[] = [];
  const fetcher: Fetcher = async (url, opts) => {
    asked.push(url);
    const answer = table[url] ?? { status: 404 };
    if (answer.delayMs) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, answer.delayMs);
        opts?.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(opts.signal!.reason);
        });
      });
    }
    const res = new Response(answer.body ?? '', { status: answer.status });
    Object.defineProperty(res, 'url', { value: url });
    return res;
  };
  return { fetcher, asked };
}

const allow = async (url: string) => new URL(url);
const refuse = (host: string) => async (url: string) => {
  if (new URL(url).host === host) throw new AppError('private_address', 'refused');
  return new URL(url);
};

const MASTER = `#EXTM3U
#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aac",NAME="Main",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES
#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aac",NAME="Commentary",LANGUAGE="en",URI="audio/commentary.m3u8"
#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="ec3",NAME="Surround",LANGUAGE="en",DEFAULT=YES,CHANNELS="6",URI="audio/ec3.m3u8"
#EXT-X-STREAM-INF:BANDWIDTH=2500000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2",AUDIO="aac"
v720.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=2900000,RESOLUTION=1280x720,CODECS="avc1.64001f,ec-3",AUDIO="ec3"
v720.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2",AUDIO="aac"
v360.m3u8
#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=100000,URI="iframe.m3u8"
`;

const VOD = `#EXTM3U
#EXT-X-TARGETDURATION:4
#EXT-X-PLAYLIST-TYPE:VOD
#EXTINF:4,
a.ts
#EXTINF:4,
b.ts
#EXT-X-ENDLIST
`;

const at = (path: string) => new URL(path, BASE).href;

describe('analyzeHls — a master is enough', () => {
  it('builds every format from the master alone when no variant playlist can be read', async () => {
    const { fetcher } = fakeFetcher({});
    const formats = await analyzeHls(createContext(fetcher, allow), MASTER, BASE);
    const video = formats.filter((f) => f.vcodec);
    // The same playlist under two audio groups stays two formats: one per group.
    expect(video.map((f) => [f.height, f.acodec])).toEqual([[720, 'mp4a.40.2'], [720, null], [360, 'mp4a.40.2']]);
    expect(formats.some((f) => f.url.includes('iframe'))).toBe(false);
    const audio = formats.filter((f) => !f.vcodec);
    expect(audio.map((f) => [f.note, f.preference ?? 0, f.audioChannels])).toEqual([
      ['Commentary · en', -1, undefined],
      ['Surround · en', 0, 6],
    ]);
    expect(audio.find((f) => f.note?.startsWith('Surround'))?.acodec).toBe('ec-3');
  });

  it('lets readable variants refine duration, and a failing one never fails the analysis', async () => {
    const { fetcher } = fakeFetcher({ [at('v360.m3u8')]: { status: 200, body: VOD }, [at('v720.m3u8')]: { status: 500 } });
    const formats = await analyzeHls(createContext(fetcher, allow), MASTER, BASE);
    expect(formats.find((f) => f.height === 360)?.duration).toBe(8);
    expect(formats.find((f) => f.height === 720)?.duration).toBeUndefined();
  });

  it('answers within the variant budget however slow the variants are', async () => {
    const slow = { status: 200, body: VOD, delayMs: 10_000 };
    const { fetcher } = fakeFetcher({ [at('v360.m3u8')]: slow, [at('v720.m3u8')]: slow });
    const started = Date.now();
    const formats = await analyzeHls(createContext(fetcher, allow), MASTER, BASE, 300);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(formats.filter((f) => f.vcodec)).toHaveLength(3);
  });

  it('drops what the guard refuses and keeps the rest', async () => {
    const master = `#EXTM3U
#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2"
https://internal.example/v.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=1280x720,CODECS="avc1.4d401e,mp4a.40.2"
v720.m3u8
`;
    const { fetcher, asked } = fakeFetcher({});
    const formats = await analyzeHls(createContext(fetcher, refuse('internal.example')), master, BASE);
    expect(formats.map((f) => f.height)).toEqual([720]);
    expect(asked.some((u) => u.includes('internal.example'))).toBe(false);
  });

  it('answers live_not_finished for a variant still being written, and no_media for trick-play only', async () => {
    const live = VOD.replace('#EXT-X-ENDLIST\n', '').replace('#EXT-X-PLAYLIST-TYPE:VOD\n', '#EXT-X-PLAYLIST-TYPE:EVENT\n');
    const { fetcher } = fakeFetcher({ [at('v360.m3u8')]: { status: 200, body: live } });
    await expect(analyzeHls(createContext(fetcher, allow), MASTER, BASE)).rejects.toMatchObject({ code: 'live_not_finished' });
    await expect(analyzeHls(createContext(fetcher, allow), live, BASE)).rejects.toMatchObject({ code: 'live_not_finished' });
    const iframes = VOD.replace('#EXT-X-TARGETDURATION:4', '#EXT-X-TARGETDURATION:4\n#EXT-X-I-FRAMES-ONLY');
    await expect(analyzeHls(createContext(fetcher, allow), iframes, BASE)).rejects.toMatchObject({ code: 'no_media' });
  });

  it('refuses key systems other than identity as DRM (SAMPLE-AES in fMP4 with an identity key is decrypted)', async () => {
    const { fetcher } = fakeFetcher({});
    const fmp4Drm = VOD.replace('#EXTINF:4,\na.ts', '#EXT-X-MAP:URI="init.mp4"\n#EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://k",KEYFORMAT="com.apple.streamingkeydelivery"\n#EXTINF:4,\na.m4s');
    await expect(analyzeHls(createContext(fetcher, allow), fmp4Drm, BASE)).rejects.toMatchObject({ code: 'drm_protected' });
    const widevine = VOD.replace('#EXTINF:4,\na.ts', '#EXT-X-MAP:URI="init.mp4"\n#EXT-X-KEY:METHOD=SAMPLE-AES,URI="data:text/plain;base64,AAAA",KEYFORMAT="urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed"\n#EXTINF:4,\na.m4s');
    await expect(analyzeHls(createContext(fetcher, allow), widevine, BASE)).rejects.toMatchObject({ code: 'drm_protected' });
    const keySystem = VOD.replace('#EXTINF:4,\na.ts', '#EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://k",KEYFORMAT="com.apple.streamingkeydelivery"\n#EXTINF:4,\na.ts');
    await expect(analyzeHls(createContext(fetcher, allow), keySystem, BASE)).rejects.toMatchObject({ code: 'drm_protected' });
  });
});
