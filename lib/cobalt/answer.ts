import 'server-only';
import type { NextRequest } from 'next/server';
import type { Db } from '@/lib/db';
import type { Analyze } from '@/lib/media/analyze';
import { toAppError } from '@/lib/errors';
import type { Caller } from '@/lib/auth/caller';
import { assertOwnerBytesLeft } from '@/lib/limits/owner';
import { originFor } from '@/lib/seo/site-url';
import { recogniseUrl } from '@/lib/media/platforms';
import { cobaltError, toCobaltError } from './error-codes';
import { processCobalt } from './process';
import { cobaltRequestSchema, type CobaltError } from './schemas';

const cobaltJson = (body: object, status = 200) => Response.json(body, { status });
const refused = (code: string): Response => cobaltJson(cobaltError(code), 400);

/** The platform a link is on, for the `service` cobalt's clients name in their messages. */
function serviceOf(url: unknown): string | undefined {
  try {
    return typeof url === 'string' ? recogniseUrl(url).platform : undefined;
  } catch {
    return undefined;
  }
}

/**
 * POST /api/cobalt/: cobalt's rules for the request itself (JSON asked for and sent), then its body, then the
 * work. Every failure is answered in cobalt's error shape with our status; an unexpected one is logged and told
 * as error.api.generic, never with its details.
 */
export async function answerCobalt(
  { db, engine }: { db: () => Promise<Db>; engine: { analyze: Analyze } }, req: NextRequest, caller: Pick<Caller, 'accountId' | 'fairShareKey'>,
): Promise<Response> {
  if (!req.headers.get('accept')?.toLowerCase().includes('application/json')) return refused('error.api.header.accept');
  if (!req.headers.get('content-type')?.toLowerCase().startsWith('application/json')) return refused('error.api.header.content_type');
  let raw: unknown;
  try {
    raw = await req.json();
  } catch {
    return refused('error.api.invalid_body');
  }
  const parsed = cobaltRequestSchema.safeParse(raw);
  if (!parsed.success) {
    const missingUrl = parsed.error.issues.some((issue) => issue.path[0] === 'url');
    return refused(missingUrl ? 'error.api.link.invalid' : 'error.api.invalid_body');
  }
  try {
    const { accountId: user, fairShareKey: owner } = caller;
    // An owner past the day's bytes hears it in cobalt's words now, not from a tunnel that would refuse later.
    await assertOwnerBytesLeft(await db(), owner);
    return cobaltJson(await processCobalt(parsed.data, { db, analyze: engine.analyze, origin: originFor(req.headers, req.nextUrl), signal: req.signal, user, owner }));
  } catch (error) {
    const appError = toAppError(error);
    if (appError.code === 'internal') console.error('[cobalt]', error);
    const body: CobaltError = toCobaltError(appError, serviceOf(parsed.data.url));
    return cobaltJson(body, appError.status);
  }
}
