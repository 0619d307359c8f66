import { expect, test, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expectDownloadReady } from './download-card';

// A YouTube link the e2e server's yt-dlp answers from its recording (test/fixtures/ytdlp-recorded.ts): the fixture
// site's 20 s talk without chapters in the file, its four chapters in the info dict. SponsorBlock is the fixture
// site's stub, which knows this video: a sponsor read 5–8 s, an interaction reminder 12.5–13.5 s, self-promotion 17–18 s.
const YOUTUBE = 'https://www.youtube.com/watch?v=GrabLineSB1';
const run = promisify(execFile);

type Chapter = [start: number, end: number, title: string];

/** What a player reads back from the saved file: its length and its chapters. */
async function readBack(file: string): Promise<{ seconds: number; chapters: Chapter[] }> {
  const { stdout } = await run('/usr/bin/ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-show_chapters', '-of', 'json', file]);
  const probed = JSON.parse(stdout) as { format: { duration: string }; chapters: { start_time: string; end_time: string; tags?: { title?: string } }[] };
  const read = {
    seconds: Number(probed.format.duration),
    chapters: probed.chapters.map((c): Chapter => [Number(c.start_time), Number(c.end_time), c.tags?.title ?? '']),
  };
  // What was read, in the run's report whether the test passes or not.
  test.info().annotations.push({ type: 'ffprobe', description: JSON.stringify(read) });
  return read;
}

function expectChapters(read: Chapter[], expected: Chapter[]) {
  expect(read.map(([, , title]) => title)).toEqual(expected.map(([, , title]) => title));
  read.forEach(([start, end, title], i) => {
    expect(Math.abs(start - expected[i][0]), `${title} starts at ${start}`).toBeLessThanOrEqual(0.2);
    expect(Math.abs(end - expected[i][1]), `${title} ends at ${end}`).toBeLessThanOrEqual(0.2);
  });
}

async function choose(page: Page, category: string, action: 'keep' | 'mark' | 'remove') {
  await page.getByTestId(`sponsor-${category}`).click();
  await page.getByTestId(`sponsor-${category}-${action}`).click();
}

test('SponsorBlock on the result card: a removed sponsor read is cut out and the chapters after it move up', async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto('/download');
  await page.getByTestId('analyze-input').fill(YOUTUBE);
  await page.getByTestId('analyze-submit').click();
  await expect(page.getByTestId('result-card')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('result-platform')).toHaveAttribute('data-platform', 'youtube');
  await expect(page.getByTestId('result-title')).toHaveText('A talk in four chapters, with a sponsor read');
  await expect(page.getByTestId('chapter-options')).toContainText('One file per chapter (4 chapters, as a ZIP)');
  const toggle = page.getByTestId('sponsorblock-toggle');
  await expect(toggle).toHaveText('SponsorBlock segments');
  await toggle.click();
  // The visitor's setting until changed: sponsors, self-promotion and interaction reminders marked as chapters.
  await expect(page.getByTestId('sponsor-sponsor')).toHaveText('Mark as chapter');
  await choose(page, 'sponsor', 'remove');
  await choose(page, 'selfpromo', 'keep');
  await choose(page, 'interaction', 'keep');
  await expect(page.getByTestId('sponsor-sponsor')).toHaveText('Remove');
  await page.screenshot({ path: 'test-results/sponsorblock-card-en.png', fullPage: true });

  const saved = page.waitForEvent('download', { timeout: 90_000 });
  await page.getByTestId('download-button').click();
  await expectDownloadReady(page);
  await expect(page.getByTestId('save-file-link')).toHaveAttribute('href', /sponsorRemove=sponsor(&|$)/);
  const read = await readBack((await (await saved).path())!);
  // 20 s less the sponsor read's 3 s.
  expect(Math.abs(read.seconds - 17), `${read.seconds} s`).toBeLessThanOrEqual(0.2);
  expectChapters(read.chapters, [[0, 4, 'Intro'], [4, 8, 'Part one: the setup'], [8, 13, 'الجزء الثاني'], [13, 17, 'Outro']]);
});

test('in Arabic: the SponsorBlock choice reads right to left; removed and marked segments reach the file', async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto(`/ar/download?url=${encodeURIComponent(YOUTUBE)}`);
  await expect(page.getByTestId('result-card')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  const toggle = page.getByTestId('sponsorblock-toggle');
  await expect(toggle).toHaveText('مقاطع SponsorBlock');
  await toggle.click();
  const options = page.getByTestId('chapter-options');
  await expect(options).toContainText('مقاطع حدّدها مستخدمو SponsorBlock في هذا الفيديو');
  await expect(options).toContainText('رعاية');
  await expect(options).toContainText('تذكير بالتفاعل');
  await expect(page.getByTestId('sponsor-sponsor')).toHaveText('جعله فصلًا');
  await choose(page, 'sponsor', 'remove');
  await expect(page.getByTestId('sponsor-sponsor')).toHaveText('حذف');
  await page.screenshot({ path: 'test-results/sponsorblock-card-ar.png', fullPage: true });

  const saved = page.waitForEvent('download', { timeout: 90_000 });
  await page.getByTestId('download-button').click();
  await expect(page.getByTestId('progress-status')).toHaveText('جاهز', { timeout: 90_000 });
  const read = await readBack((await (await saved).path())!);
  expect(Math.abs(read.seconds - 17), `${read.seconds} s`).toBeLessThanOrEqual(0.2);
  // The reminder and the self-promotion stay marked as chapters of their own, 3 s earlier than in the source.
  expectChapters(read.chapters, [
    [0, 4, 'Intro'], [4, 8, 'Part one: the setup'], [8, 9.5, 'الجزء الثاني'], [9.5, 10.5, 'Interaction reminder'],
    [10.5, 13, 'الجزء الثاني'], [13, 14, 'Outro'], [14, 15, 'Self-promotion'], [15, 17, 'Outro'],
  ]);
});
