import { NextRequest } from 'next/server';
import { GET as keptFileGet } from '@/app/api/media/progress/[id]/file/route';
import { clearAnalyses } from '@/lib/media/analyze';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db';
import { fileStore, SharedPreparations } from '@/lib/media/deliver/prepare/shared-preparations';
import { purgeJobRows } from '@/lib/jobs/job-rows';
import { getYtdlpPool } from '@/lib/media/ytdlp/get-pool';
import { services } from '@/lib/server';
import { updatePreferences } from '@/lib/settings/settings-store';
import { startDownloadEnv } from './download.testkit';
import { seedUser } from '@/lib/follows/follows.testkit';
import { followKeepUntil, keepDays } from '@/lib/follows/keep';

const TTL_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

let env: Awaited<ReturnType<typeof startDownloadEnv>>;
beforeAll(async () => {
  env = await startDownloadEnv({ TEMP_TTL_MS: String(TTL_MS), MAX_DOWNLOADS_PER_IP: '100' });
});
afterAll(async () => {
  await getYtdlpPool().close();
  await env?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function ready(id: string): Promise<void> {
  for (const end = Date.now() + 60_000; Date.now() < end; await sleep(50)) {
    const progress = await services().downloads.get(id);
    if (progress?.status === 'ready') return;
    if (progress?.status === 'failed') throw new Error(`download failed: ${progress.message}`);
  }
  throw new Error('timed out waiting for the download');
}

function fetchKept(id: string, headers: Record<string, string> = {}): Promise<Response> {
  const req = new NextRequest(`http://localhost/api/media/progress/${id}/file`, { headers });
  return keptFileGet(req, { params: Promise.resolve({ id }) });
}

/** What a purge at `at` leaves: the store's files by key, and whether the job's row is still there. */
async function purgeAt(at: number, key: string, jobId: string) {
  await new SharedPreparations(() => at, fileStore).sweep();
  await purgeJobRows(await getDb(), 'download', at);
  const row = await (await getDb()).get<{ id: string }>('SELECT id FROM jobs WHERE id = ?', [jobId]);
  // Every file the store holds is "expired" at the end of time: the list names what is still there.
  return { file: (await fileStore().listExpired(Number.MAX_SAFE_INTEGER)).includes(key), row: row !== undefined };
}

describe('a followed upload downloaded in the background is kept until the history retention ends', () => {
  it('turns a retention into days kept: forever is capped', () => {
    expect([7, 30, 90, 365, -1].map(keepDays)).toEqual([7, 30, 90, 365, 365]);
  });

  it("reads the user's retention", async () => {
    const db = await getDb();
    await seedUser(db, 'usr_keep');
    await updatePreferences(db, 'usr_keep', { historyRetention: 7 });
    expect(await followKeepUntil(db, 'usr_keep', 1_000)).toBe(1_000 + 7 * DAY_MS);
    await updatePreferences(db, 'usr_keep', { historyRetention: -1 });
    expect(await followKeepUntil(db, 'usr_keep', 1_000)).toBe(1_000 + 365 * DAY_MS);
  });

  it('a kept file survives a purge past the temp TTL and goes after the retention; a normal one goes at the TTL', async () => {
    const { downloads, events } = services();
    const sized: { owner: string; url: string; bytes: number }[] = [];
    events.on('download.sized', async (event) => void sized.push(event));
    const start = Date.now();
    const until = start + 30 * DAY_MS;
    const kept = await downloads.start({ url: `${env.site.origin}/video.mp4?keep=1`, quality: '720p', format: 'mp4' }, { accountId: 'usr_keep' }, { until });
    await ready(kept);
    const plain = await downloads.start({ url: `${env.site.origin}/audio.mp3?keep=0`, quality: '720p', format: 'mp3' }, { accountId: 'usr_keep' });
    await ready(plain);
    // The kept one told its expected size (the source's length) once its format was known; the plain one did not.
    const head = await fetch(`${env.site.origin}/video.mp4?keep=1`, { method: 'HEAD' });
    expect(sized).toEqual([{ owner: 'usr_keep', url: `${env.site.origin}/video.mp4?keep=1`, bytes: Number(head.headers.get('content-length')) }]);
    const keptKey = (await downloads.keptFile(kept))!.key;
    const mediaId = decodeURIComponent((await downloads.get(plain))!.downloadUrl!.split('/api/download/')[1].split('?')[0]);
    const plainKey = (await fileStore().listExpired(Number.MAX_SAFE_INTEGER)).find((key) => key.startsWith(mediaId))!;
    expect(plainKey).toBeTruthy();
    expect(await downloads.keptFile(plain)).toBeUndefined();
    expect((await fileStore().stat(keptKey))!.expiresAt).toBe(until);

    // The link of the kept one names the job, not the analysis: it serves the file once the analysis is forgotten.
    const link = (await downloads.get(kept))!.downloadUrl!;
    expect(link).toBe(`/api/media/progress/${kept}/file`);
    clearAnalyses();
    const saved = await fetchKept(kept);
    expect(saved.status).toBe(200);
    expect((await saved.arrayBuffer()).byteLength).toBe((await fileStore().stat(keptKey))!.size);
    const part = await fetchKept(kept, { range: 'bytes=0-99' });
    expect([part.status, (await part.arrayBuffer()).byteLength]).toEqual([206, 100]);

    const pastTtl = Date.now() + TTL_MS + 1_000;
    expect(await purgeAt(pastTtl, keptKey, kept)).toEqual({ file: true, row: true });
    expect(await purgeAt(pastTtl, plainKey, plain)).toEqual({ file: false, row: false });

    const pastRetention = until + 1;
    expect(await purgeAt(pastRetention, keptKey, kept)).toEqual({ file: false, row: false });
    expect((await fetchKept(kept)).status).toBe(404);
  }, 120_000);
});
