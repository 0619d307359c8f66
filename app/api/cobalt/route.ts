import { route, services } from '@/lib/server';
import { answerCobalt } from '@/lib/cobalt/answer';
import { cobaltAnswers } from '@/lib/cobalt/cobalt-answers';
import { cobaltInstance } from '@/lib/cobalt/instance';
import { originFor } from '@/lib/seo/site-url';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * The cobalt-compatible API (docs/cobalt-api.md): POST a cobalt request → tunnel, redirect, picker or error, with
 * our API tokens (`Api-Key` or `Bearer`) and the public API's limits. It hands out the file, so a token needs the
 * `download` scope. GET is cobalt's instance info.
 */
export const POST = cobaltAnswers(route({ auth: 'api', scope: 'download', quota: { kind: 'api' } }, ({ req, caller }) => answerCobalt(services(), req, caller)));

export const GET = route({ auth: 'none', cors: true }, ({ req }) => Response.json(cobaltInstance(originFor(req.headers, req.nextUrl))));

/** A browser's preflight for a cross-origin call with a token. */
export { preflight as OPTIONS } from '@/lib/http/cors';
