import 'server-only';
import type { NextRequest } from 'next/server';
import { apiHandler } from '@/lib/http/api-handler';
import { requireUser, type User } from './session';

type UserHandler<P> = (req: NextRequest, ctx: { params: P; user: User }) => Promise<Response | object | null>;

/**
 * A protected route handler: `export const GET = withUser(async (req, { user }) => …)`. Unsigned callers get
 * 401 `{success:false, error:'Sign in to continue', code:'unauthorized'}`; everything else is apiHandler's.
 */
export function withUser<P = Record<string, never>>(handler: UserHandler<P>) {
  return apiHandler<P>(async (req, ctx) => handler(req, { ...ctx, user: await requireUser(req) }));
}
