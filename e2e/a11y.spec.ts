import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

// The fixture site global-setup starts (never the internet); the app is started with it allow-listed.
const FIXTURE = `http://127.0.0.1:${process.env.E2E_FIXTURE_PORT ?? 4555}`;
const OG_VIDEO = `${FIXTURE}/pages/og-video.html`;
const PASSWORD = 'correct horse battery';

/** Serious and critical findings only, each as "rule: first targets". */
async function seriousViolations(page: Page): Promise<string[]> {
  // Colours are judged at rest: a toast fading in is half transparent for a moment (finite animations end first;
  // a spinner's never does and is left running).
  await page.evaluate(() => Promise.race([
    Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))),
    new Promise((resolve) => setTimeout(resolve, 3000)),
  ]));
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(' | ')}`);
}

/** A fresh account, signed in: the page's context gets the session cookies. */
async function signedIn(page: Page): Promise<void> {
  const email = `a11y-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  expect((await page.request.post('/api/auth/register', { data: { email, password: PASSWORD } })).status()).toBe(201);
  expect((await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).ok()).toBe(true);
}

for (const locale of ['en', 'ar'] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`no serious or critical axe finding on any page — ${locale}, ${scheme}`, async ({ page }) => {
      test.setTimeout(240_000);
      await page.emulateMedia({ colorScheme: scheme });
      await signedIn(page);
      const prefix = locale === 'en' ? '' : `/${locale}`;
      const findings: Record<string, string[]> = {};
      const check = async (name: string) => {
        findings[name] = await seriousViolations(page);
      };

      for (const [name, path] of [
        ['home', '/'], ['creator', '/download/fixture-channel'], ['landing', '/youtube-downloader'],
      ] as const) {
        await page.goto(`${prefix}${path}`);
        await check(name);
      }

      await page.goto(`${prefix}/download?url=${encodeURIComponent(OG_VIDEO)}`);
      await expect(page.getByTestId('result-card')).toBeVisible({ timeout: 60_000 });
      // Checked as it is used: once the page has hydrated, the card's controls are live (they are disabled until then).
      await expect(page.getByTestId('download-button')).toBeEnabled();
      await check('download with a result');

      await page.goto(`${prefix}/bulk`);
      await page.getByTestId('bulk-textarea').fill(`${FIXTURE}/video.mp4?a11y=${locale}${scheme}\n${FIXTURE}/pages/no-media.html`);
      await page.getByTestId('bulk-start').click();
      await expect(page.locator('[data-testid=bulk-item][data-status=failed]')).toHaveCount(1, { timeout: 60_000 });
      await expect(page.locator('[data-testid=bulk-item][data-status=completed]')).toHaveCount(1, { timeout: 60_000 });
      await check('bulk with items');

      for (const [name, path] of [
        ['overview', '/dashboard'], ['history', '/dashboard/history'], ['settings', '/dashboard/settings'], ['api docs', '/dashboard/api'],
      ] as const) {
        await page.goto(`${prefix}${path}`);
        // The history shows the batch's entries (a completed and a failed badge) before it is checked.
        if (name === 'history') await expect(page.getByTestId('history-card')).toHaveCount(2, { timeout: 30_000 });
        await page.waitForLoadState('networkidle');
        await check(name);
      }

      await page.context().clearCookies();
      for (const [name, path] of [['login', '/login'], ['register', '/register']] as const) {
        await page.goto(`${prefix}${path}`);
        await check(name);
      }
      expect(Object.entries(findings).filter(([, found]) => found.length > 0)).toEqual([]);
    });
  }
}

/** Whether the focused element (or the field wrapper that draws its ring) shows a focus indicator. */
async function focusRingShown(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    let element: Element | null = document.activeElement;
    if (!element || element === document.body) return false;
    for (let depth = 0; element && depth < 4; depth++, element = element.parentElement) {
      const style = getComputedStyle(element);
      if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) return true;
      if (style.boxShadow && style.boxShadow !== 'none') return true;
    }
    return false;
  });
}

test('keyboard only: paste → analyse → pick a format → download, with a visible focus ring at every stop', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.goto('/download');
  const stops: string[] = [];
  const stop = async (name: string) => {
    expect(await focusRingShown(page), `focus ring at ${name}`).toBe(true);
    stops.push(name);
  };

  // Tab from the top of the page to the link box.
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    if (await page.getByTestId('analyze-input').evaluate((input) => input === document.activeElement)) break;
  }
  await expect(page.getByTestId('analyze-input')).toBeFocused();
  await stop('link box');
  await page.evaluate((value) => navigator.clipboard.writeText(value), OG_VIDEO);
  await page.keyboard.press('ControlOrMeta+V');
  await expect(page.getByTestId('analyze-input')).toHaveValue(OG_VIDEO);
  await expect(page.getByTestId('result-card')).toBeVisible({ timeout: 60_000 });

  // On to the format menu: open it, take the second format, close it with Enter.
  for (let i = 0; i < 10 && !(await page.getByTestId('format-select').evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(page.getByTestId('format-select')).toBeFocused();
  await stop('format menu');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('format-select')).toBeFocused();

  await page.keyboard.press('Tab');
  await expect(page.getByTestId('download-button')).toBeFocused();
  await stop('download button');
  const saved = page.waitForEvent('download', { timeout: 90_000 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('progress-card')).toBeVisible();
  // Busy, and still where the keyboard left it.
  await expect(page.getByTestId('download-button')).toBeFocused();
  await saved;
  expect(stops).toEqual(['link box', 'format menu', 'download button']);
});
