// @vitest-environment jsdom
import { act } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '@/messages/en.json';
import type { NamedToken } from '@/lib/auth/token-scopes';
import { mountAsync } from '@/test/mount';
import { NamedTokens } from './named-tokens';

const FULL = 'gl_Full01AAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const phone: NamedToken = {
  id: 'tok_phone', name: 'Phone shortcut', prefix: 'gl_Phone1', scopes: ['download'], createdAt: '2026-05-01T00:00:00.000Z',
  expiresAt: null, lastUsedAt: null, dailyLimit: null,
};

/** The tokens and settings API in memory: the settings token is listed with the named ones, as the server does. */
function fakeApi() {
  const tokens: NamedToken[] = [phone];
  let settingsPrefix = '';
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const answer = (data: unknown, status = 200) => new Response(JSON.stringify({ success: true, data }), { status });
    if (path === '/api/auth/tokens') return answer(tokens);
    if (path === '/api/settings') return answer({ apiToken: settingsPrefix ? `${settingsPrefix}…` : '' });
    if (path === '/api/settings/token' && method === 'POST') {
      settingsPrefix = FULL.slice(0, 9);
      tokens.unshift({ ...phone, id: 'tok_full', name: 'API token', prefix: settingsPrefix, scopes: ['analyze', 'download', 'bulk', 'history:read'] });
      return answer({ token: FULL, prefix: settingsPrefix, createdAt: '2026-05-02T00:00:00.000Z' });
    }
    throw new Error(`unexpected ${method} ${path}`);
  });
}

const settle = () => act(async () => { await new Promise((r) => setTimeout(r, 30)); });
const byId = (host: HTMLElement, id: string) => host.querySelector<HTMLElement>(`[data-testid="${id}"]`);

async function render() {
  const { host, unmount } = await mountAsync(
    <NextIntlClientProvider locale="en" messages={en} timeZone="UTC">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <NamedTokens />
      </SWRConfig>
    </NextIntlClientProvider>,
  );
  await settle();
  return { host, unmount };
}

afterEach(() => vi.unstubAllGlobals());

describe('API tokens: one list', () => {
  it('makes the full-access token in the same card, shows it once, then lists it among the others by its prefix', async () => {
    fakeApi();
    const { host, unmount } = await render();
    expect(host.querySelector('h3, [class*=font-semibold]')?.textContent).toBe('API tokens');
    expect(byId(host, 'settings-regenerate')?.textContent).toBe('Generate');
    expect(byId(host, 'token-list')?.querySelectorAll('li')).toHaveLength(1);

    await act(async () => byId(host, 'settings-regenerate')!.click());
    await settle();
    expect(byId(host, 'settings-token')?.textContent).toBe(FULL);
    expect(byId(host, 'settings-regenerate')?.textContent).toBe('Regenerate');
    const rows = [...byId(host, 'token-list')!.querySelectorAll('li')];
    expect(rows).toHaveLength(2);
    // Listed under its own name in the page's language, not the stored English default.
    expect(rows[0].textContent).toContain('Full-access token');
    expect(rows[0].textContent).not.toContain('API token ');
    unmount();

    // Later (a reload): only the visible part, on its row.
    const again = await render();
    expect(byId(again.host, 'token-fresh')).toBeNull();
    expect(byId(again.host, 'settings-token')?.textContent).toBe(`${FULL.slice(0, 9)}…`);
    expect(byId(again.host, 'settings-regenerate')?.textContent).toBe('Regenerate');
  });
});
