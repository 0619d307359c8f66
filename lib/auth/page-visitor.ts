import 'server-only';
import { headers } from 'next/headers';
import { NextRequest } from 'next/server';
import { config } from '@/lib/config';
import type { Db } from '@/lib/db';
import { AppError } from '@/lib/errors';
import { meter } from '@/lib/rate-limit/counters';
import { analyzeQuotasFor } from '@/lib/rate-limit/quotas';
import { callerOf, type Caller } from './caller';
import { getUser } from './session';

/**
 * A browser opening a page as a document. Link-preview bots, crawlers without a browser, prefetches and the
 * router's own navigations (which fetch a payload, not a document) send no such headers, so they start nothing.
 */
export function isDocumentNavigation(h: Headers): boolean {
  const purpose = `${h.get('sec-purpose') ?? ''} ${h.get('purpose') ?? ''}`;
  return h.get('sec-fetch-mode') === 'navigate' && h.get('sec-fetch-dest') === 'document' && !/prefetch|prerender/.test(purpose);
}

/**
 * Whether a page opened with a link may start work on it by itself. Only for an arrival from our own pages
 * (`Sec-Fetch-Site: same-origin`) or one the visitor made in the browser itself — typed, a bookmark, a link shared
 * from another app (`none`) — or from a caller that sends no fetch metadata (not a browser, so no visitor's cookies
 * ride on it). Another site's link (`cross-site`, or `same-site` from another origin of this site) could otherwise
 * spend the signed-in visitor's quota and platform cookies on a link of its choosing: the page then shows the link
 * with a button to analyse it.
 */
export function arrivalMayStartWork(h: Headers): boolean {
  const site = h.get('sec-fetch-site');
  return site === null || site === 'same-origin' || site === 'none';
}

/** The request behind a page render as a route handler sees one: its headers and cookies (the path is `path`). */
async function pageRequest(path: string): Promise<NextRequest> {
  return new NextRequest(new URL(path, 'http://page.invalid'), { headers: new Headers(await headers()) });
}

/**
 * Whether the visitor opening `path` may start an analysis as the page renders, charged exactly as the site's
 * own POST /api/analyze charges it (the hourly link quota of the user or address). Undefined when this render
 * is not a browser's document navigation, came from another site, or the server is for signed-in users only and
 * nobody is signed in — the page then leaves the start to the browser (which meets the API's answer), or to the
 * visitor's click for another site's link. Throws rate_limited over quota.
 */
export async function pageAnalysisVisitor(db: () => Promise<Db>, path: string): Promise<Caller | undefined> {
  const req = await pageRequest(path);
  if (!isDocumentNavigation(req.headers) || !arrivalMayStartWork(req.headers)) return undefined;
  // A stale or broken session cookie makes an anonymous visit, as on any page.
  const user = await getUser(db, req).catch(() => null);
  if (!user && !config().env.ANON_ACCESS) return undefined;
  const caller = callerOf(req.headers, user);
  const { key, quotas } = analyzeQuotasFor(caller);
  const metering = await meter(await db(), key, quotas, 1);
  if (!metering.allowed) throw new AppError('rate_limited', metering.exceeded.message);
  return caller;
}
