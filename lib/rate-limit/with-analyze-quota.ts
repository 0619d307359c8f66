import 'server-only';
import type { NextRequest } from 'next/server';
import type { z, ZodType } from 'zod';
import { getUser, type User } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { now } from '@/lib/db/time';
import { AppError } from '@/lib/errors';
import { apiHandler, readJson } from '@/lib/http/api-handler';
import { meter, peek } from './counters';
import { rateLimitHeaders, withHeaders } from './headers';
import { analyzeQuotasFor } from './quotas';

type AnalyzeHandler<B> = (body: B, ctx: { req: NextRequest; user: User | null }) => Promise<object>;

/**
 * The site's own entry points that start analyses:
 * `export const POST = withAnalyzeQuota(schema, (body) => links, async (body, { user }) => …)`.
 * Reads the body, charges its links to the caller's hourly quota (the signed-in user's, else the address's;
 * an invalid credential is simply anonymous, as on the rest of the site), and puts the RateLimit headers on
 * every answer; past the quota it is 429 rate_limited with Retry-After. A body that does not validate starts
 * nothing, so it is answered without being charged. Polling a job or batch is not wrapped and costs nothing.
 */
export function withAnalyzeQuota<S extends ZodType>(schema: S, links: (body: z.infer<S>) => number, handler: AnalyzeHandler<z.infer<S>>) {
  return async (req: NextRequest, ctx: { params: Promise<Record<string, never>> }): Promise<Response> => {
    let headers: Record<string, string> | undefined;
    const res = await apiHandler(async (req) => {
      const user = await getUser(req);
      const { key, quotas } = analyzeQuotasFor(req, user);
      const db = await getDb();
      let body: z.infer<S>;
      try {
        body = await readJson(req, schema);
      } catch (error) {
        headers = rateLimitHeaders(await peek(db, key, quotas), now());
        throw error;
      }
      const metering = await meter(db, key, quotas, links(body));
      headers = rateLimitHeaders(metering, now());
      if (!metering.allowed) throw new AppError('rate_limited', metering.exceeded.message);
      return handler(body, { req, user });
    })(req, ctx);
    return headers ? withHeaders(res, headers) : res;
  };
}
