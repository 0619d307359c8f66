import { NextResponse } from 'next/server';
import { route } from '@/lib/server';
import { buildAdminOpenApiDocument } from '@/lib/openapi/paths-admin';
import { originFor } from '@/lib/seo/site-url';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/admin/openapi.json → the admin API's OpenAPI document (unwrapped); admins only, 404 for everyone else. */
export const GET = route({ auth: 'admin' }, ({ req }) => NextResponse.json(buildAdminOpenApiDocument(originFor(req.headers, req.nextUrl))));

// Any other method answers as an API path that names no route does, so this route stays hidden.
export { unknownRoute as POST, unknownRoute as PUT, unknownRoute as PATCH, unknownRoute as DELETE, unknownRoute as OPTIONS } from '@/lib/server';
