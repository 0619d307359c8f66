import { NextResponse } from 'next/server';
import { route } from '@/lib/auth/route';
import { buildOpenApiDocument } from '@/lib/openapi/document';
import { siteUrl } from '@/lib/seo/site-url';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/openapi.json → the OpenAPI 3.1 document itself (not wrapped: tools read it as it is). */
export const GET = route({ auth: 'none' }, () =>
  NextResponse.json(buildOpenApiDocument(siteUrl()), { headers: { 'Cache-Control': 'public, max-age=300' } }),
);
