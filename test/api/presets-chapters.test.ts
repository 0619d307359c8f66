import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as startDownload } from '@/app/api/media/download/route';
import { GET as progressGet } from '@/app/api/media/progress/[id]/route';
import { PATCH as patchPreset } from '@/app/api/presets/[id]/route';
import { GET as listPresets, POST as createPreset } from '@/app/api/presets/route';
import { callRoute } from '@/lib/auth/store.testkit';
import type { DownloadProgress } from '@/lib/downloads/download-job-schemas';
import { chapterMediaUrlPath } from '@/test/fixtures/chapter-media';
import { startDownloadEnv } from './download.testkit';
import { signUp } from './history.testkit';

/** A preset carries the chapter options: split and SponsorBlock's lists, applied under what a download sends. */
let env: Awaited<ReturnType<typeof startDownloadEnv>>;
beforeAll(async () => {
  env = await startDownloadEnv({ MAX_DOWNLOADS_PER_IP: '100' });
}, 300_000);
afterAll(async () => env?.close());

async function finished(id: string, headers: Record<string, string>): Promise<DownloadProgress> {
  for (let i = 0; i < 1500; i++) {
    const data = (await callRoute(progressGet, `/api/media/progress/${id}`, { params: { id }, headers })).json.data as DownloadProgress;
    if (data.status === 'ready' || data.status === 'failed') return data;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('download job never finished');
}

describe('presets with chapter options', () => {
  it('keep split and SponsorBlock lists, and a download naming the preset is split', async () => {
    const { cookie } = await signUp('chapters@example.com');
    const headers = { cookie };
    const created = await callRoute(createPreset, '/api/presets', { body: { name: 'Chapters', format: 'm4a', split: 'copy', sponsorMark: ['intro'], sponsorRemove: ['sponsor'] }, headers });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = created.json.data.id as string;
    const listed = (await callRoute(listPresets, '/api/presets', { headers })).json.data as { id: string; split?: string; sponsorMark?: string[]; sponsorRemove?: string[] }[];
    expect(listed.find((p) => p.id === id)).toMatchObject({ split: 'copy', sponsorMark: ['intro'], sponsorRemove: ['sponsor'] });
    const patched = await callRoute(patchPreset, `/api/presets/${id}`, { method: 'PATCH', params: { id }, body: { sponsorRemove: null }, headers });
    expect(patched.json.data).toMatchObject({ split: 'copy', sponsorMark: ['intro'], sponsorRemove: null });

    const started = await callRoute(startDownload, '/api/media/download', { body: { url: `${env.site.origin}${chapterMediaUrlPath(20, 'talk.m4a')}?preset=1`, preset: 'Chapters' }, headers });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    const done = await finished(started.json.data.downloadId as string, headers);
    expect(done.status, done.message).toBe('ready');
    expect(new URL(done.downloadUrl!, 'http://localhost').searchParams.get('split')).toBe('1');
  });

  it('refuses an unknown split or category', async () => {
    const { cookie } = await signUp('chapters-bad@example.com');
    const bad = await callRoute(createPreset, '/api/presets', { body: { name: 'Bad', split: 'sometimes' }, headers: { cookie } });
    expect(bad.status).toBe(400);
    const badList = await callRoute(createPreset, '/api/presets', { body: { name: 'Bad', sponsorMark: ['ads'] }, headers: { cookie } });
    expect(badList.status).toBe(400);
  });
});
