import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { startNextServer } from '../test/next-server';
import { startTestProvider, type TestProvider } from '../test/oidc/test-provider';

/**
 * Sign-in through a real OpenID provider (oidc-provider, on loopback) in Chromium, against two production web nodes
 * sharing one store: the provider's sign-in creates the account, its group makes an admin, an unverified email is
 * refused in the visitor's language, a password account is linked only by its signed-in owner from Settings, and an
 * account disabled in the store is locked out of both nodes at once.
 */
const PORT_A = Number(process.env.E2E_OIDC_PORT ?? 3127);
const PORT_B = Number(process.env.E2E_OIDC_PORT_B ?? 3128);
const A = `http://127.0.0.1:${PORT_A}`;
const B = `http://127.0.0.1:${PORT_B}`;
const people = [
  { sub: 'ada', email: 'ada@example.com', email_verified: true, groups: ['family'] },
  { sub: 'root', email: 'root@example.com', email_verified: true, groups: ['grabline-admins'] },
  { sub: 'mallory', email: 'local@example.com', email_verified: false },
  { sub: 'ada2', email: 'ada2@example.com', email_verified: true },
  { sub: 'linker', email: 'linker@example.com', email_verified: true },
];

let provider: TestProvider;
let nodes: ChildProcess[] = [];
let dataDir: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  dataDir = mkdtempSync(join(tmpdir(), 'grabline-oidc-e2e-'));
  provider = await startTestProvider({ redirectUri: `${A}/api/auth/oidc/callback`, people });
  const env = {
    DATA_DIR: dataDir,
    // Every node of a cluster shares the session key.
    JWT_SECRET: 'e2e-oidc-cluster-secret-0123456789abcdef',
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_SCOPES: 'openid email profile groups',
    OIDC_NAME: 'Test IdP',
    OIDC_ADMIN_GROUP: 'grabline-admins',
  };
  nodes.push(await startNextServer(PORT_A, { ...env, SITE_URL: A }));
  // The second node also shows the other sign-in pages: registration closed, passwords off.
  nodes.push(await startNextServer(PORT_B, { ...env, SITE_URL: B, REGISTRATION: 'closed', OIDC_ONLY: '1' }));
});

test.afterAll(async () => {
  for (const node of nodes) node.kill('SIGKILL');
  nodes = [];
  await provider?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

// The page's own request context: the browser's cookies (one host, so both nodes get them), no cross-origin rules.
const me = async (page: Page, origin: string) => {
  const res = await page.request.get(`${origin}/api/auth/me`);
  return { status: res.status(), body: await res.json() };
};

/** Serious and critical axe findings on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`);
}

async function signInThroughProvider(page: Page, sub: string, start = `${A}/dashboard/history`) {
  provider.signInAs(sub);
  await page.goto(start);
  await page.getByTestId('oidc-sign-in').click();
}

test('signs in through the provider: the account is created, and the admin group makes an admin', async ({ page }) => {
  await signInThroughProvider(page, 'root');
  await expect(page).toHaveURL(`${A}/dashboard/history`);
  expect((await me(page, A)).body.data.email).toBe('root@example.com');
  const invites = await page.evaluate(async (url) => (await fetch(url)).status, `${A}/api/admin/invites`);
  expect(invites).toBe(200);
  // Invites have one place, the admin console's Users tab, which says what registration makes of them; a link made
  // there lets one person register.
  await page.goto(`${A}/dashboard/admin`);
  await expect(page.getByTestId('invites-card')).toContainText('Registration is open right now, so anyone can create an account without one.');
  await page.getByTestId('invite-create').click();
  await expect(page.getByTestId('invite-link')).toHaveText(new RegExp(`^${A}/register\\?invite=inv_[\\w-]{32}$`));
  await expect(page.getByTestId('invites-card')).toContainText('Open until');
  await page.getByTestId('invites-card').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/oidc-pages/invites-en-1280.png' });
});

test('a member is not an admin, and a disabled account is locked out of both nodes at once', async ({ page, request }) => {
  await signInThroughProvider(page, 'ada');
  await expect(page).toHaveURL(`${A}/dashboard/history`);
  expect(await page.evaluate(async (url) => (await fetch(url)).status, `${A}/api/admin/invites`)).toBe(404);
  await page.goto(`${A}/dashboard/settings?tab=privacy`);
  await expect(page.getByTestId('settings-tab-privacy')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('invites-card')).toHaveCount(0);
  expect(await page.content()).not.toContain('/api/admin');
  await page.goto(`${A}/dashboard/history`);
  // Same host, so the browser carries the session to the second node, which honours it.
  await page.goto(`${B}/dashboard`);
  await expect(page).toHaveURL(`${B}/dashboard`);
  expect((await me(page, B)).status).toBe(200);
  // Off the dashboard, so its own scripts (which sign out on a refused session) do not race the checks below.
  await page.goto('about:blank');

  // The session as it stands now, sent as it is to each node: a request the page still had in flight when it left
  // (a prefetch of a dashboard route) may come back refused and clear the browser's cookies before we ask.
  const session = (await page.context().cookies()).filter((c) => c.name.startsWith('gl_')).map((c) => `${c.name}=${c.value}`).join('; ');
  const store = new Database(join(dataDir, 'grabline.db'));
  try {
    store.prepare("UPDATE users SET role = 'disabled' WHERE email = ?").run('ada@example.com');
  } finally {
    store.close();
  }
  for (const origin of [A, B]) {
    const res = await request.get(`${origin}/api/auth/me`, { headers: { cookie: session } });
    expect({ status: res.status(), body: await res.json() }, origin).toMatchObject({ status: 403, body: { code: 'account_disabled' } });
  }
  await page.goto(`${B}/dashboard/history`);
  await expect(page).toHaveURL(/\/login\?from=%2Fdashboard%2Fhistory$/);
});

test('an unverified email is not linked to the local account that uses it, said in Arabic', async ({ page, request }) => {
  const registered = await request.post(`${A}/api/auth/register`, { data: { email: 'local@example.com', password: 'correct horse battery' } });
  expect(registered.status()).toBe(201);
  await signInThroughProvider(page, 'mallory', `${A}/ar/login`);
  await expect(page).toHaveURL(`${A}/ar/login?error=oidc_email_unverified`);
  await expect(page.getByTestId('auth-notice')).toContainText('لم يتحقق مزوّد الهوية');
  await expect(page.getByTestId('oidc-sign-in')).toContainText('تسجيل الدخول عبر Test IdP');
  expect((await me(page, A)).status).toBe(401);
});

test('a password account is not opened by the provider, even with a verified email: its owner links it from Settings', async ({ page }) => {
  const email = 'linker@example.com';
  const password = 'correct horse battery';
  expect((await page.request.post(`${A}/api/auth/register`, { data: { email, password } })).status()).toBe(201);
  await signInThroughProvider(page, 'linker', `${A}/fr/login`);
  await expect(page).toHaveURL(`${A}/fr/login?error=account_exists_sign_in_first`);
  await expect(page.getByTestId('auth-notice')).toContainText('Un compte existe déjà avec cette adresse');
  expect((await me(page, A)).status).toBe(401);

  // The owner signs in with the password and links the provider's sign-in from Settings (in English: the French
  // visit above left its language cookie, which would send /login to /fr/login).
  await page.context().clearCookies();
  await page.goto(`${A}/login?from=%2Fdashboard%2Fsettings`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(`${A}/dashboard/settings`);
  // The sign-in link is under Privacy and security; back from the provider the page opens on that tab by itself.
  await page.getByTestId('settings-tab-privacy').click();
  await expect(page.getByTestId('sso-linked')).toHaveCount(0);
  await page.getByTestId('sso-link').click();
  await expect(page).toHaveURL(`${A}/dashboard/settings?sso=linked`);
  await expect(page.getByTestId('sso-linked')).toHaveText('Linked to Test IdP');
  await expect(page.getByTestId('sso-link')).toHaveCount(0);
  await page.getByTestId('sso-card').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/oidc-pages/sso-linked-en-1280.png' });
  expect(await seriousViolations(page)).toEqual([]);

  // Signed out, the provider's sign-in now opens that same account.
  await page.context().clearCookies();
  await signInThroughProvider(page, 'linker');
  await expect(page).toHaveURL(`${A}/dashboard/history`);
  expect((await me(page, A)).body.data.email).toBe(email);
});

test('the sign-in pages offer what the server allows, in each language', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${A}/login`);
  await expect(page.getByTestId('oidc-sign-in')).toHaveText('Sign in with Test IdP');
  await expect(page.getByTestId('login-password')).toBeVisible();
  await page.screenshot({ path: 'test-results/oidc-pages/login-en-1280.png' });
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto(`${B}/login`);
  await expect(page.getByTestId('oidc-sign-in')).toBeVisible();
  await expect(page.getByTestId('login-password')).toHaveCount(0);
  await page.goto(`${B}/register`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Registration is closed');
  await expect(page.getByTestId('register-email')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/oidc-pages/register-closed-en-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${A}/ar/login`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.screenshot({ path: 'test-results/oidc-pages/login-ar-390.png' });
  await page.goto(`${B}/ar-EG/register`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('التسجيل مقفول');
  await page.screenshot({ path: 'test-results/oidc-pages/register-closed-ar-EG-390.png' });
  expect(await seriousViolations(page)).toEqual([]);
});

test('named API tokens on the settings page: made with scopes, shown once, listed, revoked', async ({ page }) => {
  await signInThroughProvider(page, 'ada2', `${A}/dashboard/settings`);
  await expect(page).toHaveURL(`${A}/dashboard/settings`);
  await page.getByTestId('settings-tab-api').click();
  await page.getByTestId('token-form').getByLabel('Name').fill('Phone shortcut');
  await page.getByLabel('Read history').check();
  await page.getByTestId('token-create').click();
  const fresh = page.getByTestId('token-fresh').locator('code');
  await expect(fresh).toHaveText(/^gl_[\w-]{32}$/);
  const token = (await fresh.textContent())!;
  await expect(page.getByTestId('token-list')).toContainText('Phone shortcut');
  await expect(page.getByTestId('token-list')).toContainText('Download · Read history');
  await page.getByTestId('token-list').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/oidc-pages/tokens-en-1280.png', fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  const history = await page.request.get(`${A}/api/history`, { headers: { authorization: `Bearer ${token}` }, failOnStatusCode: false });
  expect(history.status()).toBe(200);
  const analyze = await page.request.post(`${A}/api/media/analyze`, { headers: { authorization: `Bearer ${token}` }, data: { url: 'https://example.com/a.mp4' } });
  expect((await analyze.json()).code).toBe('token_scope');
  await page.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByTestId('token-list')).toHaveCount(0);
  const after = await page.request.get(`${A}/api/history`, { headers: { authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(401);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${A}/ar/dashboard/settings?tab=api`);
  await expect(page.getByRole('heading', { name: 'رموز الواجهة البرمجية', exact: true })).toBeVisible();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: 'test-results/oidc-pages/tokens-ar-390-dark.png', fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
});
