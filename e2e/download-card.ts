import { expect, type Page } from '@playwright/test';

/**
 * Waits until the page's download card says Ready. A card that says Failed ends the wait at once, and the test's
 * error carries what the card said — the reason is the first thing anyone reading a failed run needs.
 */
export async function expectDownloadReady(page: Page, timeout = 90_000): Promise<void> {
  const status = page.getByTestId('progress-status');
  await expect(status).toHaveText(/^(Ready|Failed)$/, { timeout });
  if ((await status.textContent()) !== 'Failed') return;
  const said = await page.getByTestId('progress-message').textContent().catch(() => null);
  throw new Error(`The download card says Failed: ${said ?? '(no message)'}`);
}
