import { NextResponse } from 'next/server';
import { route } from '@/lib/server';
import { buildOpenApiDocument } from '@/lib/openapi/document';
import { originFor } from '@/lib/seo/site-url';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/openapi.json → the OpenAPI 3.1 document itself (not wrapped: tools read it as it is). */
export const GET = route({ auth: 'none', cors: true }, ({ req }) =>
  NextResponse.json(buildOpenApiDocument(originFor(req.headers, req.nextUrl)), { headers: { 'Cache-Control': 'public, max-age=300' } }),
);

/** A browser's preflight for a cross-origin call with a Bearer token. */
export { preflight as OPTIONS } from '@/lib/http/cors';
