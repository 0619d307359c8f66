import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET } from '@/app/api/platform-status/route';
import { closeDb, getDb } from '@/lib/db';
import { AppError } from '@/lib/errors';
import { getPlatformBreaker } from '@/lib/media/ytdlp/breaker';
import { runCanaries } from '@/lib/media/ytdlp/canaries';
import { getYtdlpPool } from '@/lib/media/ytdlp/get-pool';
import { extractForPlatform } from '@/lib/media/ytdlp/platform-access';
import { testAccess } from '@/lib/media/analyze/analyze.testkit';
import { startTestSite, type TestSite } from '@/lib/media/ytdlp/test-site';

const noParams = { params: Promise.resolve({}) };
let dataDir: string;
let site: TestSite;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'grabline-platform-status-'));
  process.env.DATA_DIR = dataDir;
  site = await startTestSite();
  process.env.MEDIA_FETCH_ALLOW = new URL(site.origin).host;
});

afterAll(async () => {
  await getYtdlpPool().close();
  await site?.close();
  await closeDb();
  rmSync(dataDir, { recursive: true, force: true });
  delete process.env.MEDIA_FETCH_ALLOW;
  delete process.env.DATA_DIR;
});

async function status(query: string) {
  const res = await GET(new NextRequest(`http://localhost/api/platform-status?${query}`), noParams);
  return { status: res.status, body: await res.json() };
}

describe('a paused platform, as users meet it', () => {
  it("the landing pages' status says until when, for that platform only", async () => {
    try {
      getPlatformBreaker().record('instagram', new AppError('bot_check', "Sign in to confirm you're not a bot"));
      const { body } = await status('platform=instagram');
      expect(Date.parse(body.data.pausedUntil)).toBeGreaterThan(Date.now());
      expect((await status('platform=facebook')).body.data.pausedUntil).toBeNull();
      // the analysis error carries the same time
      const paused = await extractForPlatform('instagram', `${site.origin}/video.mp4?ig`, testAccess).catch((e: unknown) => e);
      expect((paused as AppError).details).toMatchObject({ retryAt: body.data.pausedUntil, platform: 'instagram' });
    } finally {
      getPlatformBreaker().reset();
    }
    expect((await status('platform=instagram')).body.data.pausedUntil).toBeNull();
  });
});

describe('a failing canary, as users meet it', () => {
  it('the landing pages\' status says since when; an unknown platform is a 400', async () => {
    expect(await status('platform=tiktok')).toEqual({ status: 200, body: { success: true, data: { platform: 'tiktok', failingSince: null, pausedUntil: null } } });
    await runCanaries({ db: await getDb(), pool: getYtdlpPool(), canaries: { tiktok: [`${site.origin}/missing.mp4`] } });
    const { body } = await status('platform=tiktok');
    expect(Date.parse(body.data.failingSince)).toBeGreaterThan(Date.now() - 60_000);
    expect((await status('platform=instagram')).body.data.failingSince).toBeNull();
    expect((await status('platform=myspace')).body).toMatchObject({ success: false, code: 'invalid_request' });
  });

  it('the analysis error of that platform says so too', async () => {
    const error = await extractForPlatform('tiktok', `${site.origin}/missing.mp4?user`, testAccess).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('content_unavailable');
    expect((error as AppError).message).toMatch(/TikTok downloads have been failing on this server since \d{2}:\d{2} UTC/);
    expect((error as AppError).details).toMatchObject({ failingSince: expect.any(String), platform: 'tiktok' });
    const other = await extractForPlatform('instagram', `${site.origin}/missing.mp4?ig`, testAccess).catch((e: unknown) => e);
    expect((other as AppError).message).not.toMatch(/failing on this server/);
  });
});
