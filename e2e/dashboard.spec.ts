import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

// The fixture site global-setup starts; the app allow-lists it (never the internet).
const FIXTURE = `http://127.0.0.1:${process.env.E2E_FIXTURE_PORT ?? 4555}`;
const VIDEO = `${FIXTURE}/video.mp4`;
const PASSWORD = 'correct horse battery';

const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function register(request: APIRequestContext, email: string) {
  const res = await request.post('/api/auth/register', { data: { email, password: PASSWORD } });
  expect(res.status()).toBe(201);
}

/** Signs in through the login form, as a person would. */
async function signIn(page: Page, email: string) {
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
}

/** Registers and signs in through the API: the page's context gets the session cookies. */
async function signedIn(page: Page, name: string): Promise<string> {
  const email = uniqueEmail(name);
  await register(page.request, email);
  const res = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(res.ok()).toBe(true);
  return email;
}

test('register → sign in → a download from /download appears in the history, and can be deleted from it', async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  const email = uniqueEmail('history');
  await page.goto('/register');
  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('register-password').fill(PASSWORD);
  await page.getByTestId('register-submit').click();
  await expect(page.getByText('Account created successfully').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email);
  await expect(page.getByText('Logged in successfully').first()).toBeVisible();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);

  await page.goto('/dashboard');
  // history-<digits>-…@example.com: the initials of its first two parts.
  await expect(page.getByTestId('user-avatar')).toHaveText('H1');

  await page.goto(`/download?url=${encodeURIComponent(VIDEO)}`);
  await expect(page.getByTestId('result-card')).toBeVisible({ timeout: 30_000 });
  const download = page.waitForEvent('download');
  await page.getByTestId('download-button').click();
  expect((await download).suggestedFilename()).toMatch(/\.mp4$/);

  await page.goto('/dashboard/history');
  // The finished job left an unread notification; opening the bell shows it and clears the dot.
  await expect(page.getByTestId('notification-dot')).toBeVisible();
  await page.getByTestId('notification-bell').click();
  await expect(page.getByRole('menuitem').filter({ hasText: 'Download ready' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('notification-dot')).toHaveCount(0);

  const cards = page.getByTestId('history-card');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('720p · MP4', { useInnerText: true });
  await expect(cards.first()).toContainText('Completed');

  await cards.first().getByTestId('history-delete').click();
  await expect(page.getByText('Download removed from history').first()).toBeVisible();
  await expect(cards).toHaveCount(0);
  await expect(page.getByText('No downloads found')).toBeVisible();
  await page.reload();
  await expect(page.getByText('No downloads found')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('a history longer than one page of 12 pages on, and deleting the only card of the last page steps back', async ({ page }) => {
  test.setTimeout(120_000);
  await signedIn(page, 'pages');
  // 13 different downloads through the public API with the session's cookies (the same media, quality and format
  // twice within minutes is one entry, so each differs in one of them).
  const downloads: [string, string][] = [
    ['/video.mp4', 'mp4'], ['/video.mp4', 'mp3'], ['/video.webm', 'webm'], ['/audio.mp3', 'mp3'], ['/audio.m4a', 'mp3'],
    ['/pages/og-video.html', 'mp4'], ['/pages/og-video.html', 'mp3'], ['/pages/jsonld-video.html', 'mp4'],
    ['/pages/video-tag.html', 'mp4'], ['/hls/master.m3u8', 'mp4'], ['/hls/master.m3u8', 'mp3'], ['/dash/manifest.mpd', 'mp4'],
    ['/dash/manifest.mpd', 'mp3'],
  ];
  const ids: string[] = [];
  for (const [path, format] of downloads) {
    const res = await page.request.post('/api/media/download', { data: { url: `${FIXTURE}${path}`, quality: '720p', format } });
    expect(res.ok(), `${path} as ${format}`).toBe(true);
    ids.push((await res.json()).data.downloadId);
  }
  for (const id of ids) {
    await expect
      .poll(async () => (await (await page.request.get(`/api/media/progress/${id}`)).json()).data.status, { timeout: 60_000 })
      .toBe('ready');
  }

  await page.goto('/dashboard/history');
  const cards = page.getByTestId('history-card');
  await expect(cards).toHaveCount(12);
  await expect(page.getByTestId('history-pagination')).toContainText('Page 1 of 2');
  await expect(page.getByTestId('history-previous')).toBeDisabled();
  await page.getByTestId('history-next').click();
  await expect(cards).toHaveCount(1);
  await expect(page.getByTestId('history-pagination')).toContainText('Page 2 of 2');
  await expect(page.getByTestId('history-next')).toBeDisabled();

  await cards.first().getByTestId('history-delete').click();
  await expect(cards).toHaveCount(12);
  await expect(page.getByTestId('history-pagination')).toHaveCount(0);
});

test('a settings change is saved on selection and survives a reload', async ({ page }) => {
  const email = await signedIn(page, 'settings');
  await page.goto('/dashboard/settings');
  const quality = page.getByTestId('settings-quality');
  await expect(quality).toHaveText('1080p');
  await quality.click();
  await page.getByRole('option', { name: '720p' }).click();
  await expect(page.getByText('Settings saved successfully').first()).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('settings-quality')).toHaveText('720p');
  const defaults = await page.request.get('/api/settings/defaults');
  expect((await defaults.json()).data).toMatchObject({ defaultQuality: '720p', defaultFormat: 'mp4' });

  // Privacy and security: Export Data saves the account's data as a JSON file, without leaving the page.
  await page.getByTestId('settings-tab-privacy').click();
  const exported = page.waitForEvent('download');
  await page.getByTestId('settings-export').click();
  const file = await exported;
  expect(file.suggestedFilename()).toMatch(/^grabline-export-\d{4}-\d{2}-\d{2}\.json$/);
  const body = JSON.parse(await readFile((await file.path())!, 'utf8'));
  expect(body).toMatchObject({ account: { email }, settings: { defaultQuality: '720p' }, history: [] });
  await expect(page).toHaveURL(/\/dashboard\/settings\?tab=privacy$/);
});

test('logging out ends the session: the login page, and the dashboard is guarded again', async ({ page }) => {
  await signedIn(page, 'logout');
  await page.goto('/fr/download');
  await expect(page.getByTestId('header-account')).toHaveText('Mon compte');
  await page.getByTestId('header-account').click();
  await expect(page).toHaveURL(/\/fr\/dashboard$/);
  // The sidebar leads to the two tools as well as the sections.
  await expect(page.getByTestId('dashboard-nav-download')).toHaveAttribute('href', '/fr/download');
  await expect(page.getByTestId('dashboard-nav-bulk')).toHaveAttribute('href', '/fr/bulk');
  // A signed-in visitor is not shown the sign-in form again: the login page sends them to their dashboard.
  await page.goto('/fr/login');
  await expect(page).toHaveURL(/\/fr\/dashboard$/);
  await page.getByTestId('logout-button').click();
  await expect(page).toHaveURL(/\/fr\/login$/);
  await page.goto('/fr');
  await expect(page.getByTestId('header-account')).toHaveText('Se connecter');
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  await page.goto('/dashboard/history');
  await expect(page).toHaveURL(/\/login\?from=%2Fdashboard%2Fhistory$/);
});

test('the guard sends /dashboard/settings to the login page and returns there after signing in', async ({ page }) => {
  const email = uniqueEmail('guard');
  await register(page.request, email);
  await page.goto('/dashboard/settings');
  await expect(page).toHaveURL(/\/login\?from=%2Fdashboard%2Fsettings$/);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(page.getByTestId('settings-quality')).toBeVisible();
});

test('regenerating the API token shows a gl_ token once, and the 101st API call of the day is refused', async ({ page, playwright, baseURL }) => {
  await signedIn(page, 'token');
  await page.goto('/dashboard/settings');
  await page.getByTestId('settings-tab-api').click();
  // With no token yet the button generates one; once there is one it regenerates.
  await expect(page.getByTestId('settings-regenerate')).toHaveText('Generate');
  await page.getByTestId('settings-regenerate').click();
  await expect(page.getByText('New API token generated successfully').first()).toBeVisible();
  await expect(page.getByTestId('settings-regenerate')).toHaveText('Regenerate');
  const shown = page.getByTestId('settings-token');
  await expect(shown).toHaveText(/^gl_[\w-]{32}$/);
  const token = (await shown.textContent())!.trim();

  await page.reload();
  await page.getByTestId('settings-tab-api').click();
  await expect(page.getByTestId('settings-token')).toHaveText(`${token.slice(0, 9)}…`);

  // A client of its own: no cookies, only the token, as an API caller would be. Invalid bodies are cheap for the
  // server and still count against the day.
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
  let last;
  for (let i = 1; i <= 100; i++) {
    last = await api.post('/api/media/analyze', { data: {} });
    expect(last.status(), `call ${i}`).toBe(400);
  }
  expect(last!.headers()['ratelimit-remaining']).toBe('0');
  const refused = await api.post('/api/media/analyze', { data: {} });
  expect(refused.status()).toBe(429);
  expect((await refused.json()).code).toBe('rate_limited');
  expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0);
  await api.dispose();

  await page.reload();
  await page.getByTestId('settings-tab-api').click();
  await expect(page.getByText('100 / 100').first()).toBeVisible();
});
