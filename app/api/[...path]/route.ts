import { unknownRoute } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * Any API path that names no route: the JSON `not_found` envelope, for every method (OPTIONS too, so Next does not
 * answer it with an `Allow` list; HEAD is GET's). An unknown path and a hidden admin route must be indistinguishable
 * to everyone but an admin (`unknownRoute` in lib/server.ts).
 */
export const GET = unknownRoute;
export const POST = unknownRoute;
export const PUT = unknownRoute;
export const PATCH = unknownRoute;
export const DELETE = unknownRoute;
export const OPTIONS = unknownRoute;
