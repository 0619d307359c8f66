import 'server-only';
import type { NextRequest } from 'next/server';
import type { ZodType } from 'zod';
import type { Db } from '@/lib/db';
import { now } from '@/lib/db/time';
import { AppError, toAppError } from '@/lib/errors';
import { config } from '@/lib/config';
import { corsHeaders } from '@/lib/http/cors';
import { bearerToken } from '@/lib/http/bearer';
import { fail, ok, parseWith, readJson } from '@/lib/http/envelope';
import { logRequest, loggedPath, requestIdOf } from '@/lib/http/request-log';
import { observeRequest } from '@/lib/metrics/record';
import { routePattern } from '@/lib/metrics/route-pattern';
import { changesState, fromOurOrigin } from '@/lib/http/same-origin';
import { meter, peek, type Metering } from '@/lib/rate-limit/counters';
import { rateLimitHeaders, withHeaders } from '@/lib/rate-limit/headers';
import { analyzeQuotasFor } from '@/lib/rate-limit/quotas';
import type { Caller } from './caller';
import { identify, type Auth, type QuotaSpec } from './identify';
import { requireAdmin, type User } from './session';
import type { TokenScope } from './token-scopes';

export type { Auth, QuotaSpec };

export interface RouteSpec<A extends Auth, B, Q, P> {
  auth: A;
  body?: ZodType<B>;
  query?: ZodType<Q>;
  /** Route params that fail this schema are answered 404 with `notFound`: a malformed id names nothing. */
  params?: ZodType<P>;
  notFound?: string;
  quota?: QuotaSpec<B>;
  /**
   * The route does the product's work for a visitor (analyse, download). With ANON_ACCESS=off it then needs a
   * signed-in caller (`sign_in_required`). Routes with `auth: 'api'` always do.
   */
  serves?: boolean;
  /**
   * Other sites' pages may read it as API_CORS_ORIGINS says (never with cookies), and change state through it with a
   * Bearer credential only. Routes with `auth: 'api'` always are.
   */
  cors?: boolean;
  /**
   * What an API token needs to call this route (403 token_scope without it). On `user` and `optional` routes it
   * also lets such a token in, as its owner; without it those routes take sessions only (a token is 403 forbidden).
   */
  scope?: TokenScope;
}

export interface RouteContext<A extends Auth, B, Q, P> {
  req: NextRequest;
  body: B;
  query: Q;
  params: P;
  user: A extends 'user' | 'admin' ? User : User | null;
  /** Who is calling (their keys, address and credential), worked out once for every handler and lib function. */
  caller: Caller;
}

type Handler<A extends Auth, B, Q, P> = (ctx: RouteContext<A, B, Q, P>) => Promise<Response | object | null> | Response | object | null;

export interface RouteDeps {
  /** The store, opened only when a request needs it (a credential to check, a quota to charge). */
  db: () => Promise<Db>;
}

/**
 * The wrapper every API route is made with, bound to what the composition root hands it (lib/server.ts exports it as
 * `route`): `export const POST = route({ auth: 'user', body: schema }, ({ user, body }) => …)`.
 * In order: a state-changing request (POST, PUT, PATCH, DELETE) from another site's page — a foreign Origin, or
 * Sec-Fetch-Site cross-site or same-site — is refused 403 csrf whether or not it carries cookies, unless a Bearer
 * credential identifies its caller on a route open to other sites (`cors`, `auth: 'api'`);
 * params, query and body (JSON only: else 415) are validated; the caller is identified and charged as `auth` and `quota` say;
 * returned data becomes the `{success, data}` envelope and every thrown error its status and code. RateLimit
 * headers ride on every answer of a metered route, errors included; each request is logged as one line and
 * counted in the process's metrics.
 */
export const createRoute = ({ db }: RouteDeps) => <A extends Auth, B = undefined, Q = undefined, P = Record<string, never>>(
  spec: RouteSpec<A, B, Q, P>,
  handler: Handler<A, B, Q, P>,
) => {
  return async (req: NextRequest, ctx: { params: Promise<unknown> }): Promise<Response> => {
    const started = performance.now();
    const requestId = requestIdOf(req.headers);
    let limitHeaders: Record<string, string> | undefined;
    const charge = (metering: Metering) => {
      limitHeaders = rateLimitHeaders(metering, now());
      if (!metering.allowed) throw new AppError('rate_limited', metering.exceeded.message);
    };
    let res: Response;
    let failure: string | undefined;
    try {
      const admin = spec.auth === 'admin' ? await requireAdmin(db, req) : null;
      const foreign = changesState(req.method) && !fromOurOrigin(req.headers, req.nextUrl);
      const bearer = bearerToken(req.headers) !== undefined;
      if (foreign && !(opensToOtherSites(spec) && (bearer || corsAllows(req.headers.get('origin'))))) {
        throw admin ? new AppError('not_found', 'Not found') : crossSite();
      }
      const params = spec.params ? parseParams(spec.params, await ctx.params, spec.notFound) : ((await ctx.params) as P);
      const query = spec.query ? parseWith(spec.query, Object.fromEntries(req.nextUrl.searchParams)) : (undefined as Q);
      const caller = await identify(db, req, spec, charge, admin);
      const { user } = caller;
      // getCredential reads a Bearer credential before anything else and refuses a wrong one, so a caller found while one
      // is sent is that credential's holder. Without such a caller the Bearer header proved nothing. A page of an
      // origin API_CORS_ORIGINS lists may also call without one, but only as nobody: a browser that sent our cookies
      // or passed a forward-auth proxy along the way would be acting in its visitor's name.
      if (foreign && (bearer ? !caller.credential : user !== null)) throw crossSite();
      if (!user && (spec.serves || spec.auth === 'api') && !config().env.ANON_ACCESS) {
        throw new AppError('sign_in_required', 'This server is open to signed-in users only');
      }
      let body = undefined as B;
      if (spec.body) {
        const analyze = spec.quota?.kind === 'analyze' ? analyzeQuotasFor(caller) : undefined;
        try {
          body = await readJson(req, spec.body);
        } catch (error) {
          if (analyze) limitHeaders = rateLimitHeaders(await peek(await db(), analyze.key, analyze.quotas), now());
          throw error;
        }
        if (analyze && spec.quota?.kind === 'analyze') {
          charge(await meter(await db(), analyze.key, analyze.quotas, spec.quota.links(body)));
        }
      }
      const result = await handler({ req, body, query, params, user: user as RouteContext<A, B, Q, P>['user'], caller });
      res = result instanceof Response ? result : ok(result);
    } catch (error) {
      const appError = toAppError(error);
      failure = appError.code;
      if (appError.code === 'internal') console.error('[api]', requestId, req.method, loggedPath(req.nextUrl), error);
      res = fail(appError);
    }
    const cors = spec.cors || spec.auth === 'api' ? corsHeaders(req.headers.get('origin')) : undefined;
    res = withHeaders(res, { ...limitHeaders, ...cors, 'X-Request-Id': requestId });
    const elapsed = performance.now() - started;
    logRequest({ requestId, method: req.method, path: loggedPath(req.nextUrl), status: res.status, ms: Math.round(elapsed) });
    // Counted by route pattern (`/api/status/[jobId]`), never by the path a caller wrote.
    const matched = await Promise.resolve(ctx?.params).catch(() => undefined);
    observeRequest({ method: req.method, route: routePattern(req.nextUrl.pathname, matched), status: res.status, seconds: elapsed / 1000, code: failure });
    return res;
  };
};

/**
 * Routes another site's page may change state on: the public API that answers other sites (CORS), and then only with
 * a Bearer credential that identifies the caller — written by that page's own code, never sent by the browser by
 * itself as our cookies, a forward-auth proxy's header or Basic credentials are.
 */
const opensToOtherSites = (spec: { auth: Auth; cors?: boolean }): boolean => spec.cors === true || spec.auth === 'api';

/** An origin the operator opened the public API to (API_CORS_ORIGINS), by name or with `*`. */
const corsAllows = (origin: string | null): boolean => Boolean(origin && corsHeaders(origin)?.['Access-Control-Allow-Origin']);

const crossSite = () => new AppError('csrf', 'This request did not come from this site');

function parseParams<P>(schema: ZodType<P>, value: unknown, notFound = 'Not found'): P {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AppError('not_found', notFound);
  return parsed.data;
}
