import { expect, test, type Page } from '@playwright/test';

// The fixture site global-setup starts is the one address the app allow-lists; it answers a POST with 405.
const FIXTURE = `http://127.0.0.1:${process.env.E2E_FIXTURE_PORT ?? 4555}`;
const PASSWORD = 'correct horse battery';

async function signedIn(page: Page, name: string) {
  const email = `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  expect((await page.request.post('/api/auth/register', { data: { email, password: PASSWORD } })).status()).toBe(201);
  expect((await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).ok()).toBe(true);
}

const TEXTS = {
  en: { add: 'Add webhook', test: 'Send test', failed: 'Failed', event: 'Test', private: 'A webhook cannot point to a private or local address.', off: 'Turn off', on: 'Turn on' },
  ar: { add: 'إضافة خطاف', test: 'إرسال تجربة', failed: 'فشل', event: 'تجربة', private: 'لا يمكن أن يشير خطاف الويب إلى عنوان خاص أو محلي.', off: 'إيقاف', on: 'تفعيل' },
} as const;

for (const locale of ['en', 'ar'] as const) {
  test(`settings → webhooks in ${locale}: a private address refused, one added with its secret shown once, a test delivery listed`, async ({ page }) => {
    const t = TEXTS[locale];
    await signedIn(page, `webhooks-${locale}`);
    await page.goto(`/${locale}/dashboard/settings?tab=api`);
    const section = page.getByTestId('webhooks-section');
    await expect(section).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');

    await section.locator('#webhook-url').fill('http://10.1.2.3/hook');
    await section.getByRole('button', { name: t.add }).click();
    await expect(page.getByText(t.private).first()).toBeVisible();

    await section.locator('#webhook-url').fill(`${FIXTURE}/hook-${locale}`);
    await section.locator('#webhook-format').click();
    await page.getByTestId('webhook-format-discord').click();
    await section.getByRole('button', { name: t.add }).click();
    const secret = section.getByTestId('webhook-secret');
    await expect(secret).toContainText(/whsec_[\w-]{43}/);
    const item = section.getByTestId('webhook-item');
    await expect(item).toHaveCount(1);
    await expect(item.locator('code')).toHaveAttribute('dir', 'ltr');

    await item.getByRole('button', { name: t.test }).click();
    const delivery = item.getByTestId('webhook-deliveries').locator('li').first();
    await expect(delivery).toContainText(t.failed, { timeout: 15_000 });
    await expect(delivery).toContainText('HTTP 405');
    await expect(delivery).toContainText(t.event);
    await page.screenshot({ path: `screenshots/webhooks-${locale}.png`, fullPage: true });

    await item.getByRole('button', { name: t.off }).click();
    await expect(item.getByRole('button', { name: t.on })).toBeVisible();
    await page.reload();
    await expect(section.getByTestId('webhook-secret')).toHaveCount(0);
    expect(await page.content()).not.toMatch(/whsec_/);
  });
}
