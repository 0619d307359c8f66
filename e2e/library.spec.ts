import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { E2E_LIBRARY_DIR } from '../playwright.config';

// The library: the settings section (template with its live preview, layout) in English and Arabic, and a followed
// creator's new upload written to the library folder under the user's template, with its NFO files and pictures.
const FIXTURE = `http://127.0.0.1:${process.env.E2E_FIXTURE_PORT ?? 4555}`;
const PASSWORD = 'correct horse battery';
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false });

async function signedIn(page: Page, name: string): Promise<string> {
  const email = `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  expect((await page.request.post('/api/auth/register', { data: { email, password: PASSWORD } })).status()).toBe(201);
  const login = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(login.ok()).toBe(true);
  return (await login.json()).data.user.id;
}

const CASES = [
  { locale: 'en', prefix: '', texts: { tab: 'Library', error: 'There is no field named “uploader”.', saved: 'Library settings saved.' } },
  { locale: 'ar', prefix: '/ar', texts: { tab: 'المكتبة', error: 'لا يوجد حقل باسم «uploader».', saved: 'حُفظت إعدادات المكتبة.' } },
];

for (const { locale, prefix, texts } of CASES) {
  test(`the library settings: template, live preview and layout (${locale})`, async ({ page }) => {
    await signedIn(page, `library-${locale}`);
    await page.goto(`${prefix}/dashboard/settings?tab=library`);
    if (locale === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('settings-tab-library')).toHaveText(texts.tab);
    const template = page.getByTestId('library-template');
    await expect(template).toHaveValue('%(creator|Unknown)s/%(upload_date>%Y-%m-%d)s %(title)s [%(id)s].%(ext)s');
    await expect(page.getByTestId('library-preview')).toHaveText('Jane Doe/2026-03-14 My trip_ part 1_2 [dQw4w9WgXcQ].mp4');
    await template.fill('%(uploader)s/%(title)s');
    await expect(page.getByTestId('library-template-error')).toHaveText(texts.error);
    await expect(page.getByTestId('library-save')).toBeDisabled();
    await template.fill('%(creator)s/%(upload_year)s/%(title)s');
    await page.getByTestId('library-layout').click();
    await page.getByRole('option').nth(1).click();
    await expect(page.getByTestId('library-preview')).toContainText('Jane Doe/tvshow.nfo');
    await expect(page.getByTestId('library-preview')).toContainText('Jane Doe/Season 2026/My trip_ part 1_2.mp4');
    await page.getByTestId('library-save').click();
    await expect(page.getByText(texts.saved).first()).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `screenshots/library-settings-${locale}.png`, fullPage: true });
    const stored = await (await page.request.get('/api/library/settings')).json();
    expect(stored.data).toEqual({ template: '%(creator)s/%(upload_year)s/%(title)s', layout: 'media-server', available: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test('a followed creator\'s new upload appears in the library folder under the user\'s template, with its NFO files and poster', async ({ page }) => {
  test.setTimeout(150_000);
  const userId = await signedIn(page, 'library-follow');
  const channel = `UCe2elibrary${Date.now().toString(36).padStart(12, 'x').slice(-12)}`;
  expect(channel).toMatch(/^UC[\w-]{22}$/);
  expect((await page.request.patch('/api/library/settings', { data: { template: '%(upload_date>%Y-%m-%d)s %(title)s [%(id)s]', layout: 'media-server' } })).ok()).toBe(true);
  const followed = await page.request.post('/api/follows', { data: { url: `https://www.youtube.com/channel/${channel}`, mode: 'auto' } });
  expect(followed.ok()).toBe(true);
  const follow = (await followed.json()).data;

  // The follow form carries the library choices too: keep the newest 10 of this creator's uploads.
  await page.goto('/dashboard');
  const row = page.getByTestId('follow-row').first();
  await row.getByTestId('follow-library-toggle').click();
  await expect(row.getByTestId('library-preview')).toContainText('/Season 2026/2026-03-14 My trip_ part 1_2 [dQw4w9WgXcQ].mp4');
  await row.getByTestId('follow-library-keep').click();
  await page.getByRole('option').nth(1).click();
  await row.getByTestId('follow-library-amount').fill('10');
  const saved = page.waitForResponse((res) => res.url().endsWith(`/api/follows/${follow.id}`) && res.request().method() === 'PATCH');
  await row.getByTestId('follow-library-save').click();
  expect((await (await saved).json()).data.library).toEqual({ template: null, layout: null, keep: { kind: 'last', count: 10 } });

  // The first check records what exists; then a new upload, and "check now" until it is queued.
  await expect.poll(async () => (await (await page.request.get('/api/follows')).json()).data.follows[0].lastCheckAt, { timeout: 30_000 }).not.toBeNull();
  const title = 'Library day: the <big> one & more';
  const { mediaId } = await (await page.request.post(`${FIXTURE}/creators/${channel}/upload?title=${encodeURIComponent(title)}`)).json();
  await expect.poll(async () => (await (await page.request.post(`/api/follows/${follow.id}/check`)).json()).data.queued, { timeout: 40_000, intervals: [3000] }).toBe(true);

  const show = join(E2E_LIBRARY_DIR, userId, `Creator ${channel.slice(-4)}`);
  const season = join(show, 'Season 2026');
  const base = `2026-01-01 Library day_ the _big_ one & more [${mediaId}]`;
  await expect.poll(async () => (await readdir(season).catch(() => [])).sort(), { timeout: 90_000, intervals: [1000] })
    .toEqual([`${base}-thumb.jpg`, `${base}.mp4`, `${base}.nfo`]);
  expect((await readdir(show)).sort()).toEqual(['Season 2026', 'poster.jpg', 'tvshow.nfo']);
  const poster = await readFile(join(show, 'poster.jpg'));
  expect([...poster.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  const video = await readFile(join(season, `${base}.mp4`));
  expect(video.subarray(4, 8).toString('latin1')).toBe('ftyp');
  const tvshow = await readFile(join(show, 'tvshow.nfo'), 'utf8');
  expect(XMLValidator.validate(tvshow)).toBe(true);
  expect(parser.parse(tvshow).tvshow).toMatchObject({ title: `Creator ${channel.slice(-4)}`, studio: 'YouTube', uniqueid: { '#text': channel, '@type': 'youtube', '@default': 'true' } });
  const nfo = await readFile(join(season, `${base}.nfo`), 'utf8');
  expect(XMLValidator.validate(nfo)).toBe(true);
  expect(parser.parse(nfo).episodedetails).toMatchObject({
    title, aired: '2026-01-01', season: '2026', episode: '1', studio: 'YouTube', thumb: `${base}-thumb.jpg`,
    uniqueid: { '#text': mediaId, '@type': 'youtube', '@default': 'true' },
  });
});
