// @vitest-environment jsdom
import { act } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ar from '@/messages/ar.json';
import en from '@/messages/en.json';
import type { Webhook } from '@/lib/webhooks/schemas';
import { mountAsync } from '@/test/mount';
import { WebhooksSection } from './webhooks-section';

// jsdom lacks what Radix's popper and select measure with.
globalThis.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} } as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;


const SECRET = 'whsec_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';
const delivered = {
  id: 'dlv_1', event: 'download.finished', status: 'delivered', attempts: 2, httpStatus: 204, errorCode: null, durationMs: 42,
  createdAt: '2026-05-03T12:00:00.000Z', attemptedAt: '2026-05-03T12:00:10.000Z',
} as const;
const refused = { ...delivered, id: 'dlv_2', event: 'webhook.test', status: 'failed', attempts: 1, httpStatus: null, errorCode: 'private_address' } as const;

/** The webhooks API as the section sees it, in memory; every call is kept to be asserted. */
function fakeApi(initial: Webhook[]) {
  const hooks = initial.map((hook) => ({ ...hook }));
  const calls: { method: string; path: string; body?: unknown }[] = [];
  const answer = (data: unknown, status = 200) => new Response(JSON.stringify({ success: true, data }), { status });
  vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path, body });
    const id = path.split('/')[3];
    if (path === '/api/webhooks' && method === 'GET') return answer(hooks);
    if (path === '/api/webhooks' && method === 'POST') {
      const made = { ...body, id: 'whk_new', enabled: true, createdAt: '2026-05-03T12:00:00.000Z', deliveries: [] } as Webhook;
      hooks.push(made);
      return answer({ ...made, secret: SECRET }, 201);
    }
    const hook = hooks.find((h) => h.id === id)!;
    if (method === 'PATCH') return answer(Object.assign(hook, body));
    if (method === 'DELETE') return answer(hooks.splice(hooks.indexOf(hook), 1) && null);
    return answer({ deliveryId: 'dlv_test' }, 202);
  });
  return calls;
}

async function render(locale: 'en' | 'ar') {
  const { host, unmount } = await mountAsync(
    <NextIntlClientProvider locale={locale} messages={locale === 'ar' ? ar : en} timeZone="UTC">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <div dir={locale === 'ar' ? 'rtl' : 'ltr'}><WebhooksSection /></div>
      </SWRConfig>
    </NextIntlClientProvider>,
  );
  return { host, done: unmount };
}

const settle = () => act(async () => { await new Promise((r) => setTimeout(r, 30)); });
const existing: Webhook = {
  id: 'whk_a', url: 'https://hooks.example.com/grabline', events: ['download.finished', 'follow.new'], format: 'discord',
  enabled: true, createdAt: '2026-05-01T00:00:00.000Z', deliveries: [delivered, refused],
};

afterEach(() => vi.unstubAllGlobals());

describe('the webhooks settings section', () => {
  it('adds a webhook and shows its secret this once; the list never carries it', async () => {
    const calls = fakeApi([]);
    const { host, done } = await render('en');
    await settle();
    expect(host.textContent).toContain('No webhooks yet.');
    const url = host.querySelector<HTMLInputElement>('#webhook-url')!;
    url.value = 'https://ntfy.example.com/my-topic';
    // The format is the site's one select: opened from the keyboard, its option chosen with Enter. Its list is code
    // fetched when reached for; fetched here first, so the key press opens it within the same act().
    await import('@/components/ui/choice-select-menu');
    const pressed = (element: Element, key: string) => act(async () => void element.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true })));
    await pressed(host.querySelector('#webhook-format')!, 'Enter');
    await pressed(document.querySelector('[data-testid="webhook-format-ntfy"]')!, 'Enter');
    const follow = [...host.querySelectorAll('label')].find((l) => l.textContent === 'New uploads from a creator you follow')!.querySelector('input')!;
    await act(async () => follow.click());
    await act(async () => host.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));
    await settle();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ url: 'https://ntfy.example.com/my-topic', events: ['download.finished', 'follow.new'], format: 'ntfy' });
    expect(host.querySelector('[data-testid="webhook-secret"]')?.textContent).toContain(SECRET);
    expect(host.querySelector('[data-testid="webhook-list"]')?.textContent).not.toContain(SECRET);
    expect(host.querySelector('[data-testid="webhook-list"]')?.textContent).toContain('ntfy topic · Download finished · New uploads from a creator you follow');
    done();
    // Back on the page later: the secret is gone for good.
    const again = await render('en');
    await settle();
    expect(again.host.querySelector('[data-testid="webhook-secret"]')).toBeNull();
    expect(again.host.textContent).not.toContain(SECRET);
    again.done();
  });

  it('lists the last deliveries with status, answer and time, and sends test, turn off and delete', async () => {
    const calls = fakeApi([existing]);
    const { host, done } = await render('en');
    await settle();
    const rows = [...host.querySelectorAll('[data-testid="webhook-deliveries"] li')].map((li) => li.textContent);
    expect(rows[0]).toBe('DeliveredDownload finishedHTTP 2042 attempts42 msMay 3, 2026, 12:00:10 PM');
    expect(rows[1]).toBe('FailedTestPrivate or local address refused1 attempt42 msMay 3, 2026, 12:00:10 PM');
    const button = (text: string) => [...host.querySelectorAll('button')].find((b) => b.textContent === text)!;
    await act(async () => button('Send test').click());
    await act(async () => button('Turn off').click());
    await settle();
    expect(button('Turn on')).toBeDefined();
    await act(async () => button('Delete').click());
    await settle();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([
      { method: 'POST', path: '/api/webhooks/whk_a/test', body: undefined },
      { method: 'PATCH', path: '/api/webhooks/whk_a', body: { enabled: false } },
      { method: 'DELETE', path: '/api/webhooks/whk_a', body: undefined },
    ]);
    expect(host.textContent).toContain('No webhooks yet.');
    done();
  });

  it('says it all in Arabic, the URL kept left-to-right inside the right-to-left page', async () => {
    fakeApi([existing]);
    const { host, done } = await render('ar');
    await settle();
    expect(host.querySelector('[data-testid="webhooks-section"] h3, [data-testid="webhooks-section"] [class*="font-semibold"]')?.textContent).toBe('خطافات الويب');
    const rows = [...host.querySelectorAll('[data-testid="webhook-deliveries"] li')].map((li) => li.textContent ?? '');
    expect(rows[0]).toContain('وصل');
    expect(rows[0]).toContain('اكتمال تنزيل');
    expect(rows[0]).toContain('محاولتان');
    expect(rows[1]).toContain('رُفض عنوان خاص أو محلي');
    expect(host.querySelector('[data-testid="webhook-item"] code')?.getAttribute('dir')).toBe('ltr');
    expect(host.querySelector('#webhook-url')?.getAttribute('dir')).toBe('ltr');
    const labels = [...host.querySelectorAll('button')].map((b) => b.textContent);
    expect(labels).toEqual(expect.arrayContaining(['إرسال تجربة', 'إيقاف', 'حذف', 'إضافة خطاف']));
    expect(host.textContent).not.toMatch(/Delivered|Send test|Webhooks/);
    done();
  });
});
