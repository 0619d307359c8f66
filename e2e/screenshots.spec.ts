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
