import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { callerOf } from '@/lib/auth/caller';
import { arrivalMayStartWork, isDocumentNavigation, pageAnalysisVisitor } from '@/lib/auth/page-visitor';
import { closeDb, getDb } from '@/lib/db';
import { peek } from '@/lib/rate-limit/counters';
import { analyzeQuotasFor } from '@/lib/rate-limit/quotas';

// The page's request headers, as next/headers would hand them to a Server Component.
let requestHeaders = new Headers();
vi.mock('next/headers', () => ({ headers: async () => requestHeaders }));

const NAVIGATION = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };
let dataDir: string;

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'grabline-arrival-'));
  process.env.DATA_DIR = dataDir;
});

afterAll(async () => {
  await closeDb();
  rmSync(dataDir, { recursive: true, force: true });
  delete process.env.ANON_ANALYZE_HOURLY_LIMIT;
});

beforeEach(() => {
  requestHeaders = new Headers();
});

/** What the anonymous visitor's hourly link counter holds now. */
async function linksUsed(): Promise<number> {
  const { key, quotas } = analyzeQuotasFor(callerOf(new Headers(), null));
  const { states } = await peek(await getDb(), key, quotas);
  return states[0].used;
}

describe('which renders may start an analysis', () => {
  it('is a browser opening the page as a document, nothing else', () => {
    expect(isDocumentNavigation(new Headers(NAVIGATION))).toBe(true);
    // A link-preview bot or curl: no fetch metadata at all.
    expect(isDocumentNavigation(new Headers())).toBe(false);
    // The router's own navigation fetches a payload, not a document.
    expect(isDocumentNavigation(new Headers({ 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' }))).toBe(false);
    // An iframe is not the visitor opening the page.
    expect(isDocumentNavigation(new Headers({ 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe' }))).toBe(false);
    // Speculative loads start nothing.
    expect(isDocumentNavigation(new Headers({ ...NAVIGATION, 'sec-purpose': 'prefetch' }))).toBe(false);
    expect(isDocumentNavigation(new Headers({ ...NAVIGATION, 'sec-purpose': 'prefetch;prerender' }))).toBe(false);
    expect(isDocumentNavigation(new Headers({ ...NAVIGATION, purpose: 'prefetch' }))).toBe(false);
  });
});

describe('the analysis a page starts is charged like the API\'s', () => {
  it('starts nothing and charges nothing for a render that is not a navigation', async () => {
    const before = await linksUsed();
    expect(await pageAnalysisVisitor(getDb, '/download')).toBeUndefined();
    expect(await linksUsed()).toBe(before);
  });

  it('charges one link of the hourly quota, and refuses over it with the API\'s code', async () => {
    requestHeaders = new Headers(NAVIGATION);
    const before = await linksUsed();
    process.env.ANON_ANALYZE_HOURLY_LIMIT = String(before + 1);
    const visitor = await pageAnalysisVisitor(getDb, '/download');
    expect(visitor?.user).toBeNull();
    expect(await linksUsed()).toBe(before + 1);
    await expect(pageAnalysisVisitor(getDb, '/download')).rejects.toMatchObject({ code: 'rate_limited' });
    expect(await linksUsed()).toBe(before + 1);
  });
});

describe('only an arrival from our own pages, or one the visitor made, starts work', () => {
  it('a navigation from another site (or another origin of this site) starts nothing and charges nothing', async () => {
    process.env.ANON_ANALYZE_HOURLY_LIMIT = '1000';
    for (const site of ['cross-site', 'same-site']) {
      requestHeaders = new Headers({ ...NAVIGATION, 'sec-fetch-site': site });
      const before = await linksUsed();
      expect(await pageAnalysisVisitor(getDb, '/download'), site).toBeUndefined();
      expect(await linksUsed(), site).toBe(before);
    }
  });

  it('one from our own pages, typed, bookmarked or shared from another app (none), or without fetch metadata may', async () => {
    process.env.ANON_ANALYZE_HOURLY_LIMIT = '1000';
    for (const site of ['same-origin', 'none']) {
      requestHeaders = new Headers({ ...NAVIGATION, 'sec-fetch-site': site });
      const before = await linksUsed();
      expect(await pageAnalysisVisitor(getDb, '/download'), site).toBeDefined();
      expect(await linksUsed(), site).toBe(before + 1);
    }
    for (const site of ['same-origin', 'none', null]) {
      expect(arrivalMayStartWork(new Headers(site ? { 'sec-fetch-site': site } : {})), String(site)).toBe(true);
    }
    for (const site of ['cross-site', 'same-site', 'something-else']) {
      expect(arrivalMayStartWork(new Headers({ 'sec-fetch-site': site })), site).toBe(false);
    }
  });
});
