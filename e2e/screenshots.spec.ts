import { expect, test } from '@playwright/test';

// Screenshots that a person looks at (saved under screenshots/, ignored by git).
const SHOTS = [
  { name: 'home-en-light', path: '/', scheme: 'light', width: 1280 },
  { name: 'home-en-dark', path: '/', scheme: 'dark', width: 1280 },
  { name: 'home-ar-light', path: '/ar', scheme: 'light', width: 1280 },
  { name: 'home-en-390', path: '/', scheme: 'light', width: 390 },
] as const;

for (const shot of SHOTS) {
  test(`screenshot ${shot.name}`, async ({ page }) => {
    await page.setViewportSize({ width: shot.width, height: 900 });
    await page.emulateMedia({ colorScheme: shot.scheme });
    await page.goto(shot.path);
    await expect(page.locator('h1').first()).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `screenshots/${shot.name}.png`, fullPage: true });
    // Nothing wider than the viewport (a horizontal scrollbar is a layout bug).
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

// Settings → Download window, signed in, in English and in Arabic (right to left): a window saved and checked.
for (const locale of ['en', 'ar'] as const) {
  test(`screenshot settings-download-window-${locale}`, async ({ page }) => {
    const email = `window-${locale}-${Date.now()}@example.com`;
    expect((await page.request.post('/api/auth/register', { data: { email, password: 'correct horse battery' } })).status()).toBe(201);
    expect((await page.request.post('/api/auth/login', { data: { email, password: 'correct horse battery' } })).ok()).toBe(true);
    // Tall enough for the card to be shot where it lies, not scrolled under the sticky header.
    await page.setViewportSize({ width: 1280, height: 2600 });
    await page.goto(`${locale === 'en' ? '' : `/${locale}`}/dashboard/settings`);
    const card = page.getByTestId('download-window');
    await expect(card).toBeVisible();
    await card.getByTestId('download-window-text').fill('Mon-Fri 25:00-06:00');
    // Said in the page's language, as it is typed.
    const notTimeOfDay = { en: '“25:00” is not a time of day (00:00 to 24:00).', ar: '«25:00» ليس وقتًا من اليوم (من 00:00 إلى 24:00).' };
    await expect(card.locator('#download-window-help')).toHaveText(notTimeOfDay[locale]);
    await expect(card.getByTestId('download-window-save')).toBeDisabled();
    await card.getByTestId('download-window-text').fill('Mon-Fri 01:00-06:00; Sat,Sun 00:00-24:00');
    await card.getByTestId('download-window-zone').fill('Europe/Paris');
    await card.getByTestId('download-window-save').click();
    await expect(card.getByTestId('download-window-status')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('download-window-text')).toHaveValue('Mon-Fri 01:00-06:00; Sat,Sun 00:00-24:00');
    await page.evaluate(() => document.fonts.ready);
    await page.getByTestId('download-window').screenshot({ path: `screenshots/settings-download-window-${locale}.png` });
  });
}

// Settings → Library, signed in, in English and in Arabic (right to left): a template with its live preview, laid out
// for media servers.
for (const locale of ['en', 'ar'] as const) {
  test(`screenshot settings-library-${locale}`, async ({ page }) => {
    const email = `library-shot-${locale}-${Date.now()}@example.com`;
    expect((await page.request.post('/api/auth/register', { data: { email, password: 'correct horse battery' } })).status()).toBe(201);
    expect((await page.request.post('/api/auth/login', { data: { email, password: 'correct horse battery' } })).ok()).toBe(true);
    expect((await page.request.patch('/api/library/settings', { data: { template: '%(upload_date>%Y-%m-%d)s %(title)s [%(id)s]', layout: 'media-server' } })).ok()).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${locale === 'en' ? '' : `/${locale}`}/dashboard/settings?tab=library`);
    const card = page.getByTestId('library-settings');
    await expect(card.getByTestId('library-preview')).toContainText('Jane Doe/Season 2026/2026-03-14 My trip_ part 1_2 [dQw4w9WgXcQ].mp4');
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `screenshots/settings-library-${locale}.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

// A follow's podcast feed on its card: made from the dashboard, its address shown once, the feed it opens answered
// as RSS; in English and in Arabic.
for (const [n, locale] of (['en', 'ar'] as const).entries()) {
  test(`screenshot follow-podcast-feed-${locale}`, async ({ page }) => {
    const email = `feed-${locale}-${Date.now()}@example.com`;
    expect((await page.request.post('/api/auth/register', { data: { email, password: 'correct horse battery' } })).status()).toBe(201);
    expect((await page.request.post('/api/auth/login', { data: { email, password: 'correct horse battery' } })).ok()).toBe(true);
    const channel = `UCe2epodcastxxxxxxxxx${n}${locale.slice(0, 2)}`.slice(0, 24);
    expect((await page.request.post('/api/follows', { data: { url: `https://www.youtube.com/channel/${channel}` } })).ok()).toBe(true);
    await page.setViewportSize({ width: 1280, height: 2000 });
    await page.goto(`${locale === 'en' ? '' : `/${locale}`}/dashboard`);
    const row = page.getByTestId('follow-row').first();
    const feed = row.getByTestId('follow-feed');
    await feed.locator('summary').click();
    await expect(feed.getByTestId('follow-feed-state')).toBeVisible();
    await feed.getByTestId('follow-feed-regenerate').click();
    const shown = feed.getByTestId('follow-feed-url').locator('code');
    await expect(shown).toHaveText(/\/api\/podcast\/fol_[\w-]+\/pf_[\w-]{43}\/feed\.xml$/);
    const answer = await page.request.get((await shown.textContent())!);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
    await page.evaluate(() => document.fonts.ready);
    await row.screenshot({ path: `screenshots/follow-podcast-feed-${locale}.png` });
  });
}
