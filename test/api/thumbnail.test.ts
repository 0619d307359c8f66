import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GET as thumbnailGet } from '@/app/api/thumbnail/route';
import robots from '@/app/robots';
import { POST as mediaAnalyzePost } from '@/app/api/media/analyze/route';
import { forgetJwtKey } from '@/lib/http/server-secret';
import { callRoute } from '@/lib/auth/store.testkit';
import { closeDb } from '@/lib/db';
import { allowOrigins, startLoopbackServer, type LoopbackServer } from '@/lib/net/loopback-server.testkit';
import { settledSweeps } from '@/lib/media/pictures/picture-cache';
import { thumbnailPath } from '@/lib/thumbnails/signed-url';
import { ensureFixtureMedia } from '@/test/fixtures/media';
import { startFixtureSite, type FixtureSite } from '@/test/fixtures/server';
import { getYtdlpPool } from '@/lib/media/ytdlp/get-pool';

let site: FixtureSite;
let hostile: LoopbackServer;
let unlisted: LoopbackServer;
let dataDir: string;
let jpeg: Buffer;

const MiB = 1024 * 1024;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'grabline-thumbnail-'));
  process.env.DATA_DIR = dataDir;
  forgetJwtKey();
  site = await startFixtureSite();
  jpeg = await readFile(path.join(await ensureFixtureMedia(), 'image.jpg'));
  // A host that lies: what it labels a picture is not one, or is far larger than any thumbnail.
  hostile = await startLoopbackServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://x');
    if (pathname === '/page-as.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end('<!doctype html><script>alert(1)</script>');
    else if (pathname === '/script.svg') res.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    else if (pathname === '/jpeg-as-page') res.writeHead(200, { 'content-type': 'text/html' }).end(jpeg);
    else if (pathname === '/unlabelled.jpg') res.writeHead(200).end(jpeg);
    else if (pathname === '/huge-declared.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(3 * MiB) });
      res.end(Buffer.concat([jpeg.subarray(0, 3), Buffer.alloc(3 * MiB - 3)]));
    } else if (pathname === '/huge-streamed.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      res.write(jpeg.subarray(0, 3));
      for (let i = 0; i < 12; i++) res.write(Buffer.alloc(256 * 1024));
      res.end();
    } else res.writeHead(404).end();
  });
  unlisted = await startLoopbackServer((_req, res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg));
});

beforeEach(() => allowOrigins(`127.0.0.1:${site.port}`, hostile.hostPort));

afterAll(async () => {
  await getYtdlpPool().close();
  await Promise.all([site?.close(), hostile?.close(), unlisted?.close()]);
  await closeDb();
  rmSync(dataDir, { recursive: true, force: true });
  delete process.env.MEDIA_FETCH_ALLOW;
  forgetJwtKey();
});

const hits = (resource: string) => site.stats.byPath.get(resource) ?? 0;

async function getPicture(pathAndQuery: string, headers: Record<string, string> = {}) {
  const res = await thumbnailGet(
    new (await import('next/server')).NextRequest(new URL(pathAndQuery, 'http://localhost'), { headers }),
    { params: Promise.resolve({}) },
  );
  const body = Buffer.from(await res.arrayBuffer());
  const json = res.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(body.toString('utf8')) : undefined;
  return { status: res.status, headers: res.headers, body, json };
}

describe('GET /api/thumbnail', () => {
  it('serves a signed picture as a picture: its type from its bytes, nosniff, a deny-all policy, cached long', async () => {
    const res = await getPicture(thumbnailPath(`${site.origin}/image.jpg?serve=1`));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.body.equals(jpeg)).toBe(true);
    expect(res.headers.get('content-length')).toBe(String(jpeg.byteLength));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d{6,}, immutable$/);
  });

  it('answers a picture without a type label by its bytes', async () => {
    const res = await getPicture(thumbnailPath(`${hostile.origin}/unlabelled.jpg`));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
  });

  it('fetches nothing for an unsigned, forged or re-pointed link: the same 404 as a picture that never existed', async () => {
    const src = `${site.origin}/image.jpg?forged=1`;
    const signed = new URLSearchParams(thumbnailPath(src).split('?')[1]);
    const sig = signed.get('sig')!;
    const forged = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    const before = hits('/image.jpg');
    for (const query of [
      `src=${encodeURIComponent(src)}`,
      `src=${encodeURIComponent(src)}&sig=${forged}`,
      `src=${encodeURIComponent(`${site.origin}/image2.png`)}&sig=${sig}`,
      `src=${encodeURIComponent(src)}&sig=`,
      `sig=${sig}`,
      '',
    ]) {
      const res = await getPicture(`/api/thumbnail?${query}`);
      expect(res.status, query).toBe(404);
      expect(res.json, query).toMatchObject({ success: false, code: 'not_found' });
    }
    expect(hits('/image.jpg')).toBe(before);
    expect(hits('/image2.png')).toBe(0);
  });

  it('refuses a signed picture on a private address, directly or through a redirect, and never reaches it', async () => {
    for (const src of [
      `${unlisted.origin}/image.jpg`,
      'http://169.254.169.254/latest/meta-data/',
      `${site.origin}/redirect-to?url=${encodeURIComponent(`${unlisted.origin}/image.jpg`)}`,
    ]) {
      const res = await getPicture(thumbnailPath(src));
      expect(res.status, src).toBe(422);
      expect(res.json, src).toMatchObject({ code: 'private_address' });
    }
    expect(unlisted.requests).toHaveLength(0);
  });

  it.each([
    ['a page labelled image/jpeg', '/page-as.jpg'],
    ['an SVG, which can carry script', '/script.svg'],
    ['a JPEG labelled as a page', '/jpeg-as-page'],
  ])('refuses %s', async (_, resource) => {
    const res = await getPicture(thumbnailPath(`${hostile.origin}${resource}`));
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ success: false, code: 'no_media' });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('refuses a picture over THUMBNAIL_MAX_BYTES, declared or streamed, and keeps nothing of it', async () => {
    for (const resource of ['/huge-declared.jpg', '/huge-streamed.jpg']) {
      const res = await getPicture(thumbnailPath(`${hostile.origin}${resource}`));
      expect(res.status, resource).toBe(413);
      expect(res.json, resource).toMatchObject({ code: 'too_large' });
    }
    process.env.THUMBNAIL_MAX_BYTES = String(jpeg.byteLength - 1);
    try {
      expect((await getPicture(thumbnailPath(`${site.origin}/image.jpg?cap=1`))).status).toBe(413);
    } finally {
      delete process.env.THUMBNAIL_MAX_BYTES;
    }
    expect((await getPicture(thumbnailPath(`${site.origin}/image.jpg?cap=2`))).status).toBe(200);
  });

  it('remembers a picture that could not be had, instead of asking its source on every view', async () => {
    const link = thumbnailPath(`${site.origin}/_sw/status=404/image.jpg?dead=1`);
    const before = site.stats.requests;
    for (let i = 0; i < 3; i++) {
      const res = await getPicture(link);
      expect(res.status).toBe(502);
      expect(res.json).toMatchObject({ code: 'upstream_failed' });
    }
    expect(site.stats.requests).toBe(before + 1);
  });

  it('answers a second request from its disk cache without asking the source again, and a matching ETag with 304', async () => {
    const link = thumbnailPath(`${site.origin}/image.jpg?cache=1`);
    const before = hits('/image.jpg');
    const first = await getPicture(link);
    expect(first.status).toBe(200);
    expect(hits('/image.jpg')).toBe(before + 1);
    await settledSweeps();
    expect(readdirSync(path.join(dataDir, 'thumbnails')).filter((name) => /^[0-9a-f]{64}$/.test(name)).length).toBeGreaterThan(0);
    const second = await getPicture(link);
    expect(second.status).toBe(200);
    expect(second.body.equals(jpeg)).toBe(true);
    const unchanged = await getPicture(link, { 'if-none-match': first.headers.get('etag')! });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body.byteLength).toBe(0);
    expect(hits('/image.jpg')).toBe(before + 1);
  });

  it('shares one fetch among concurrent requests for one picture', async () => {
    const link = thumbnailPath(`${site.origin}/_sw/latency=150/image2.png`);
    const before = hits('/image2.png');
    const answers = await Promise.all([getPicture(link), getPicture(link), getPicture(link)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.headers.get('content-type'))).toEqual(['image/png', 'image/png', 'image/png']);
    expect(hits('/image2.png')).toBe(before + 1);
  });

  it('an analysis of a fixture page hands the browser our route for its picture, and the route serves it', async () => {
    const res = await callRoute(mediaAnalyzePost as never, '/api/media/analyze', { body: { url: `${site.origin}/pages/og-video.html` } });
    expect(res.status).toBe(200);
    const thumbnail: string = res.json.data.thumbnail;
    expect(thumbnail).toMatch(/^\/api\/thumbnail\?src=[^&]+&sig=[\w-]{22}$/);
    expect(new URLSearchParams(thumbnail.split('?')[1]).get('src')).toBe(`${site.origin}/image.jpg`);
    expect(JSON.stringify(res.json.data)).not.toContain(`"${site.origin}/image.jpg"`);
    const picture = await getPicture(thumbnail);
    expect(picture.status).toBe(200);
    expect(picture.body.equals(jpeg)).toBe(true);
  });

  it('crawlers may fetch the pictures structured data names, and still no other API route', () => {
    const { rules } = robots();
    expect(rules).toMatchObject({ allow: expect.arrayContaining(['/api/thumbnail']), disallow: expect.arrayContaining(['/api/']) });
  });
});
