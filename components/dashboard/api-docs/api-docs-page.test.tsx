// @vitest-environment jsdom
import { act, type ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ApiDocsPage from '@/app/[locale]/dashboard/api/page';
import { codeExamples } from '@/lib/openapi/code-examples';
import { buildOpenApiDocument } from '@/lib/openapi/document';
import en from '@/messages/en.json';
import { mountAsync } from '@/test/mount';

/** The page's server-side translations, read from en.json as next-intl would. */
vi.mock('next-intl/server', async () => {
  const { createTranslator } = await import('next-intl');
  const messages = (await import('@/messages/en.json')).default;
  return {
    setRequestLocale: () => {},
    getTranslations: async (namespace: string) => createTranslator({ locale: 'en', messages, namespace: namespace as 'ApiDocs' }),
  };
});

// The page reads the request's headers for its base URL when SITE_URL is unset; here SITE_URL decides.
vi.mock('next/headers', () => ({ headers: async () => new Headers({ host: 'localhost:3000' }) }));

// next-intl's navigation needs Next's router, absent here; a plain anchor is all Getting Started's link needs.
vi.mock('@/lib/i18n/navigation', () => ({
  Link: ({ href, ...props }: { href: string } & Record<string, unknown>) => <a href={href} {...props} />,
}));

// The page hands its islands their texts through a server component; here the test's own provider holds them all.
vi.mock('@/components/i18n/client-messages', () => ({ ClientMessages: ({ children }: { children: ReactNode }) => children }));

// The engine's version is read on the server as the page renders (never from /api/health, whose details are the
// operator's); no yt-dlp pool is started here.
vi.mock('@/lib/server', () => ({ services: () => ({ engine: { pool: {} } }) }));
vi.mock('@/lib/media/ytdlp/engine-status', () => ({ engineStatus: async () => ({ version: '2026.10.26' }) }));

const SITE = 'https://grabline.example';
type Operation = { tags?: string[]; requestBody?: Example; responses: Record<string, Example> };
type Example = { content?: Record<string, { example?: unknown }> };

/** The public API as the document states it, read straight from doc.paths rather than through the page's helpers. */
function documentedPublicApi() {
  const doc = buildOpenApiDocument(SITE);
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods as Record<string, Operation>)
      .filter(([, op]) => op.tags?.includes('Media'))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        request: op.requestBody?.content?.['application/json']?.example,
        response: op.responses['200']?.content?.['application/json']?.example,
      })),
  );
}

let container: HTMLElement;
const saved = process.env.SITE_URL;

beforeEach(async () => {
  process.env.SITE_URL = SITE;
  const page = await ApiDocsPage({ params: Promise.resolve({ locale: 'en' }) });
  ({ host: container } = await mountAsync(<NextIntlClientProvider locale="en" messages={en}>{page}</NextIntlClientProvider>));
});

afterEach(() => {
  process.env.SITE_URL = saved;
});

/** The tabs switch on a primary-button mouse down. */
async function openTab(trigger: Element) {
  await act(async () => trigger.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 })));
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

describe('the API page', () => {
  it('says which engine the server extracts with', () => {
    expect(container.querySelector('[data-testid="api-engine-version"]')?.textContent).toContain('2026.10.26');
  });

  it('lists exactly the document’s public operations, with its method, path and examples', () => {
    const cards = [...container.querySelectorAll('[data-testid^="endpoint-"]')];
    const shown = cards.map((card) => {
      const blocks = [...card.querySelectorAll('pre')].map((pre) => pre.textContent);
      return {
        method: card.querySelector('[dir="ltr"] > :first-child')?.textContent,
        path: card.querySelector('[dir="ltr"] code')?.textContent,
        blocks,
        description: card.querySelector('p')?.textContent,
      };
    });
    const documented = documentedPublicApi();
    expect(documented.length).toBeGreaterThan(0);
    expect(shown.map(({ method, path, blocks }) => ({ method, path, blocks }))).toEqual(
      documented.map(({ method, path, request, response }) => ({
        method,
        path,
        blocks: [...(request === undefined ? [] : [pretty(request)]), ...(response === undefined ? [] : [pretty(response)])],
      })),
    );
    // Code words are marked in the messages and rendered as left-to-right <code>: the text is the message's.
    expect(shown.map((s) => s.description)).toEqual(Object.values(en.ApiDocs.endpoints).map((text) => text.replace(/<\/?code>/g, '')));
  });

  it('offers, and copies, exactly the code examples that test/api/openapi-examples.test.ts runs', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await openTab(container.querySelector('[data-testid="api-tab-examples"]')!);
    const samples = codeExamples(buildOpenApiDocument(SITE));
    expect(samples.map((s) => s.id)).toEqual(['javascript', 'python', 'curl']);
    for (const sample of samples) {
      const trigger = [...container.querySelectorAll('[role="tab"]')].find((tab) => tab.textContent === sample.label)!;
      await openTab(trigger);
      const panel = container.querySelector('[role="tabpanel"][data-state="active"] [role="tabpanel"][data-state="active"]')!;
      expect(panel.querySelector('pre')?.textContent).toBe(sample.code);
      expect(sample.code).toContain(SITE);
      await act(async () => (panel.querySelector('[data-testid="copy-code"]') as HTMLButtonElement).click());
      expect(writeText).toHaveBeenLastCalledWith(sample.code);
    }
  });
});
