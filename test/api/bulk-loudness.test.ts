import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkStarted } from '@/lib/bulk/schemas';
import { closeDb } from '@/lib/db';
import { readLoudness } from '@/lib/media/loudness/loudness.testkit';
import { TARGET_LUFS } from '@/lib/media/loudness/targets';
import { startFixtureSite, type FixtureSite } from '@/test/fixtures/server';
import { batchFinished, batchZipAt, postBulk } from './bulk.testkit';

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


describe('a batch with a loudness', () => {
  it('normalises every item: its link and the ZIP carry the normalised file', async () => {
    const res = await postBulk({ urls: [`${site.origin}/video.mp4`], quality: '1080p', format: 'mp3', loudness: 'streaming' });
    expect(res.status).toBe(200);
    const started = ((await res.json()) as { data: BulkStarted }).data;
    const batch = await batchFinished(started);
    expect(batch.items[0]).toMatchObject({ status: 'completed' });
    expect(batch.items[0].downloadUrl).toMatch(/&ext=mp3&loudness=streaming$/);

    const zipOf = async (name: string) => {
      const zip = await batchZipAt(started.zipUrl);
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
    const res = await postBulk({ urls: [`${site.origin}/video.mp4`], format: 'mp3', loudness: 'max' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toMatch(/loudness must be one of off, streaming, podcast, broadcast/);
  });
});
