// @vitest-environment jsdom
import { act } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ar from '@/messages/ar.json';
import en from '@/messages/en.json';
import { mountAsync } from '@/test/mount';
import { AnalyzeWorkspace } from './analyze-workspace';

// The result card is a chunk of its own, fetched alongside an analysis; its contents are not what is tested here.
vi.mock('@/components/media/result-card', () => ({ MediaResultCard: () => null }));

const LINK = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

/** Every request the page makes, answered as an analysis that is still queued. */
function recordRequests() {
  const calls: { method: string; path: string; body?: unknown }[] = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    calls.push({ method: init.method ?? 'GET', path: String(path), body: init.body ? JSON.parse(String(init.body)) : undefined });
    return new Response(JSON.stringify({ success: true, data: { jobId: 'job_1', status: 'queued', progress: 0 } }), { status: 200 });
  });
  return calls;
}

const settle = () => act(async () => { await new Promise((r) => setTimeout(r, 30)); });

/** Settles until `done` holds (the code that runs an analysis is a chunk fetched on demand), for at most 5 s. */
async function settleUntil(done: () => boolean) {
  for (let i = 0; i < 160 && !done(); i++) await settle();
}

afterEach(() => vi.unstubAllGlobals());

describe('a link that arrived from another site', () => {
  it('is shown in the box with a button to analyse it, and nothing starts until the visitor presses it', async () => {
    const calls = recordRequests();
    const { host } = await mountAsync(
      <NextIntlClientProvider locale="en" messages={en} timeZone="UTC">
        <AnalyzeWorkspace initialUrl={LINK} confirmFirst />
      </NextIntlClientProvider>,
    );
    await settle();
    expect(calls.filter((call) => call.path.startsWith('/api/'))).toEqual([]);
    expect((host.querySelector('[data-testid="analyze-input"]') as HTMLInputElement).value).toBe(LINK);
    const notice = host.querySelector('[data-testid="arrival-confirm"]');
    expect(notice?.textContent).toContain(en.Analyze.arrivedBody);
    const button = host.querySelector('[data-testid="arrival-analyze"]') as HTMLButtonElement;
    expect(button.textContent).toBe(en.Analyze.arrivedAction);

    await act(async () => button.click());
    await settleUntil(() => calls.some((call) => call.path === '/api/analyze'));
    expect(calls.filter((call) => call.path === '/api/analyze')).toEqual([{ method: 'POST', path: '/api/analyze', body: { url: LINK } }]);
    expect(host.querySelector('[data-testid="arrival-confirm"]')).toBeNull();
  });

  it('says so in Arabic too', async () => {
    recordRequests();
    const { host } = await mountAsync(
      <NextIntlClientProvider locale="ar" messages={ar} timeZone="UTC">
        <AnalyzeWorkspace initialUrl={LINK} confirmFirst />
      </NextIntlClientProvider>,
    );
    expect(ar.Analyze.arrivedAction).toBeTruthy();
    expect(host.querySelector('[data-testid="arrival-analyze"]')?.textContent).toBe(ar.Analyze.arrivedAction);
  });

  it('a link from our own pages still starts by itself', async () => {
    const calls = recordRequests();
    await mountAsync(
      <NextIntlClientProvider locale="en" messages={en} timeZone="UTC">
        <AnalyzeWorkspace initialUrl={LINK} />
      </NextIntlClientProvider>,
    );
    await settleUntil(() => calls.some((call) => call.path === '/api/analyze'));
    await settle();
    expect(calls.filter((call) => call.path === '/api/analyze')).toHaveLength(1);
  });
});
