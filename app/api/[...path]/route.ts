import { route } from '@/lib/auth/route';
import { AppError } from '@/lib/errors';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * Any API path that names no route: the JSON `not_found` envelope, for every method. Wrapped as an admin route so it
 * answers exactly as a hidden admin route answers a non-admin (404 before any other check) — an unknown path and
 * an admin route must be indistinguishable to everyone but an admin.
 */
const notFound = route({ auth: 'admin' }, () => {
  throw new AppError('not_found', 'Not found');
});

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
