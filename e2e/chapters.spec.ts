import { expect, test, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expectDownloadReady } from './download-card';

// The fixture site global-setup starts (never the internet): a 20 s talk with four chapters, and the same without.
const FIXTURE = `http://127.0.0.1:${process.env.E2E_FIXTURE_PORT ?? 4555}`;
const TALK = `${FIXTURE}/chapters/20/talk.mp4`;
const PLAIN = `${FIXTURE}/chapters/20/plain.mp4`;
const run = promisify(execFile);

async function analyze(page: Page, prefix: string, url: string) {
  await page.goto(`${prefix}/download?url=${encodeURIComponent(url)}`);
  await expect(page.getByTestId('result-card')).toBeVisible({ timeout: 30_000 });
}

/** The names inside a saved ZIP, and each piece's length by ffprobe. */
async function unzip(file: string): Promise<{ name: string; seconds: number }[]> {
  const out = await mkdtemp(path.join(tmpdir(), 'grabline-e2e-zip-'));
  await run('/usr/bin/python3', ['-m', 'zipfile', '-e', file, out]);
  const { stdout } = await run('/usr/bin/python3', ['-c', 'import os,sys; print("\\n".join(sorted(os.listdir(sys.argv[1]))))', out]);
  return Promise.all(stdout.trim().split('\n').map(async (name) => {
    const probe = await run('/usr/bin/ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path.join(out, name)]);
    return { name, seconds: Number(probe.stdout.trim()) };
  }));
}

test('one file per chapter: offered for a media with chapters, saved as a ZIP of numbered, titled pieces', async ({ page }) => {
  test.setTimeout(150_000);
  await analyze(page, '', TALK);
  const split = page.getByTestId('split-chapters');
  await expect(split).toBeVisible();
  await expect(page.getByTestId('chapter-options')).toContainText('One file per chapter (4 chapters, as a ZIP)');
  await split.check();
  await expect(page.getByTestId('split-exact')).toBeVisible();
  await page.screenshot({ path: 'test-results/chapters-split-en.png', fullPage: true });
  const saved = page.waitForEvent('download', { timeout: 90_000 });
  await page.getByTestId('download-button').click();
  await expectDownloadReady(page);
  await expect(page.getByTestId('save-file-link')).toHaveAttribute('href', /split=1/);
  const download = await saved;
  expect(download.suggestedFilename()).toBe('talk.zip');
  const pieces = await unzip((await download.path())!);
  expect(pieces.map((p) => p.name)).toEqual(['01 - Intro.mp4', '02 - Part one the setup.mp4', '03 - الجزء الثاني.mp4', '04 - Outro.mp4']);
  pieces.forEach((piece, i) => expect(Math.abs(piece.seconds - [4, 7, 5, 4][i]), piece.name).toBeLessThanOrEqual(0.15));
});

test('in Arabic: the choice reads right to left, and an exact split is saved as a ZIP', async ({ page }) => {
  test.setTimeout(150_000);
  await analyze(page, '/ar', TALK);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('chapter-options')).toContainText('ملف لكل فصل (4 فصول، في ملف ZIP)');
  await page.getByTestId('split-chapters').check();
  await page.getByTestId('split-exact').check();
  await page.screenshot({ path: 'test-results/chapters-split-ar.png', fullPage: true });
  const saved = page.waitForEvent('download', { timeout: 90_000 });
  await page.getByTestId('download-button').click();
  await expect(page.getByTestId('progress-status')).toHaveText('جاهز', { timeout: 90_000 });
  await expect(page.getByTestId('save-file-link')).toHaveAttribute('href', /split=1&exact=1|exact=1.*split=1/);
  const pieces = await unzip((await (await saved).path())!);
  expect(pieces).toHaveLength(4);
  pieces.forEach((piece, i) => expect(Math.abs(piece.seconds - [4, 7, 5, 4][i]), piece.name).toBeLessThanOrEqual(0.15));
});

test('a media without chapters does not offer the split, nor SponsorBlock off YouTube', async ({ page }) => {
  await analyze(page, '', PLAIN);
  await expect(page.getByTestId('download-button')).toBeVisible();
  await expect(page.getByTestId('split-chapters')).toHaveCount(0);
  await expect(page.getByTestId('sponsorblock-toggle')).toHaveCount(0);
});

const PASSWORD = 'correct horse battery';
async function signedIn(page: Page, name: string) {
  const email = `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  expect((await page.request.post('/api/auth/register', { data: { email, password: PASSWORD } })).status()).toBe(201);
  expect((await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).ok()).toBe(true);
}

test('SponsorBlock in settings: the default marks sponsors; a category set to Remove is saved for the next downloads', async ({ page }) => {
  await signedIn(page, 'sponsorblock');
  await page.goto('/en/dashboard/settings');
  const card = page.getByTestId('sponsorblock-settings');
  await expect(card.getByRole('heading', { name: 'SponsorBlock' })).toBeVisible();
  await expect(card.getByTestId('sponsor-sponsor')).toHaveText('Mark as chapter');
  await expect(card.getByTestId('sponsor-intro')).toHaveText('Keep');
  await card.getByTestId('sponsor-intro').click();
  await page.getByTestId('sponsor-intro-remove').click();
  await card.getByTestId('sponsorblock-save').click();
  await expect(card.getByTestId('sponsorblock-save')).toBeDisabled();
  const saved = await (await page.request.get('/api/settings/sponsorblock')).json();
  expect(saved.data).toEqual({ mark: ['sponsor', 'selfpromo', 'interaction'], remove: ['intro'] });
  await page.reload();
  await expect(page.getByTestId('sponsorblock-settings').getByTestId('sponsor-intro')).toHaveText('Remove');
});

test('SponsorBlock in settings, in Arabic: the categories and actions read right to left', async ({ page }) => {
  await signedIn(page, 'sponsorblock-ar');
  await page.goto('/ar/dashboard/settings');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const card = page.getByTestId('sponsorblock-settings');
  await expect(card).toContainText('رعاية');
  await expect(card.getByTestId('sponsor-sponsor')).toHaveText('جعله فصلًا');
  await expect(card.getByTestId('sponsor-filler')).toHaveText('إبقاء');
  await page.screenshot({ path: 'test-results/sponsorblock-settings-ar.png', fullPage: true });
});
