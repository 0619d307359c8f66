import { storageReport } from '@/lib/admin/storage';
import { route, services } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/admin/storage → bytes on disk and prepared files per user; admins only, 404 for everyone else. */
export const GET = route({ auth: 'admin' }, async () => storageReport(await services().db(), Date.now()));

// Any other method answers as an API path that names no route does, so this route stays hidden.
export { unknownRoute as POST, unknownRoute as PUT, unknownRoute as PATCH, unknownRoute as DELETE, unknownRoute as OPTIONS } from '@/lib/server';
