import { expect, test, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expectDownloadReady } from './download-card';

// The fixture site global-setup starts (never the internet); the app is started with it allow-listed.
const FIXTURE = `http://127.0.0.1:${process.env.E2E_FIXTURE_PORT ?? 4555}`;
const VIDEO = `${FIXTURE}/pages/og-video.html`;
const run = promisify(execFile);

async function analyze(page: Page, prefix: string) {
  await page.goto(`${prefix}/download?url=${encodeURIComponent(VIDEO)}`);
  await expect(page.getByTestId('result-card')).toBeVisible({ timeout: 30_000 });
}

/** What a player's meter reads of the saved file: ffmpeg's ebur128 with true peaks, and the streams it holds. */
async function measure(file: string) {
  const { stderr } = await run('/usr/bin/ffmpeg', ['-hide_banner', '-nostats', '-i', file, '-map', '0:a:0', '-af', 'ebur128=peak=true', '-f', 'null', '-']);
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const { stdout } = await run('/usr/bin/ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type', '-of', 'csv=p=0', file]);
  return {
    integrated: Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)?.[1]),
    truePeak: Number(/Peak:\s+(-?[\d.]+) dBFS/.exec(summary)?.[1]),
    streams: stdout.trim().split('\n'),
  };
}

async function downloadWith(page: Page, choice: 'streaming' | 'podcast', target: number) {
  await page.getByTestId('loudness-select').click();
  await page.getByTestId(`loudness-${choice}`).click();
  await expect(page.getByTestId('loudness-select')).toContainText(`${-target} LUFS`);
  const saved = page.waitForEvent('download', { timeout: 90_000 });
  await page.getByTestId('download-button').click();
  // The card's status is in the page's language: in English its Failed text ends the wait at once with the reason.
  if ((await page.locator('html').getAttribute('lang')) === 'en') await expectDownloadReady(page);
  else await expect(page.getByTestId('save-file-link')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('save-file-link')).toHaveAttribute('href', new RegExp(`loudness=${choice}`));
  const read = await measure((await (await saved).path())!);
  expect(Math.abs(read.integrated - target), `${read.integrated} LUFS`).toBeLessThanOrEqual(1);
  expect(read.truePeak).toBeLessThanOrEqual(-1);
  // A video stays a video: its picture is copied beside the normalised sound.
  expect(read.streams).toEqual(expect.arrayContaining(['video', 'audio']));
}

test('normalise loudness on the result card: the saved file reads -14 LUFS (streaming)', async ({ page }) => {
  test.setTimeout(150_000);
  await analyze(page, '');
  await expect(page.getByText('Normalise loudness')).toBeVisible();
  await expect(page.getByTestId('loudness-select')).toContainText('Off (as the source)');
  await downloadWith(page, 'streaming', -14);
  await page.screenshot({ path: 'test-results/loudness-en.png', fullPage: true });
});

test('in Arabic the choice is named in Arabic, its figure left to right, and the file reads -16 LUFS (podcast)', async ({ page }) => {
  test.setTimeout(150_000);
  await analyze(page, '/ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText('توحيد مستوى الصوت')).toBeVisible();
  await page.getByTestId('loudness-select').click();
  await expect(page.getByTestId('loudness-podcast')).toContainText('بودكاست');
  await expect(page.getByTestId('loudness-podcast').locator('bdi')).toHaveAttribute('dir', 'ltr');
  await page.keyboard.press('Escape');
  await downloadWith(page, 'podcast', -16);
  await page.screenshot({ path: 'test-results/loudness-ar.png', fullPage: true });
});
