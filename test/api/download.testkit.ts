import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { GET as downloadGet } from '@/app/api/download/[id]/route';
import { closeDb } from '@/lib/db';
import { clearAnalyses, type AnalyzedMedia } from '@/lib/media/analyze';
import { analyzeMedia } from '@/lib/media/analyze/analyze.testkit';
import { probeMedia, type ProbeResult } from '@/lib/media/ffmpeg';
import { startFixtureSite, type FixtureSite } from '@/test/fixtures/server';
import { topLevelBoxes } from '@/test/fixtures/mp4-boxes';

/** One fixture site, a private data dir and a private TEMP_DIR per test file. */
export async function startDownloadEnv(env: Record<string, string> = {}) {
  const root = mkdtempSync(path.join(tmpdir(), 'grabline-download-test-'));
  const tempDir = path.join(root, 'temp');
  const saved = { ...process.env };
  Object.assign(process.env, { DATA_DIR: path.join(root, 'data'), TEMP_DIR: tempDir, ...env });
  const site = await startFixtureSite();
  process.env.MEDIA_FETCH_ALLOW = `127.0.0.1:${site.port}`;
  return {
    site,
    root,
    tempDir,
    async close() {
      await site.close();
      await closeDb();
      clearAnalyses();
      process.env = saved;
      rmSync(root, { recursive: true, force: true });
    },
  };
}

export const analyze = (site: FixtureSite, urlPath: string): Promise<AnalyzedMedia> =>
  analyzeMedia(`${site.origin}${urlPath}`, { engine: 'native' });

export interface DownloadCall {
  ext?: string;
  item?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** More of the query: start, end, exact, embedMetadata, subs, lang. */
  query?: Record<string, string>;
}

export function requestDownload(mediaId: string, itag: string, call: DownloadCall = {}): Promise<Response> {
  const query = new URLSearchParams({ itag });
  if (call.ext) query.set('ext', call.ext);
  if (call.item) query.set('item', call.item);
  for (const [name, value] of Object.entries(call.query ?? {})) query.set(name, value);
  const req = new NextRequest(`http://localhost/api/download/${mediaId}?${query}`, { headers: call.headers, signal: call.signal });
  return downloadGet(req, { params: Promise.resolve({ id: mediaId }) });
}

export async function bodyOf(res: Response): Promise<Buffer> {
  return Buffer.from(await res.arrayBuffer());
}

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Writes a body to a file in `dir` and probes it. */
export async function probeBody(dir: string, name: string, body: Buffer): Promise<ProbeResult> {
  const file = path.join(dir, name);
  await writeFile(file, body);
  return probeMedia(file);
}

/** `+faststart`: the index (moov) comes before the media data, so a player starts before the end arrives. */
export function moovBeforeMdat(body: Buffer): boolean {
  const types = topLevelBoxes(body).map((box) => box.type);
  const moov = types.indexOf('moov');
  const mdat = types.indexOf('mdat');
  return moov >= 0 && mdat >= 0 && moov < mdat;
}

export async function until(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition never met');
    await new Promise((r) => setTimeout(r, 20));
  }
}
