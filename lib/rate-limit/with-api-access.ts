import 'server-only';
import type { NextRequest } from 'next/server';
import { getCaller, type Caller } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { now } from '@/lib/db/time';
import { AppError } from '@/lib/errors';
import { apiHandler } from '@/lib/http/api-handler';
import { meter, peek } from './counters';
import { rateLimitHeaders, withHeaders } from './headers';
import { quotasFor } from './quotas';

export interface ApiAccessOptions {
  /**
   * false: authenticate and show the headers, but count nothing. For progress polling (every 2 s while a file
   * is prepared), which would otherwise spend a day's API requests on one download.
   */
  metered?: boolean;
}

type AccessHandler<P> = (req: NextRequest, ctx: { params: P; caller: Caller | null }) => Promise<Response | object | null>;

/**
 * The public media API's wrapper: `export const POST = withApiAccess(async (req, { caller }) => …)`.
 * Authenticates the caller (API token, access token or session cookie; anonymous is allowed, a bad Bearer
 * credential is 401), counts the request against the caller's limits (429 past them), and puts the
 * RateLimit headers on every answer, errors included. `caller` is null for anonymous use.
 * Unmetered (`{ metered: false }`): the same, without counting the request.
 */
export function withApiAccess<P = Record<string, never>>(handler: AccessHandler<P>, options: ApiAccessOptions = {}) {
  return async (req: NextRequest, ctx: { params: Promise<P> }): Promise<Response> => {
    let headers: Record<string, string> | undefined;
    const counted = async (caller: Caller | null) => {
      const { key, quotas } = quotasFor(req, caller);
      const metering = await (options.metered === false ? peek : meter)(await getDb(), key, quotas);
      headers = rateLimitHeaders(metering, now());
      if (!metering.allowed) throw new AppError('rate_limited', metering.exceeded.message);
    };
    const res = await apiHandler<P>(async (req, { params }) => {
      let caller: Caller | null;
      try {
        caller = await getCaller(req);
      } catch (error) {
        // A wrong token is still a request from this address: count it, so guessing tokens is limited too.
        await counted(null);
        throw error;
      }
      await counted(caller);
      return handler(req, { params, caller });
    })(req, ctx);
    return headers ? withHeaders(res, headers) : res;
  };
}
