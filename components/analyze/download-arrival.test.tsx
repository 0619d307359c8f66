// @vitest-environment jsdom
import { act, isValidElement, type ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DownloadPage from '@/app/[locale]/(public)/download/page';
import { AnalyzedOnArrival } from '@/app/[locale]/(public)/download/analyzed-on-arrival';
import en from '@/messages/en.json';
import { mountAsync } from '@/test/mount';

// The page's request headers, as next/headers hands them to a Server Component.
let requestHeaders = new Headers();
vi.mock('next/headers', () => ({ headers: async () => requestHeaders }));

/** The page's server-side translations, read from en.json as next-intl would. */
vi.mock('next-intl/server', async () => {
  const { createTranslator } = await import('next-intl');
  const messages = (await import('@/messages/en.json')).default;
  return {
    setRequestLocale: () => {},
    getTranslations: async (namespace: string) => createTranslator({ locale: 'en', messages, namespace: namespace as 'Download' }),
  };
});
vi.mock('@/lib/i18n/navigation', () => ({
  Link: ({ href, ...props }: { href: string } & Record<string, unknown>) => <a href={href} {...props} />,
}));
vi.mock('@/components/media/result-card', () => ({ MediaResultCard: () => null }));

const LINK = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const NAVIGATION = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };

const page = () => DownloadPage({ params: Promise.resolve({ locale: 'en' }), searchParams: Promise.resolve({ url: LINK }) });

/** Whether the element tree holds an element of `type` (without rendering it). */
function holds(node: ReactNode, type: unknown): boolean {
  if (Array.isArray(node)) return node.some((child) => holds(child, type));
  if (!isValidElement(node)) return false;
  const props = node.props as { children?: ReactNode; fallback?: ReactNode };
  return node.type === type || holds(props.children, type) || holds(props.fallback, type);
}

afterEach(() => vi.unstubAllGlobals());

describe('/download?url= opened from another site', () => {
  it('shows the link with a button to analyse it and starts nothing, in the page or in the browser', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (path: string) => {
      calls.push(String(path));
      return new Response('{}', { status: 500 });
    });
    for (const site of ['cross-site', 'same-site']) {
      requestHeaders = new Headers({ ...NAVIGATION, 'sec-fetch-site': site });
      const tree = await page();
      expect(holds(tree, AnalyzedOnArrival), site).toBe(false);
      const { host, unmount } = await mountAsync(<NextIntlClientProvider locale="en" messages={en} timeZone="UTC">{tree}</NextIntlClientProvider>);
      await act(async () => { await new Promise((r) => setTimeout(r, 30)); });
      expect((host.querySelector('[data-testid="analyze-input"]') as HTMLInputElement).value, site).toBe(LINK);
      expect(host.querySelector('[data-testid="arrival-analyze"]'), site).not.toBeNull();
      unmount();
    }
    expect(calls.filter((path) => path.startsWith('/api/'))).toEqual([]);
  });

  it('starts the analysis as the page renders when the visitor came from our own pages, typed the address or shared it', async () => {
    for (const site of ['same-origin', 'none']) {
      requestHeaders = new Headers({ ...NAVIGATION, 'sec-fetch-site': site });
      expect(holds(await page(), AnalyzedOnArrival), site).toBe(true);
    }
  });
});
