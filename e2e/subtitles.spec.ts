import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ensureTextStreamFixtures } from '../test/fixtures/media-streams-text';
import { expectDownloadReady } from './download-card';

// The fixture site global-setup starts (never the internet): an HLS stream with English and French subtitles.
const FIXTURE = `http://127.0.0.1:${process.env.E2E_FIXTURE_PORT ?? 4555}`;
const STREAM = `${FIXTURE}/streams-text/hls/master.m3u8`;

test.beforeAll(async () => {
  await ensureTextStreamFixtures();
});

test('the Subtitles group: each language as SRT or VTT, and one muxed into the MP4 as a soft track', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`/download?url=${encodeURIComponent(STREAM)}`);
  await expect(page.getByTestId('result-card')).toBeVisible({ timeout: 30_000 });
  const group = page.getByTestId('subtitle-group');
  await expect(group.getByRole('heading', { name: 'Subtitles' })).toBeVisible();
  await expect(group.getByTestId('subtitle-track')).toHaveCount(2);
  const dir = mkdtempSync(join(tmpdir(), 'grabline-e2e-subs-'));

  const french = group.getByTestId('subtitle-track').filter({ hasText: 'Français' });
  const [srt] = await Promise.all([page.waitForEvent('download'), french.getByRole('link', { name: /SRT/ }).click()]);
  await srt.saveAs(join(dir, 'fr.srt'));
  expect(readFileSync(join(dir, 'fr.srt'), 'utf8')).toMatch(/^1\n00:00:00,200 --> 00:00:00,900\nLigne française 1\n/);

  await group.getByTestId('subtitle-mux').click();
  await page.getByRole('option', { name: 'Français' }).click();
  const saved = page.waitForEvent('download', { timeout: 90_000 });
  await page.getByTestId('download-button').click();
  await expectDownloadReady(page);
  const video = await saved;
  await video.saveAs(join(dir, 'video.mp4'));
  const probe = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-of', 'json', join(dir, 'video.mp4')], { encoding: 'utf8' })) as {
    streams: { codec_type: string; codec_name: string; tags?: { language?: string } }[];
  };
  expect(probe.streams.find((s) => s.codec_type === 'subtitle')).toMatchObject({ codec_name: 'mov_text', tags: { language: 'fra' } });
  mkdirSync('screenshots', { recursive: true });
  await page.screenshot({ path: 'screenshots/subtitles-en.png', fullPage: true });
});

test('the Subtitles group in Arabic reads right to left', async ({ page }) => {
  await page.goto(`/ar/download?url=${encodeURIComponent(STREAM)}`);
  await expect(page.getByTestId('result-card')).toBeVisible({ timeout: 30_000 });
  const group = page.getByTestId('subtitle-group');
  await expect(group.getByRole('heading', { name: 'الترجمة' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The download links sit at the line's end: on the left in RTL.
  const track = group.getByTestId('subtitle-track').first();
  const row = await track.boundingBox();
  const link = await track.getByRole('link').first().boundingBox();
  expect(link!.x - row!.x).toBeLessThan(row!.width / 2);
  mkdirSync('screenshots', { recursive: true });
  await page.screenshot({ path: 'screenshots/subtitles-ar.png', fullPage: true });
});
