import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

// The fixture site global-setup starts (never the internet); the app is started with it allow-listed.
const FIXTURE = `http://127.0.0.1:${process.env.E2E_FIXTURE_PORT ?? 4555}`;

test('a multi-item post downloads as one ZIP from the card: every item, each a valid file', async ({ page }) => {
  await page.goto(`/download?url=${encodeURIComponent(`${FIXTURE}/pages/carousel.html`)}`);
  await expect(page.getByTestId('result-card')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('item-picker').getByTestId('item-option')).toHaveCount(3);
  const all = page.getByTestId('download-all-zip');
  await expect(all).toContainText('3');

  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), all.click()]);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const dir = mkdtempSync(join(tmpdir(), 'grabline-e2e-posts-'));
  const zip = join(dir, 'post.zip');
  await download.saveAs(zip);
  execFileSync('unzip', ['-tq', zip]);
  execFileSync('unzip', ['-q', zip, '-d', join(dir, 'out')]);
  const names = readdirSync(join(dir, 'out')).sort();
  expect(names).toHaveLength(3);
  for (const name of names) {
    const probe = JSON.parse(
      execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-of', 'json', join(dir, 'out', name)], { encoding: 'utf8' }),
    ) as { streams: { codec_type: string; codec_name: string }[] };
    expect(probe.streams.length, name).toBeGreaterThan(0);
  }
  expect(names.filter((name) => name.endsWith('.mp4'))).toHaveLength(1);
});
