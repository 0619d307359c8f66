import { expect, test, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { FIXTURE_PORT } from '../playwright.config';

const FIXTURE = `http://127.0.0.1:${FIXTURE_PORT}`;

// The toast itself (its text is also announced in a live region).
const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');

test('three links, one bad: two complete with links, one fails with its reason, and the ZIP downloads', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/bulk');
  await expect(page.getByRole('heading', { name: 'Bulk download' })).toBeVisible();
  await expect(page.getByText('Download multiple media files at once')).toBeVisible();
  const start = page.getByTestId('bulk-start');
  await expect(start).toBeDisabled();
  await expect(page.getByTestId('bulk-quality')).toHaveText('1080p');
  await expect(page.getByTestId('bulk-format')).toHaveText('MP4');

  await page.getByTestId('bulk-textarea').fill([`${FIXTURE}/video.mp4`, '', `${FIXTURE}/pages/no-media.html`, `  ${FIXTURE}/hls/master.m3u8  `].join('\n'));
  await page.getByTestId('bulk-quality').click();
  await page.getByRole('option', { name: '720p' }).click();
  await expect(page.getByTestId('bulk-quality')).toHaveText('720p');
  await start.click();

  const items = page.getByTestId('bulk-item');
  // The first POST also compiles the route on a dev server; a built one answers at once.
  await expect(items).toHaveCount(3, { timeout: 60_000 });
  await expect(page.locator('[data-testid=bulk-item][data-status=completed]')).toHaveCount(2, { timeout: 90_000 });
  const failed = page.locator('[data-testid=bulk-item][data-status=failed]');
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText(`${FIXTURE}/pages/no-media.html`);
  await expect(failed.getByTestId('bulk-item-message')).toHaveText('No video, audio or image was found at this link.');
  await expect(page.getByTestId('bulk-summary')).toHaveText('2 ready · 1 failed');
  for (const index of [0, 2]) {
    const item = items.nth(index);
    await expect(item.getByTestId('bulk-item-message')).toHaveText('Ready for download');
    await expect(item.getByTestId('bulk-item-download')).toHaveAttribute('href', /^\/api\/download\/[\w-]+\?itag=.+&ext=mp4$/);
  }
  await expect(toasts(page)).toContainText('Bulk download complete');
  await expect(toasts(page)).toContainText('Successfully processed 2 URLs');

  const downloading = page.waitForEvent('download');
  await page.getByTestId('bulk-zip').click();
  const zip = await downloading;
  expect(zip.suggestedFilename()).toMatch(/^grabline-batch_[\w-]+\.zip$/);
  const bytes = Buffer.concat(await (async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of (await zip.createReadStream())!) chunks.push(chunk as Buffer);
    return chunks;
  })());
  // Local file header signature, and two entries in the end record.
  expect(bytes.subarray(0, 4).toString('hex')).toBe('504b0304');
  expect(bytes.readUInt16LE(bytes.length - 22 + 10)).toBe(2);
});

test('one file per chapter: the item with chapters delivers a ZIP of its numbered chapters, the one without comes whole', async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto('/bulk');
  const split = page.getByTestId('bulk-split');
  await expect(split).not.toBeChecked();
  await expect(page.getByText('a link without chapters comes as one file.')).toBeVisible();
  await page.getByTestId('bulk-textarea').fill([`${FIXTURE}/chapters/20/talk.mp4?e2e=bulk-split`, `${FIXTURE}/chapters/20/plain.mp4?e2e=bulk-split`].join('\n'));
  await split.check();
  await expect(page.getByTestId('bulk-split-exact')).not.toBeChecked();
  await page.getByTestId('bulk-start').click();

  const items = page.getByTestId('bulk-item');
  await expect(items).toHaveCount(2, { timeout: 60_000 });
  await expect(page.locator('[data-testid=bulk-item][data-status=completed]')).toHaveCount(2, { timeout: 120_000 });
  await expect(items.nth(0).getByTestId('bulk-item-download')).toHaveAttribute('href', /[?&]split=1(&|$)/);
  await expect(items.nth(1).getByTestId('bulk-item-download')).not.toHaveAttribute('href', /split=/);

  const saving = page.waitForEvent('download', { timeout: 90_000 });
  await items.nth(0).getByTestId('bulk-item-download').click();
  const download = await saving;
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const listing = await promisify(execFile)('/usr/bin/python3', ['-c', 'import sys, zipfile; print("\\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))', (await download.path())!]);
  expect(listing.stdout.trim().split('\n')).toEqual(['01 - Intro.mp4', '02 - Part one the setup.mp4', '03 - الجزء الثاني.mp4', '04 - Outro.mp4']);
});

test('in Arabic: the split reads right to left, with its exact cut and its hint', async ({ page }) => {
  await page.goto('/ar/bulk');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByTestId('bulk-split').check();
  await expect(page.locator('label[for=bulk-split]')).toHaveText('ملف لكل فصل (في ملف ZIP)');
  await expect(page.locator('label[for=bulk-split-exact]')).toHaveText('القص بدقة عند بداية كل فصل (أبطأ: يُعاد الترميز)');
  await expect(page.locator('#bulk-split-hint')).toContainText('ملفًا واحدًا');
  await page.screenshot({ path: 'test-results/bulk-split-ar.png', fullPage: true });
});

test('SponsorBlock for the batch: a YouTube item made with the sponsor read removed is 3 s shorter', async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto('/bulk');
  // The e2e server's yt-dlp answers this link from its recording (a 20 s talk); the SponsorBlock stub puts a sponsor read at 5–8 s.
  await page.getByTestId('bulk-textarea').fill('https://www.youtube.com/watch?v=GrabLineSB1');
  await page.getByTestId('sponsorblock-toggle').click();
  await expect(page.locator('#bulk-sponsor-hint')).toContainText('For YouTube links only');
  await expect(page.getByTestId('sponsor-sponsor')).toHaveText('Mark as chapter');
  await page.getByTestId('sponsor-sponsor').click();
  await page.getByTestId('sponsor-sponsor-remove').click();
  await expect(page.getByTestId('sponsor-sponsor')).toHaveText('Remove');
  await page.getByTestId('bulk-start').click();

  const item = page.getByTestId('bulk-item');
  await expect(item).toHaveCount(1, { timeout: 60_000 });
  await expect(item).toHaveAttribute('data-status', 'completed', { timeout: 120_000 });
  await expect(item.getByTestId('bulk-item-download')).toHaveAttribute('href', /[?&]sponsorRemove=sponsor(&|$)/);
  const saving = page.waitForEvent('download', { timeout: 90_000 });
  await item.getByTestId('bulk-item-download').click();
  const file = (await (await saving).path())!;
  const { stdout } = await promisify(execFile)('/usr/bin/ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  test.info().annotations.push({ type: 'ffprobe', description: `${stdout.trim()} s` });
  // 20 s less the sponsor read's 3 s.
  expect(Math.abs(Number(stdout) - 17), `${stdout.trim()} s`).toBeLessThanOrEqual(0.2);
});

test('whitespace only is refused (at least one URL), and nothing starts', async ({ page }) => {
  await page.goto('/bulk');
  await page.getByTestId('bulk-textarea').fill('  \n   \n');
  await page.getByTestId('bulk-start').click();
  await expect(toasts(page)).toContainText('Error');
  await expect(toasts(page)).toContainText('Please enter at least one URL');
  await expect(page.getByTestId('bulk-item')).toHaveCount(0);
});

test('?creator= starts with that creator\'s videos listed, in Arabic too', async ({ page }) => {
  await page.goto('/ar/bulk?creator=fixture-channel');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('bulk-textarea')).toHaveValue(
    ['og-video', 'jsonld-video', 'video-tag', 'twitter-player'].map((p) => `${FIXTURE}/pages/${p}.html`).join('\n'),
  );
});
