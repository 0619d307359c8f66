import { expect, test, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expectDownloadReady } from './download-card';

// The fixture site global-setup starts (never the internet); the app is started with it allow-listed.
const FIXTURE = `http://127.0.0.1:${process.env.E2E_FIXTURE_PORT ?? 4555}`;

interface Stream {
  codec_type: string;
  codec_name: string;
}

/** What ffprobe reads in a saved file: a file it cannot parse fails here. */
async function probeStreams(file: string): Promise<Stream[]> {
  const { stdout } = await promisify(execFile)('/usr/bin/ffprobe', ['-v', 'error', '-show_streams', '-of', 'json', file]);
  return (JSON.parse(stdout) as { streams: Stream[] }).streams;
}

async function analyze(page: Page, url: string) {
  await page.goto(`/download?url=${encodeURIComponent(url)}`);
  await expect(page.getByTestId('result-card')).toBeVisible({ timeout: 30_000 });
}

async function chooseFormat(page: Page, label: RegExp) {
  await page.getByTestId('format-select').click();
  await page.getByTestId('format-option').filter({ hasText: label }).first().click();
  await expect(page.getByTestId('format-select')).toContainText(label);
}

/** Download → the job's card runs to ready and the browser saves the file by itself. */
async function downloadThroughJob(page: Page) {
  const saved = page.waitForEvent('download', { timeout: 90_000 });
  await page.getByTestId('download-button').click();
  const card = page.getByTestId('progress-card');
  await expect(card).toBeVisible();
  // The notice says what is true while the card may still read "Queued": nothing has "started" yet.
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Download queued')).toBeVisible();
  await expect(page.getByText('Download Started')).toHaveCount(0);
  await expect(page.getByTestId('download-button')).toBeDisabled();
  // Busy without losing focus: keyboard users stay on the button, not on <body>.
  await expect(page.getByTestId('download-button')).toBeFocused();
  await expectDownloadReady(page);
  await expect(page.getByTestId('progress-percent')).toHaveText('100%');
  await expect(page.getByTestId('progress-bar')).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByTestId('save-file-link')).toHaveAttribute('href', /^\/api\/download\/[\w-]+\?itag=[^&]+&ext=\w+(&lang=[\w-]+)?$/);
  await expect(page.getByTestId('download-button')).toBeEnabled();
  return saved;
}

test('a non-default format (MP3) goes through a download job and saves a real MP3', async ({ page }) => {
  test.setTimeout(120_000);
  await analyze(page, `${FIXTURE}/video.mp4`);
  await chooseFormat(page, /MP3/);
  const download = await downloadThroughJob(page);
  await expect(page.getByText('Download ready').first()).toBeVisible();
  expect(download.suggestedFilename()).toMatch(/\.mp3$/);
  const streams = await probeStreams((await download.path())!);
  expect(streams.map((s) => `${s.codec_type}:${s.codec_name}`)).toEqual(['audio:mp3']);
});

test("the HLS fixture's MP4 1080p offer merges into one file with video and audio", async ({ page }) => {
  test.setTimeout(150_000);
  await analyze(page, `${FIXTURE}/hls/master.m3u8`);
  await chooseFormat(page, /1080p · MP4/);
  const download = await downloadThroughJob(page);
  expect(download.suggestedFilename()).toMatch(/\.mp4$/);
  const streams = await probeStreams((await download.path())!);
  expect(streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
  expect(streams.find((s) => s.codec_type === 'video')?.codec_name).toBe('h264');
});

test('a refused start and a failed job are both reported, and the button is usable again', async ({ page }) => {
  await analyze(page, `${FIXTURE}/video.mp4`);
  await page.route('**/api/media/download', (route) =>
    route.fulfill({ status: 500, contentType: 'text/html', body: '<html>oops</html>' }),
  );
  await page.getByTestId('download-button').click();
  await expect(page.getByText('Download failed').first()).toBeVisible();
  await expect(page.getByText('Failed to start download').first()).toBeVisible();
  await expect(page.getByTestId('download-button')).toBeEnabled();

  await page.unroute('**/api/media/download');
  await page.route('**/api/media/progress/*', (route) =>
    route.fulfill({
      json: { success: true, data: { id: 'x', _id: 'x', status: 'failed', progress: 10, message: 'Upstream hiccup', downloadUrl: null } },
    }),
  );
  await page.getByTestId('download-button').click();
  await expect(page.getByTestId('progress-status')).toHaveText('Failed', { timeout: 15_000 });
  await expect(page.getByTestId('progress-card')).toContainText('Download failed. Please try again with a different URL or format.');
  await expect(page.getByTestId('progress-card')).toContainText('Upstream hiccup');
  await expect(page.getByTestId('save-file-link')).toHaveCount(0);
});

test("a creator's video link is looked up on the server and analysed; an unknown one says so", async ({ page }) => {
  await page.goto('/download/fixture-channel');
  const href = await page.getByTestId('creator-video-download').first().getAttribute('href');
  await page.goto(href!);
  await expect(page.getByTestId('result-card')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('analyze-input')).not.toHaveValue('');

  await page.goto('/ar/download?creator=fixture-channel&video=no-such-video');
  await expect(page.getByTestId('creator-video-missing')).toContainText('لم يُعثر على الفيديو');
  await expect(page.getByTestId('analyze-input')).toHaveValue('');
  await expect(page.getByTestId('result-card')).toHaveCount(0);
});

test('with auto download on, the format matching the saved defaults is selected and downloaded by itself', async ({ page }) => {
  test.setTimeout(90_000);
  // Stands in for a signed-in user's settings; the rest of the flow is the real server.
  await page.route('**/api/settings/defaults', (route) =>
    route.fulfill({ json: { success: true, data: { defaultQuality: '1080p', defaultFormat: 'mp3', autoDownload: true } } }),
  );
  const saved = page.waitForEvent('download', { timeout: 60_000 });
  await analyze(page, `${FIXTURE}/video.mp4`);
  await expect(page.getByTestId('format-select')).toContainText('MP3');
  await expect(page.getByTestId('progress-card')).toBeVisible();
  expect((await saved).suggestedFilename()).toMatch(/\.mp3$/);
});

test('files leave the real server with their size: Content-Length on pass-through, prepared files and ranges', async ({ request }) => {
  for (const [path, format] of [['/video.mp4', 0], ['/hls/master.m3u8', 0]] as const) {
    const analysed = await request.post('/api/media/analyze', { data: { url: `${FIXTURE}${path}` } });
    const { id, formats } = (await analysed.json()).data as { id: string; formats: { itag: string; ext: string }[] };
    const offer = formats[format];
    const res = await request.get(`/api/download/${id}?itag=${offer.itag}&ext=${offer.ext}`);
    expect(res.status(), path).toBe(200);
    const body = await res.body();
    expect(res.headers()['content-length'], path).toBe(String(body.length));
    expect(res.headers()['x-grabline-content-length'], path).toBeUndefined();

    const part = await request.get(`/api/download/${id}?itag=${offer.itag}&ext=${offer.ext}`, { headers: { range: 'bytes=100-199' } });
    expect(part.status(), path).toBe(206);
    expect(part.headers()['content-length'], path).toBe('100');
  }
});
