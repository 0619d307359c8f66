import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expectDownloadReady } from './download-card';

// The fixture site global-setup starts (never the internet); the app is started with it allow-listed.
const FIXTURE = `http://127.0.0.1:${process.env.E2E_FIXTURE_PORT ?? 4555}`;
const VIDEO = `${FIXTURE}/pages/og-video.html`;

async function analyze(page: Page, prefix: string) {
  await page.goto(`${prefix}/download?url=${encodeURIComponent(VIDEO)}`);
  await expect(page.getByTestId('result-card')).toBeVisible({ timeout: 30_000 });
}

async function duration(file: string): Promise<number> {
  const { stdout } = await promisify(execFile)('/usr/bin/ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  return Number(stdout.trim());
}

test('trim with the keyboard and typed times, frame-accurate: the saved clip lasts what was asked', async ({ page }) => {
  test.setTimeout(150_000);
  await analyze(page, '');
  await page.getByTestId('trim-toggle').click();
  await expect(page.getByTestId('trim-toggle')).toHaveAttribute('aria-expanded', 'true');
  const start = page.getByTestId('trim-start-handle');
  const end = page.getByTestId('trim-end-handle');
  await expect(start).toHaveAttribute('role', 'slider');
  await expect(end).toHaveAttribute('aria-valuetext', '0:06');
  // Keyboard: the end handle back by ten tenths of a second (6 s media: arrows move by 0.1 s).
  await end.focus();
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowLeft');
  await expect(end).toHaveAttribute('aria-valuetext', '0:05');
  // Typed: the start at 1:00.5 is outside the media — refused with a message; 1.5 is taken.
  await page.getByTestId('trim-start').fill('1:00.5');
  await page.getByTestId('trim-start').press('Enter');
  await expect(page.getByTestId('trim-start')).toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('trim-start').fill('1.5');
  await page.getByTestId('trim-start').press('Enter');
  await expect(start).toHaveAttribute('aria-valuetext', '0:01.5');
  await expect(page.getByTestId('trim-length')).toContainText('0:03.5');
  await page.getByTestId('trim-exact').check();
  expect((await new AxeBuilder({ page }).include('[data-testid=trim-control]').analyze()).violations.map((v) => v.id)).toEqual([]);
  await page.screenshot({ path: 'test-results/trim-en.png', fullPage: true });

  const saved = page.waitForEvent('download', { timeout: 90_000 });
  await page.getByTestId('download-button').click();
  await expectDownloadReady(page);
  await expect(page.getByTestId('save-file-link')).toHaveAttribute('href', /start=1\.5&end=5&exact=1/);
  const download = await saved;
  expect(download.suggestedFilename()).toMatch(/\(1\.5-5 s\)\.mp4$/);
  expect(Math.abs((await duration((await download.path())!)) - 3.5)).toBeLessThanOrEqual(0.1);
});

test('in Arabic the timeline mirrors too: time runs right to left, the arrow keys with it', async ({ page }) => {
  test.setTimeout(90_000);
  await analyze(page, '/ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByTestId('trim-toggle').click();
  const track = page.getByTestId('trim-track');
  await expect(track).toHaveAttribute('dir', 'rtl');
  const start = page.getByTestId('trim-start-handle');
  const end = page.getByTestId('trim-end-handle');
  await expect(start).toHaveAttribute('aria-label', 'البداية');
  const [a, b] = [await start.boundingBox(), await end.boundingBox()];
  // The start sits on the right end of the track, the end on the left, as the page reads.
  expect(a!.x).toBeGreaterThan(b!.x);
  // ArrowLeft moves a handle leftwards, which is later in RTL (as a native range input does).
  await start.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(start).toHaveAttribute('aria-valuenow', '0.1');
  // Dragging the end handle to the middle of the track puts it near 3 s. The track is brought to the middle of the
  // window first: in RTL the end handle sits on the left, where the notice toast may cover the bottom of the window.
  await track.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = (await track.boundingBox())!;
  const handle = (await end.boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  expect(Math.abs(Number(await end.getAttribute('aria-valuenow')) - 3)).toBeLessThanOrEqual(0.2);
  expect((await new AxeBuilder({ page }).include('[data-testid=trim-control]').analyze()).violations.map((v) => v.id)).toEqual([]);
  await page.screenshot({ path: 'test-results/trim-ar.png', fullPage: true });
});

test('the "details in the file" setting is on by default, turns off, and stays off after a reload (Arabic)', async ({ page }) => {
  test.setTimeout(90_000);
  const email = `trim-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  expect((await page.request.post('/api/auth/register', { data: { email, password: 'correct horse battery' } })).status()).toBe(201);
  expect((await page.request.post('/api/auth/login', { data: { email, password: 'correct horse battery' } })).ok()).toBe(true);
  await page.goto('/ar/dashboard/settings');
  const toggle = page.getByTestId('settings-embed-metadata');
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(page.locator('#settings-metadata-label')).toHaveText('التفاصيل داخل الملف');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect.poll(async () => ((await (await page.request.get('/api/settings')).json()) as { data: { embedMetadata: boolean } }).data.embedMetadata).toBe(false);
  await page.reload();
  await expect(page.getByTestId('settings-embed-metadata')).toHaveAttribute('aria-checked', 'false');
  await page.screenshot({ path: 'test-results/settings-metadata-ar.png', fullPage: true });
});
