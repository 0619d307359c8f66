/**
 * Test-only: a loopback site for the pool tests (a 2 s mp4, an HLS master + media playlist, a page without
 * media, and a URL that never answers). The shared fixture site lives in test/fixtures; this one keeps the
 * engine's tests self-contained.
 */
import { execFile } from 'node:child_process';
import { createReadStream, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

const TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.html': 'text/html; charset=utf-8',
};

export interface TestSite {
  origin: string;
  /** The Cookie header of the last request for each path (to prove sessions do not leak between users). */
  cookieSeen: Map<string, string | undefined>;
  close(): Promise<void>;
}

async function generateMedia(dir: string): Promise<void> {
  const quiet = ['-hide_banner', '-loglevel', 'error', '-y'];
  await run('ffmpeg', [
    ...quiet,
    ...['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440'],
    ...['-t', '2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-movflags', '+faststart'],
    join(dir, 'video.mp4'),
  ]);
  await run('ffmpeg', [
    ...quiet,
    ...['-i', join(dir, 'video.mp4'), '-c', 'copy', '-f', 'hls', '-hls_time', '1', '-hls_playlist_type', 'vod'],
    ...['-master_pl_name', 'master.m3u8', '-hls_segment_filename', join(dir, 'hls', 'seg%d.ts')],
    join(dir, 'hls', 'index.m3u8'),
  ]);
}

function serveFile(dir: string, pathname: string, res: ServerResponse): void {
  const file = normalize(join(dir, pathname));
  if (!file.startsWith(dir)) {
    res.writeHead(404).end();
    return;
  }
  try {
    const size = statSync(file).size;
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-length': size });
    createReadStream(file).pipe(res);
  } catch {
    res.writeHead(404).end();
  }
}

export async function startTestSite(): Promise<TestSite> {
  const dir = mkdtempSync(join(tmpdir(), 'grabline-ytdlp-site-'));
  mkdirSync(join(dir, 'hls'));
  await generateMedia(dir);
  const cookieSeen = new Map<string, string | undefined>();
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    cookieSeen.set(pathname, req.headers.cookie);
    if (pathname === '/session.mp4') res.setHeader('set-cookie', 'sid=first-user; Path=/');
    if (pathname === '/stall') return; // headers never come: only a timeout or a kill ends this request
    if (pathname.startsWith('/fixture-platform/')) {
      // A platform page (yt-dlp reads it with the test plugin in fixtures/plugins): bot-… ids get YouTube's bot wall.
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      res.writeHead(200, { 'content-type': TYPES['.html'] });
      res.end(pathname.startsWith('/fixture-platform/bot-')
        ? '<!doctype html><html><body><p>Sign in to confirm you\u2019re not a bot</p></body></html>'
        : `<!doctype html><html><head><meta property="og:title" content="Fixture clip"><meta property="og:video" content="${origin}/video.mp4"></head><body></body></html>`);
      return;
    }
    if (pathname.startsWith('/fixture-tiktok/')) {
      // A TikTok photo slideshow as the page's itemStruct carries it (read by the test plugin with yt-dlp's parser).
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const id = pathname.split('/')[2];
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({
        id,
        desc: 'three pictures and a song',
        createTime: '1763800000',
        author: { uniqueId: 'alpinedays', nickname: 'Alpine Days', id: '6912345678901234567', secUid: 'MS4wLjABAAAAfixture' },
        music: { playUrl: `${origin}/video.mp4?mime_type=audio_mpeg`, title: 'original sound', authorName: 'Alpine Days', duration: 5 },
        video: { duration: 0, width: 1080, height: 1440, cover: `${origin}/slide-1.jpeg` },
        imagePost: {
          images: [1, 2, 3].map((n) => ({
            imageURL: { urlList: [`${origin}/slide-${n}.jpeg?from=photomode`, `${origin}/backup/slide-${n}.jpeg`] },
            imageWidth: 1080,
            imageHeight: 1440,
          })),
          cover: { imageURL: { urlList: [`${origin}/slide-1.jpeg`] } },
        },
        stats: { playCount: 10, diggCount: 2, shareCount: 0, commentCount: 1, collectCount: 0 },
      }));
      return;
    }
    if (pathname === '/slow.mp4') {
      setTimeout(() => serveFile(dir, '/video.mp4', res), 1_500); // an analysis that is still running a moment later
      return;
    }
    if (pathname === '/page.html') {
      res.writeHead(200, { 'content-type': TYPES['.html'] });
      res.end('<!doctype html><html><head><title>Nothing here</title></head><body><p>No media.</p></body></html>');
      return;
    }
    serveFile(dir, pathname === '/session.mp4' ? '/video.mp4' : pathname, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    cookieSeen,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
