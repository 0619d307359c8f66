import { expect, test, type Page } from '@playwright/test';
import { FOLLOW_CHANNELS } from '../playwright.config';

// Follow a creator → a new upload → the bell → download it, in English and Arabic. The creators are YouTube channels
// whose feed the fixture site serves; a test adds an upload by posting to the fixture (never the internet).
const FIXTURE = `http://127.0.0.1:${process.env.E2E_FIXTURE_PORT ?? 4555}`;
const PASSWORD = 'correct horse battery';

async function signedIn(page: Page, name: string): Promise<void> {
  const email = `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  expect((await page.request.post('/api/auth/register', { data: { email, password: PASSWORD } })).status()).toBe(201);
  expect((await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).ok()).toBe(true);
}

const CASES = [
  { locale: 'en', prefix: '', channel: FOLLOW_CHANNELS[0], slug: 'follow-feed-0', texts: { follow: 'Follow', following: 'Following', bell: 'New from Creator x0en', download: 'Download', save: 'Save file' } },
  { locale: 'ar', prefix: '/ar', channel: FOLLOW_CHANNELS[1], slug: 'follow-feed-1', texts: { follow: 'متابعة', following: 'تتابعه', bell: 'جديد من Creator x0ar', download: 'تنزيل', save: 'حفظ الملف' } },
];

for (const { locale, prefix, channel, slug, texts } of CASES) {
  test(`follow a creator, see its new upload in the bell and the list, and download it (${locale})`, async ({ page }) => {
    test.setTimeout(150_000);
    await signedIn(page, `follow-${locale}`);
    await page.goto(`${prefix}/download/${slug}`);
    if (locale === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const follow = page.getByTestId('follow-button');
    await expect(follow).toHaveText(texts.follow, { timeout: 45_000 });
    await follow.click();
    await expect(follow).toHaveText(texts.following);
    await page.screenshot({ path: `test-results/follow-creator-${locale}.png` });

    // The first check records what the creator has (and names the follow as the feed does); nothing is listed.
    await page.goto(`${prefix}/dashboard`);
    const name = `Creator ${channel.slice(-4)}`;
    await expect.poll(async () => {
      await page.reload();
      return page.getByTestId('follow-name').first().textContent();
    }, { timeout: 30_000, intervals: [1000] }).toBe(name);
    await expect(page.getByTestId('follow-new-uploads')).toHaveAttribute('data-state', 'ready');
    await expect(page.getByTestId('follow-upload')).toHaveCount(0);

    // A new upload, then "check now" (refused within 15 s of the first check, so asked until it is queued).
    const title = locale === 'ar' ? 'الحلقة الجديدة' : 'The brand new episode';
    expect((await page.request.post(`${FIXTURE}/creators/${channel}/upload?title=${encodeURIComponent(title)}`)).ok()).toBe(true);
    const [followRow] = await page.getByTestId('follow-row').all();
    await expect.poll(async () => {
      const answer = page.waitForResponse((res) => res.url().includes('/check'));
      await followRow.getByTestId('follow-check-now').click();
      return (await (await answer).json()).data.queued;
    }, { timeout: 40_000, intervals: [3000] }).toBe(true);

    // Read once the list has loaded (it says "nothing new" only then), after each reload.
    await expect.poll(async () => {
      await page.reload();
      await page.locator('[data-testid=follow-new-uploads][data-state=ready]').waitFor({ timeout: 15_000 });
      return page.getByTestId('follow-upload-title').allTextContents();
    }, { timeout: 45_000, intervals: [1000] }).toEqual([title]);
    await expect(page.getByTestId('notification-dot')).toBeVisible();
    await page.getByTestId('notification-bell').click();
    await expect(page.getByText(texts.bell).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await page.screenshot({ path: `test-results/follow-dashboard-${locale}.png`, fullPage: true });

    await page.getByTestId('follow-upload-download').click();
    const save = page.getByTestId('follow-upload-save');
    await expect(save).toHaveText(texts.save, { timeout: 60_000 });
    const file = page.waitForEvent('download');
    await save.click();
    expect((await file).suggestedFilename()).toMatch(/\.mp4$/);
    await page.screenshot({ path: `test-results/follow-downloaded-${locale}.png`, fullPage: true });
  });
}

test('a channel link\'s result card offers Follow to a signed-in visitor, and sign-in to anyone else', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const channel = `${FIXTURE}/pages/channel.html`;
  const visitor = await browser.newPage();
  await visitor.goto(`/download?url=${encodeURIComponent(channel)}`);
  await expect(visitor.getByTestId('result-card')).toBeVisible({ timeout: 30_000 });
  await expect(visitor.getByTestId('follow-sign-in')).toBeVisible();
  await visitor.close();

  await signedIn(page, 'follow-card');
  await page.goto(`/ar/download?url=${encodeURIComponent(channel)}`);
  await expect(page.getByTestId('result-card')).toBeVisible({ timeout: 30_000 });
  const follow = page.getByTestId('follow-button');
  await expect(follow).toHaveText('متابعة');
  await follow.click();
  await expect(follow).toHaveText('تتابعه');
  const follows = await (await page.request.get('/api/follows')).json();
  expect(follows.data.follows).toMatchObject([{ platform: 'generic', channelUrl: channel, mode: 'pick' }]);
  // Back later: the card knows the link is followed.
  await page.reload();
  await expect(page.getByTestId('follow-button')).toHaveText('تتابعه', { timeout: 30_000 });
  await expect(page.getByTestId('follow-button')).toHaveAttribute('aria-pressed', 'true');
  await page.screenshot({ path: 'test-results/follow-result-card-ar.png' });
});
