import { expect, test, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expectDownloadReady } from './download-card';

// The fixture site global-setup starts (never the internet); the app is started with it allow-listed.
const FIXTURE = `http://127.0.0.1:${process.env.E2E_FIXTURE_PORT ?? 4555}`;
const PASSWORD = 'correct horse battery';
const STARTERS_EN = ['Best video', '1080p MP4', '720p (small)', 'Audio MP3 320k', 'Audio M4A'];

async function signedIn(page: Page, name: string) {
  const email = `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  expect((await page.request.post('/api/auth/register', { data: { email, password: PASSWORD } })).status()).toBe(201);
  expect((await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).ok()).toBe(true);
}

async function analyze(page: Page, url: string) {
  await page.goto(`/en/download?url=${encodeURIComponent(url)}`);
  await expect(page.getByTestId('result-card')).toBeVisible({ timeout: 30_000 });
}

/** The audio stream's codec and bit rate as ffprobe reads them from the saved file. */
async function probeAudio(file: string): Promise<{ codec: string; bitRate: number; streams: number }> {
  const { stdout } = await promisify(execFile)('/usr/bin/ffprobe', ['-v', 'error', '-show_streams', '-of', 'json', file]);
  const streams = (JSON.parse(stdout) as { streams: { codec_type: string; codec_name: string; bit_rate?: string }[] }).streams;
  const audio = streams.find((s) => s.codec_type === 'audio');
  return { codec: audio?.codec_name ?? '', bitRate: Number(audio?.bit_rate ?? 0), streams: streams.length };
}

const presetRow = (page: Page, name: string) => page.getByTestId('preset-list').locator('li').filter({ hasText: name });

test('the starter presets in English; "Audio MP3 320k" on a result card saves a 320 kbit/s MP3; a new preset made default is preselected', async ({ page }) => {
  test.setTimeout(150_000);
  await signedIn(page, 'presets');
  await page.goto('/en/dashboard/settings');
  const manager = page.getByTestId('preset-manager');
  await expect(manager.getByRole('heading', { name: 'Download presets' })).toBeVisible();
  await expect(manager.getByTestId('preset-list').locator('li')).toHaveCount(5);
  for (const name of STARTERS_EN) await expect(presetRow(page, name)).toHaveCount(1);

  await analyze(page, `${FIXTURE}/video.mp4`);
  const picker = page.getByTestId('preset-picker');
  await expect(picker).toHaveText('Custom');
  await picker.click();
  await page.getByRole('option', { name: 'Audio MP3 320k' }).click();
  await expect(page.getByTestId('format-select')).toContainText(/MP3/);
  const saved = page.waitForEvent('download', { timeout: 90_000 });
  await page.getByTestId('download-button').click();
  await expectDownloadReady(page);
  const download = await saved;
  expect(download.suggestedFilename()).toMatch(/\.mp3$/);
  const audio = await probeAudio((await download.path())!);
  expect(audio).toMatchObject({ codec: 'mp3', streams: 1 });
  expect(Math.round(audio.bitRate / 1000)).toBe(320);

  await page.goto('/en/dashboard/settings');
  await manager.locator('#preset-new-name').fill('Podcasts e2e');
  await manager.getByTestId('preset-create').click();
  await expect(page.getByText('The preset is saved.').first()).toBeVisible();
  const mine = presetRow(page, 'Podcasts e2e');
  await expect(mine).toHaveCount(1);
  await mine.getByRole('button', { name: 'Make default' }).click();
  await expect(mine).toContainText('Default');
  await expect(mine.getByRole('button', { name: 'Make default' })).toHaveCount(0);

  await analyze(page, `${FIXTURE}/video.mp4`);
  await expect(page.getByTestId('preset-picker')).toHaveText('Podcasts e2e (Default)');
});

test('the presets card in Arabic reads right to left', async ({ page }) => {
  await signedIn(page, 'presets-ar');
  await page.goto('/ar/dashboard/settings');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const manager = page.getByTestId('preset-manager');
  await expect(manager.getByRole('heading', { name: 'الإعدادات المسبقة للتنزيل' })).toBeVisible();
  // The first read in Arabic gives the starters in Arabic.
  await expect(presetRow(page, 'صوت MP3 بمعدل 320k')).toHaveCount(1);
  await expect(manager.getByTestId('preset-list').locator('li')).toHaveCount(5);
  expect(await manager.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
  // Right to left: each row's name starts at the card's right edge and its buttons sit to its left.
  const row = presetRow(page, 'أفضل فيديو');
  const name = (await row.locator('p').first().boundingBox())!;
  const button = (await row.getByRole('button').first().boundingBox())!;
  const card = (await manager.boundingBox())!;
  expect(card.x + card.width - (name.x + name.width)).toBeLessThan(60);
  expect(button.x).toBeLessThan(name.x);
  await manager.screenshot({ path: 'test-results/presets-ar-settings.png' });
});

test.describe('past the daily bytes', () => {
  test.use({ timezoneId: 'Asia/Tokyo', locale: 'en-US' });

  test("the page's toast says when the allowance renews, in the visitor's own time", async ({ page }) => {
    await analyze(page, `${FIXTURE}/video.mp4`);
    // The server's answer past the limit (its shape is proved against the real route by test/api/served-bytes.test.ts);
    // what is under test here is how the page tells it.
    const retryAt = new Date(Date.UTC(2031, 0, 2, 0, 0, 0)).toISOString();
    await page.route('**/api/media/download', (route) => route.fulfill({
      status: 429, contentType: 'application/json',
      body: JSON.stringify({ success: false, error: 'Today’s download allowance is used up.', code: 'daily_bytes_exceeded', details: { retryAt } }),
    }));
    await page.getByTestId('download-button').click();
    // Midnight UTC is 9:00 in Tokyo.
    await expect(page.getByText(/Today's download allowance on this server is used up\. It renews at midnight UTC\. You can download again from .*9:00/).first()).toBeVisible();
  });
});
