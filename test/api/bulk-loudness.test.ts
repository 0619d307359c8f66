import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST } from '@/app/api/bulk/route';
import { GET as getBatch } from '@/app/api/bulk/[batchId]/route';
import { GET as getZip } from '@/app/api/bulk/[batchId]/zip/route';
import type { BulkBatch, BulkStarted } from '@/lib/bulk/schemas';
import { closeDb } from '@/lib/db';
import { readLoudness } from '@/lib/media/loudness/loudness.testkit';
import { TARGET_LUFS } from '@/lib/media/loudness/targets';
import { startFixtureSite, type FixtureSite } from '@/test/fixtures/server';

let site: FixtureSite;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'grabline-bulk-loudness-'));
  process.env.DATA_DIR = dataDir;
  process.env.TEMP_DIR = path.join(dataDir, 'tmp');
  site = await startFixtureSite();
  process.env.MEDIA_FETCH_ALLOW = `127.0.0.1:${site.port}`;
});
afterAll(async () => {
  await site?.close();
  await closeDb();
  rmSync(dataDir, { recursive: true, force: true });
  delete process.env.MEDIA_FETCH_ALLOW;
  delete process.env.TEMP_DIR;
});

const noParams = { params: Promise.resolve({}) };
const post = (body: unknown) =>
  POST(new NextRequest('http://localhost/api/bulk', { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }), noParams);
const idOf = (url: string) => decodeURIComponent(new URL(url, 'http://localhost').pathname.split('/')[3]);

async function finished(started: BulkStarted): Promise<BulkBatch> {
  for (let i = 0; i < 1200; i++) {
    const res = await getBatch(new NextRequest(new URL(started.statusUrl, 'http://localhost')), { params: Promise.resolve({ batchId: idOf(started.statusUrl) }) });
    const batch = ((await res.json()) as { data: BulkBatch }).data;
    if (batch.done) return batch;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('batch never finished');
}

describe('a batch with a loudness', () => {
  it('normalises every item: its link and the ZIP carry the normalised file', async () => {
    const res = await post({ urls: [`${site.origin}/video.mp4`], quality: '1080p', format: 'mp3', loudness: 'streaming' });
    expect(res.status).toBe(200);
    const started = ((await res.json()) as { data: BulkStarted }).data;
    const batch = await finished(started);
    expect(batch.items[0]).toMatchObject({ status: 'completed' });
    expect(batch.items[0].downloadUrl).toMatch(/&ext=mp3&loudness=streaming$/);

    const zipOf = async (name: string) => {
      const zip = await getZip(new NextRequest(new URL(started.zipUrl, 'http://localhost')), { params: Promise.resolve({ batchId: idOf(started.zipUrl) }) });
      expect(zip.status).toBe(200);
      const file = path.join(dataDir, `${name}.zip`);
      writeFileSync(file, Buffer.from(await zip.arrayBuffer()));
      const out = path.join(dataDir, name);
      execFileSync('/usr/bin/python3', ['-m', 'zipfile', '-e', file, out]);
      return readLoudness(path.join(out, readdirSync(out).find((entry) => entry.endsWith('.mp3'))!));
    };
    // The ZIP finds the item's file by how it was made: the normalised one, not the source's sound.
    expect(Math.abs((await zipOf('batch')).integrated - TARGET_LUFS.streaming)).toBeLessThanOrEqual(1);
  }, 120_000);

  it('refuses a loudness it does not know with a 400', async () => {
    const res = await post({ urls: [`${site.origin}/video.mp4`], format: 'mp3', loudness: 'max' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toMatch(/loudness must be one of off, streaming, podcast, broadcast/);
  });
});
