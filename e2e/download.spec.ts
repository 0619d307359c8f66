import { expect, test, type Page } from '@playwright/test';

// The fixture site global-setup starts (never the internet); the app is started with it allow-listed.
const FIXTURE = `http://127.0.0.1:${process.env.E2E_FIXTURE_PORT ?? 4555}`;
const OG_VIDEO = `${FIXTURE}/pages/og-video.html`;

test.beforeEach(async ({ context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
});

async function copyToClipboard(page: Page, text: string) {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
}

/** Holds the analyse call back a moment so the busy state can be seen; the real server still answers it. */
async function slowAnalyze(page: Page) {
  await page.route('**/api/analyze', async (route) => {
    // Long enough for every busy-state check below, even on a loaded two-core machine.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await route.continue();
  });
}

async function expectOgVideoResult(page: Page) {
  const card = page.getByTestId('result-card');
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('result-title')).toHaveText('OG video fixture');
  await expect(page.getByTestId('result-platform')).toHaveAttribute('data-platform', 'generic');
  await expect(page.getByTestId('result-duration')).toHaveText('0:06');
  await expect(page.getByTestId('format-select')).toContainText('MP4');
  await expect(page.getByTestId('download-button')).toBeEnabled();
}

test('Ctrl+V outside any field pastes the link and analyses it by itself', async ({ page }) => {
  await page.goto('/download');
  await expect(page.getByTestId('analyze-submit')).toBeDisabled();
  await expect(page.getByTestId('analyze-hint')).toContainText('Ctrl+V');
  await slowAnalyze(page);
  await copyToClipboard(page, OG_VIDEO);
  await page.locator('h1').click();
  await page.keyboard.press('Control+V');

  await expect(page.getByTestId('analyze-input')).toHaveValue(OG_VIDEO);
  await expect(page.getByTestId('analyze-submit')).toHaveText('Analyzing...');
  await expect(page.getByTestId('analyze-input')).not.toBeEditable(); // read-only while busy: it keeps keyboard focus
  await expect(page.getByTestId('analyze-paste')).toBeDisabled();
  await expect(page.getByTestId('analyze-busy')).toBeVisible();

  await expectOgVideoResult(page);
  await expect(page.getByText('Analysis complete!').first()).toBeVisible();
  await expect(page.getByTestId('analyze-submit')).toHaveText('Analyze');

  const download = page.waitForEvent('download');
  await page.getByTestId('download-button').click();
  expect((await download).suggestedFilename()).toMatch(/^OG video fixture.*\.mp4$/);
});

test('a link in the address is analysed as the page renders: the result is in the HTML, the browser posts nothing', async ({ page, request }) => {
  const posts: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/analyze') posts.push(req.url());
  });
  const res = await page.goto(`/download?url=${encodeURIComponent(OG_VIDEO)}`);
  // The document itself carries the result (and its picture), before any of the page's scripts has run.
  const html = await res!.text();
  expect(html).toMatch(/data-testid="result-title"[^>]*>OG video fixture</);
  expect(html).toMatch(/<img [^>]*src="\/api\/thumbnail\?[^"]+"[^>]*fetchPriority="high"/);
  await expectOgVideoResult(page);
  await expect(page.getByText('Analysis complete!').first()).toBeVisible();
  expect(posts).toEqual([]);
  // A client that is not a browser opening the page (a link preview, a crawler) starts nothing on the server.
  const bot = await request.get(`/download?url=${encodeURIComponent(`${OG_VIDEO}?preview=1`)}`);
  expect(bot.status()).toBe(200);
  expect(await bot.text()).not.toContain('data-testid="result-title"');
});

test('a link pasted into the box itself is analysed half a second later; typed text is not', async ({ page }) => {
  await page.goto('/download');
  const box = page.getByTestId('analyze-input');
  await box.pressSequentially('www.example');
  await page.waitForTimeout(800);
  await expect(page.getByTestId('analyze-submit')).toHaveText('Analyze');

  await box.fill('');
  await copyToClipboard(page, OG_VIDEO);
  await box.focus();
  await page.keyboard.press('Control+V');
  await expect(box).toHaveValue(OG_VIDEO);
  await expectOgVideoResult(page);
});

test('in Arabic: the paste button fills the box, the page is right-to-left and the result arrives', async ({ page }) => {
  await page.goto('/ar/download');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await slowAnalyze(page);
  await copyToClipboard(page, OG_VIDEO);
  await page.getByTestId('analyze-paste').click();

  await expect(page.getByTestId('analyze-input')).toHaveValue(OG_VIDEO);
  await expect(page.getByText('تم اللصق!').first()).toBeVisible();
  await expect(page.getByTestId('analyze-submit')).toHaveText('جارٍ التحليل...');
  await expectOgVideoResult(page);
  await expect(page.getByTestId('format-select')).toContainText('م.ب'); // the locale's own megabyte unit (Intl), as on every screen
});

test('?url= starts the analysis, and a multi-item post offers a picker whose item drives the formats', async ({ page }) => {
  await page.goto(`/download?url=${encodeURIComponent(`${FIXTURE}/pages/carousel.html`)}`);
  await expect(page.getByTestId('result-card')).toBeVisible({ timeout: 30_000 });
  const options = page.getByTestId('item-picker').getByTestId('item-option');
  await expect(options).toHaveCount(3);
  await expect(options.first()).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('format-select')).toContainText('JPG');

  await options.nth(2).click();
  await expect(options.nth(2)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('format-select')).toContainText('MP4');
  await expect(page.getByTestId('result-duration')).toHaveText('0:06');
});

test('a channel lists its videos; one can be analysed, all can go to bulk download', async ({ page }) => {
  await page.goto(`/download?url=${encodeURIComponent(`${FIXTURE}/pages/channel.html`)}`);
  await expect(page.getByTestId('entry-list')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('entries-bulk')).toHaveAttribute('href', '/bulk');
  await expect(page.getByTestId('entry-analyze')).toHaveCount(4);
  await page.getByTestId('entry-analyze').first().click();
  await expectOgVideoResult(page);
});

test('a blank link is refused with a notice, and a link without media reports why', async ({ page }) => {
  await page.goto('/download');
  await page.getByTestId('analyze-input').fill('   ');
  await expect(page.getByTestId('analyze-submit')).toBeDisabled();
  await page.getByTestId('analyze-input').press('Enter');
  await expect(page.getByText('URL required').first()).toBeVisible();
  await expect(page.getByText('Please enter a valid URL to analyze').first()).toBeVisible();

  await page.getByTestId('analyze-input').fill(`${FIXTURE}/does-not-exist.html`);
  await page.getByTestId('analyze-submit').click();
  await expect(page.getByTestId('analyze-error')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('analyze-error')).toContainText('Analysis failed');
  // Said once, inline: no toast repeats it.
  await expect(page.getByRole('region', { name: 'Notifications (F8)' }).getByText('Analysis failed')).toHaveCount(0);
  await expect(page.getByTestId('result-card')).toHaveCount(0);
});

test('the home page analyses in its Single Download tab, and its Bulk tab holds the bulk form', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('analyze-input').fill(OG_VIDEO);
  await page.getByTestId('analyze-submit').click();
  await expectOgVideoResult(page);
  await expect(page.getByText('Analysis complete!').first()).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await page.getByTestId('tab-bulk').click();
  await expect(page.getByTestId('bulk-textarea')).toBeVisible();
  await expect(page.getByTestId('analyze-input')).toHaveCount(0);
});
